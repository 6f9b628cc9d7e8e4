import {
  ORDER_MESSAGES,
  type FilterTree,
  type ScanEstimate,
  type SearchType,
  type SortOrder,
} from '@threadcart/contracts';
import type { Db } from '../../db/database.ts';
import { snapshotCorpus } from '../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import { sumScanRecordsSince } from '../../db/repositories/orders/orders.repository.ts';
import type { OrderLane } from '../../db/tables/orders.tables.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { fullScanTypes } from '../corpus/search/scan-lane.ts';

// The scan lane and the daily scan budget (docs/decisions/038-scan-lane-and-budget.md).

/** An order's lane and what it reads: for the scan lane, every stored record of the types no index narrows. */
export interface LanePlan {
  readonly lane: OrderLane;
  readonly scanRecords: number;
}

/** Classifies a search at placement (and for the dry run): the scan lane when no index narrows a type it asks for. */
export async function planLane(
  db: Db,
  query: { filters: FilterTree; searchType: SearchType; sort: SortOrder },
): Promise<LanePlan> {
  const types = fullScanTypes(db, query.filters, query.searchType, query.sort);
  if (types.length === 0) return { lane: 'indexed', scanRecords: 0 };
  // corpus_totals: four rows, kept by ingest batch by batch (not a count of the corpus).
  const totals = await snapshotCorpus(db);
  const scanRecords = types.reduce(
    (sum, type) => sum + totals[type].real.records + totals[type].sample.records,
    0,
  );
  return { lane: 'scan', scanRecords };
}

/** A user's scan budget today (UTC): what it allows, what is left, when it starts again. */
export async function getScanBudget(deps: Deps, db: Db, userId: string, now: Date) {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const resetsAt = new Date(dayStart.getTime() + 86_400_000);
  const budget = deps.config.scan.recordsPerUserPerDay;
  const spent = await sumScanRecordsSince(db, userId, dayStart.toISOString());
  return { budget, left: Math.max(0, budget - spent), resetsAt };
}

/** What the dry run says of a full-scan search: the records it reads, about how long, and the budget left. */
export async function describeScan(
  deps: Deps,
  userId: string,
  plan: LanePlan,
  now: Date,
): Promise<ScanEstimate | undefined> {
  if (plan.lane !== 'scan') return undefined;
  const { budget, left, resetsAt } = await getScanBudget(deps, deps.db, userId, now);
  return {
    records: plan.scanRecords,
    seconds: Math.max(1, Math.ceil(plan.scanRecords / deps.config.scan.recordsPerSecond)),
    budget_left: left,
    budget,
    budget_resets_at: resetsAt.toISOString(),
  };
}

/**
 * Refuses a scan-lane order its user's budget cannot pay for today: 429 scan_budget_spent saying what is left and
 * when it resets, Retry-After the seconds until then. Called inside the placement's transaction after the user's row
 * is locked, so two API processes cannot both spend the last of it.
 */
export async function assertScanBudget(
  deps: Deps,
  db: Db,
  userId: string,
  plan: LanePlan,
  now: Date,
): Promise<void> {
  if (plan.lane !== 'scan') return;
  const { left, resetsAt } = await getScanBudget(deps, db, userId, now);
  if (plan.scanRecords <= left) return;
  const resetsIn = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
  throw new AppError(
    429,
    ORDER_MESSAGES.scanBudgetSpent(
      plan.scanRecords,
      left,
      `${resetsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ),
    'scan_budget_spent',
    { 'retry-after': String(resetsIn) },
  );
}
