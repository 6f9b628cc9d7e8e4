import type SQLite from 'better-sqlite3';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { regexMatches } from '../../corpus/filters/regex.ts';

/** A statement stopped because it ran past its deadline (see statement-deadline.ts). */
export class StatementDeadlineError extends Error {
  constructor() {
    super('the statement ran past its deadline');
  }
}

// The deadline of the SQLite statements running in this thread or process. A search statement that reads many rows
// calls re2_match per row when it has a regex, and that is where a long statement spends its time: checking the
// clock there stops it within a row of the deadline (better-sqlite3 has no interrupt).
let statementDeadline: number | undefined;

/** Sets the deadline re2_match enforces in this thread; returns the previous one. */
export function setSqliteStatementDeadline(deadline: number | undefined): number | undefined {
  const previous = statementDeadline;
  statementDeadline = deadline;
  return previous;
}

function checkDeadline(): void {
  if (statementDeadline !== undefined && Date.now() >= statementDeadline) throw new StatementDeadlineError();
}

/**
 * `within_deadline(rowid) = 1` while a deadline is set in this thread (a statement is built inside its deadline), and
 * nothing otherwise: an order's search in the worker pays no call per row.
 */
export function withinDeadline(rowid: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return statementDeadline === undefined ? sql<SqlBool>`1 = 1` : sql<SqlBool>`within_deadline(${rowid}) = 1`;
}

/**
 * Registers on a SQLite connection re2_match(pattern, text) → 1/0 (the engine's regex rules run in RE2 there) and
 * within_deadline(rowid) → 1, for statements with no regex whose time goes to rows: a count of an FTS5 phrase checks
 * positions in the doclists of its words (2.5 s for "big data" at 10M records), and stops when this throws.
 */
export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  sqlite.function('re2_match', { deterministic: true }, (pattern: unknown, text: unknown) => {
    checkDeadline();
    return typeof pattern === 'string' && typeof text === 'string' && regexMatches(pattern, text) ? 1 : 0;
  });
  // Not deterministic, and given the row: evaluated for every row, never folded into a constant.
  sqlite.function('within_deadline', { deterministic: false }, (_rowid: unknown) => {
    checkDeadline();
    return 1;
  });
}
