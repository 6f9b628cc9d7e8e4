import {
  EXPIRES_SOON_DAYS,
  LEDGER_PAGE_SIZE,
  type CreditsSummaryResponse,
  type LedgerPageResponse,
} from '@threadcart/contracts';
import { countLedgerEntries, listLedgerPage } from '../../db/repositories/account/account.repository.ts';
import { listSpendableLots } from '../../db/repositories/payments/credits.repository.ts';
import type { Deps } from '../../deps.ts';
import { addDays } from '../../lib/clock.ts';

/**
 * The spendable balance as its lots, the one that expires first first, each with what it was granted and whether
 * it expires within EXPIRES_SOON_DAYS; the balance is the sum of the lots, so the two always agree.
 */
export async function getCreditsSummary(deps: Deps, userId: string): Promise<CreditsSummaryResponse> {
  const now = deps.clock.now();
  const soon = addDays(now, EXPIRES_SOON_DAYS).toISOString();
  const lots = (await listSpendableLots(deps.db, userId, now.toISOString())).map((lot) => ({
    id: lot.id,
    source: lot.source,
    credits_granted: Number(lot.credits_granted),
    credits_left: Number(lot.credits_left),
    created_at: lot.created_at,
    expires_at: lot.expires_at,
    expires_soon: lot.expires_at <= soon,
  }));
  return {
    credits: lots.reduce((sum, lot) => sum + lot.credits_left, 0),
    lots,
    expiring_soon_credits: lots.filter((l) => l.expires_soon).reduce((sum, l) => sum + l.credits_left, 0),
  };
}

/** One page of the user's ledger, newest first, with the total number of entries. */
export async function getLedgerPage(deps: Deps, userId: string, page: number): Promise<LedgerPageResponse> {
  const [entries, total] = await Promise.all([
    listLedgerPage(deps.db, userId, { limit: LEDGER_PAGE_SIZE, offset: (page - 1) * LEDGER_PAGE_SIZE }),
    countLedgerEntries(deps.db, userId),
  ]);
  return { entries, page, page_size: LEDGER_PAGE_SIZE, total };
}
