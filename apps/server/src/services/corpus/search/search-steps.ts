import { CheckStoppedError } from '../../../corpus/reference/evaluate.ts';
import type { Db } from '../../../db/database.ts';
import { StatementDeadlineError, withStatementDeadline } from '../../../db/filter-sql/statement-deadline.ts';

// The steps every plan of the search is made of: a statement that stops at the deadline, a check of the clock between
// rows checked in Node, and a turn of the event loop between statements (decision 016).

/** How long a search may run and who may stop it; a scan reports its progress from 0 to 1. */
export interface SearchLimits {
  /** Date.now() after which a search returns what it has (isComplete false) */
  readonly deadline?: number;
  /** Date.now() past which even a step that always runs (an estimate's first batch) stops: a dry run's cutoff */
  readonly cutoff?: number;
  /** aborting throws the signal's reason between two statements */
  readonly signal?: AbortSignal;
  readonly onProgress?: (fraction: number) => void;
}

export const isPast = (limits: SearchLimits) =>
  limits.deadline !== undefined && Date.now() >= limits.deadline;

/** Runs one statement that stops at the deadline; undefined when it did (the caller returns what it has). */
export async function untilDeadline<T>(
  db: Db,
  limits: SearchLimits,
  run: (db: Db) => Promise<T>,
): Promise<T | undefined> {
  try {
    return await withStatementDeadline(db, limits.deadline, run);
  } catch (error) {
    if (error instanceof StatementDeadlineError) return undefined;
    throw error;
  }
}

/**
 * The rows the reference check keeps, checking the clock before every row and between a row's regex rules: a
 * hostile pattern costs milliseconds a row, ten OR'd ones tens (a check every 64 rows let a dry run run seconds past
 * its budget, decision 035).
 */
export function keepUntil<R>(
  rows: readonly R[],
  keep: (row: R, shouldStop?: () => boolean) => boolean,
  limits: SearchLimits,
  max = Infinity,
) {
  const kept: R[] = [];
  const shouldStop = limits.deadline === undefined ? undefined : () => isPast(limits);
  for (let i = 0; i < rows.length && kept.length < max; i++) {
    if (i > 0 && isPast(limits)) return { kept, isComplete: false };
    try {
      if (keep(rows[i]!, shouldStop)) kept.push(rows[i]!);
    } catch (error) {
      if (error instanceof CheckStoppedError) return { kept, isComplete: false };
      throw error;
    }
  }
  return { kept, isComplete: true };
}

/** Stops an aborted search; yields to the event loop so that an abort (or another request) gets its turn. */
export async function checkpoint(limits: SearchLimits): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  limits.signal?.throwIfAborted();
}
