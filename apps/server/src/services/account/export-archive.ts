import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import {
  findProfileRow,
  listAllUserLots,
  listAllUserOrders,
  listApiKeyMetadata,
  listUserPaymentAdjustments,
  listUserPaymentRows,
} from '../../db/repositories/account/account.repository.ts';
import { listLedgerEntries } from '../../db/repositories/payments/credits.repository.ts';
import { listUserSchedules } from '../../db/repositories/orders/schedules.repository.ts';
import { listUserWebhookEndpoints } from '../../db/repositories/operations/webhook-endpoints.repository.ts';
import type { Deps } from '../../deps.ts';
import { toOrder } from '../orders/orders.service.ts';
import { scheduledRequest, toSchedule } from '../orders/schedules.service.ts';
import { toAccountPayment } from './account-payments.service.ts';

/** The files of a data export, in the order they are written; each is JSON but the README. */
export const EXPORT_ENTRIES = [
  'README.txt',
  'profile.json',
  'orders.json',
  'payments.json',
  'credit_lots.json',
  'ledger.json',
  'api_keys.json',
  'webhooks.json',
  'schedules.json',
  'page_views.json',
] as const;

const readme = (retentionDays: number) => `Your Threadcart data

profile.json     your account: username, name, e-mail, when you joined
orders.json      every order you placed (search history) with its filter tree; the delivered files themselves are
                 downloaded from the orders page while they are kept (${retentionDays} days)
payments.json    every payment with its refunds or reversals
credit_lots.json every lot of credits you were granted, with what is left and when it expires
ledger.json      every change of your balance: grants, reservations, releases, expiries, clawbacks
api_keys.json    your API keys' names, prefixes and times (never the keys: only a hash of each is stored)
webhooks.json    your webhook endpoints' addresses, descriptions and times (never their signing secrets)
schedules.json   your scheduled orders: how often, the order each run places, their last run
page_views.json  page views linked to you: none, because page views are counted without a user or an IP address
`;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** Everything the export holds about one user, as plain JSON values keyed by file name. */
export async function collectExportData(deps: Deps, userId: string): Promise<Record<string, unknown>> {
  const db = deps.db;
  const [profile, orders, payments, adjustments, lots, ledger, keys, webhooks, schedules] = await Promise.all(
    [
      findProfileRow(db, userId),
      listAllUserOrders(db, userId),
      listUserPaymentRows(db, userId),
      listUserPaymentAdjustments(db, userId),
      listAllUserLots(db, userId),
      listLedgerEntries(db, userId),
      listApiKeyMetadata(db, userId),
      listUserWebhookEndpoints(db, userId),
      listUserSchedules(db, userId),
    ],
  );
  if (!profile) throw new Error(`no user ${userId}`);
  return {
    'profile.json': {
      id: profile.id,
      username: profile.username,
      name: profile.name,
      email: profile.email,
      date_joined: profile.created_at,
      exported_at: deps.clock.now().toISOString(),
    },
    'orders.json': orders.map(toOrder),
    'payments.json': payments.map((row) => ({
      ...toAccountPayment(row),
      refunds: adjustments
        .filter((a) => a.payment_id === row.id)
        .map((a) => ({
          kind: a.kind,
          created_at: a.created_at,
          amount_cents: Number(a.amount_cents),
          credits_taken: Number(a.credits_taken),
        })),
    })),
    'credit_lots.json': lots.map((lot) => ({
      id: lot.id,
      source: lot.source,
      credits_granted: Number(lot.credits_granted),
      credits_left: Number(lot.credits_left),
      created_at: lot.created_at,
      expires_at: lot.expires_at,
    })),
    'ledger.json': ledger.map((e) => ({
      id: e.id,
      created_at: e.created_at,
      kind: e.kind,
      delta: Number(e.delta),
      lot_id: e.lot_id,
      reservation_id: e.reservation_id,
      note: e.note,
    })),
    'api_keys.json': keys,
    'webhooks.json': webhooks.map((w) => ({
      id: w.id,
      url: w.url,
      description: w.description,
      created_at: w.created_at,
    })),
    'schedules.json': schedules.map((row) => ({ ...toSchedule(row), request: scheduledRequest(row) })),
    'page_views.json': [],
  };
}

/** Writes the user's data as a ZIP to `targetPath`, streaming it to disk. */
export async function writeExportZip(deps: Deps, userId: string, targetPath: string): Promise<void> {
  const data = await collectExportData(deps, userId);
  const zip = new yazl.ZipFile();
  const mtime = deps.clock.now();
  for (const name of EXPORT_ENTRIES) {
    const body =
      name === 'README.txt' ? Buffer.from(readme(deps.config.retentionDays), 'utf8') : json(data[name]);
    zip.addBuffer(body, `threadcart-data/${name}`, { mtime });
  }
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(targetPath));
}
