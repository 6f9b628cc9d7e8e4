import { ACCOUNT_MESSAGES, type DataExport } from '@threadcart/contracts';
import { withTransaction } from '../../db/database.ts';
import {
  claimNextAccountExport,
  completeAccountExport,
  countOpenAccountExports,
  failAccountExportAttempt,
  findUserAccountExport,
  insertAccountExport,
  listExpiredAccountExports,
  listUserAccountExports,
  markAccountExportExpired,
  type AccountExportRow,
} from '../../db/repositories/account/account-exports.repository.ts';
import { findUserById } from '../../db/repositories/auth/users.repository.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { addDays } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { getMailer } from '../operations/mail.service.ts';
import { writeExportZip } from './export-archive.ts';

/** A worker holds an export this long; a worker that dies lets another take it after. */
const EXPORT_LEASE_MS = 10 * 60_000;
const MAX_EXPORT_ATTEMPTS = 3;

export function toDataExport(row: AccountExportRow): DataExport {
  return {
    id: row.id,
    state: row.status,
    created_at: row.created_at,
    completed_at: row.completed_at,
    expires_at: row.expires_at,
    file_size: row.file_size === null ? null : Number(row.file_size),
    download_url: row.status === 'ready' ? `/api/users/me/export/${row.id}/download/` : null,
  };
}

/** Queues a data export for the worker; one open export per user at a time (409 otherwise). */
export async function requestDataExport(deps: Deps, userId: string): Promise<DataExport> {
  if ((await countOpenAccountExports(deps.db, userId)) > 0)
    throw conflict(ACCOUNT_MESSAGES.exportTooSoon, 'export_in_progress');
  const now = deps.clock.now();
  const row = await insertAccountExport(deps.db, {
    id: newId(now.getTime()),
    userId,
    nowIso: now.toISOString(),
  });
  return toDataExport(row);
}

/** The user's exports, newest first. */
export async function listDataExports(deps: Deps, userId: string): Promise<DataExport[]> {
  return (await listUserAccountExports(deps.db, userId)).map(toDataExport);
}

/** The ZIP of one of the user's ready exports as a stream; 404 for another user's, 409 while not ready. */
export async function openDataExport(deps: Deps, userId: string, exportId: string) {
  const row = await findUserAccountExport(deps.db, userId, exportId);
  if (!row) throw notFound();
  if (row.status === 'expired') throw new AppError(410, ACCOUNT_MESSAGES.exportExpired, 'export_expired');
  if (row.status !== 'ready' || !row.file_key)
    throw conflict(ACCOUNT_MESSAGES.exportNotReady, 'export_not_ready');
  const file = await deps.storage.open(row.file_key);
  if (!file) throw new AppError(410, ACCOUNT_MESSAGES.exportExpired, 'export_expired');
  const day = row.created_at.slice(0, 10);
  return { ...file, fileName: `threadcart-data-${day}.zip` };
}

/**
 * Claims the oldest runnable export and builds its ZIP into storage, then marks it ready and mails the user a
 * link through the outbox (in one transaction). Returns false when there was nothing to do. If the export (or the
 * account) was deleted meanwhile, the file is deleted again.
 */
export async function buildNextDataExport(deps: Deps, workerId: string): Promise<boolean> {
  const now = deps.clock.now();
  const claimed = await claimNextAccountExport(deps.db, {
    workerId,
    nowIso: now.toISOString(),
    leaseExpiresAt: new Date(now.getTime() + EXPORT_LEASE_MS).toISOString(),
  });
  if (!claimed) return false;
  const tempPrefix = `export-${claimed.id}`;
  const fileKey = `export-${claimed.id}.zip`;
  try {
    const tempPath = await deps.storage.tempPath(tempPrefix);
    await writeExportZip(deps, claimed.user_id, tempPath);
    const { size } = await deps.storage.commit(tempPath, fileKey);
    const doneAt = deps.clock.now();
    const isDone = await withTransaction(deps.db, async (trx) => {
      const done = await completeAccountExport(trx, {
        id: claimed.id,
        workerId,
        fileKey,
        fileSize: size,
        nowIso: doneAt.toISOString(),
        expiresAt: addDays(doneAt, deps.config.retentionDays).toISOString(),
      });
      const user = done ? await findUserById(trx, claimed.user_id) : undefined;
      if (user) {
        await getMailer(deps, trx).send({
          to: user.email,
          subject: 'Your Threadcart data is ready',
          body: [
            `Hello ${user.username},`,
            '',
            'The copy of your data you asked for is ready. Download it from your account page:',
            `${deps.config.appUrl}/account#your-data`,
            '',
            `The file is kept ${deps.config.retentionDays} days.`,
          ].join('\n'),
        });
      }
      return done;
    });
    if (!isDone) await deps.storage.delete(fileKey);
  } catch (err) {
    deps.logger.error({ err, exportId: claimed.id }, 'data export failed');
    await deps.storage.removeTemps(tempPrefix).catch(() => 0);
    await failAccountExportAttempt(deps.db, {
      id: claimed.id,
      workerId,
      error: 'The export could not be built.',
      isFinal: claimed.attempts >= MAX_EXPORT_ATTEMPTS,
      nowIso: deps.clock.now().toISOString(),
    });
  }
  return true;
}

/** Deletes the ZIPs of exports past their retention and marks them expired; returns how many. */
export async function expireDataExports(deps: Deps, batchSize = 200): Promise<number> {
  const nowIso = deps.clock.now().toISOString();
  const rows = await listExpiredAccountExports(deps.db, nowIso, batchSize);
  for (const row of rows) {
    if (row.file_key) await deps.storage.delete(row.file_key);
    await markAccountExportExpired(deps.db, row.id, nowIso);
  }
  return rows.length;
}
