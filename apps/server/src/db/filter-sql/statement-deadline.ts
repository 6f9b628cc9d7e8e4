import { sql } from 'kysely';
import { dialectOf, withTransaction, type Db } from '../database.ts';
import { setSqliteStatementDeadline, StatementDeadlineError } from './sqlite-functions.ts';

export { StatementDeadlineError } from './sqlite-functions.ts';

/** PostgreSQL's query_canceled: a statement_timeout, or a cancel request (a dry run's cutoff, decision 035). */
const QUERY_CANCELED = '57014';

/** True when the error is a statement the database stopped: past its timeout, or cancelled from another session. */
export const isStatementCancelled = (error: unknown) =>
  error instanceof StatementDeadlineError || (error as { code?: string }).code === QUERY_CANCELED;

/**
 * Runs one statement (or a few) that the database stops at the deadline, throwing StatementDeadlineError. SQLite:
 * re2_match checks the clock per row (one search at a time per thread or process). PostgreSQL: the statement runs
 * in a transaction whose `statement_timeout` is the time left, so the server cancels it itself.
 */
export async function withStatementDeadline<T>(
  db: Db,
  deadline: number | undefined,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  if (deadline === undefined) return run(db);
  const left = Math.floor(deadline - Date.now());
  if (left <= 0) throw new StatementDeadlineError();
  if (dialectOf(db) === 'sqlite') {
    const previous = setSqliteStatementDeadline(deadline);
    try {
      return await run(db);
    } finally {
      setSqliteStatementDeadline(previous);
    }
  }
  try {
    return await withTransaction(db, async (trx) => {
      await sql`select set_config('statement_timeout', ${String(left)}, true)`.execute(trx);
      return run(trx);
    });
  } catch (error) {
    if ((error as { code?: string }).code === QUERY_CANCELED) throw new StatementDeadlineError();
    throw error;
  }
}
