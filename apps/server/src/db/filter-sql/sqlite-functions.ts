import type SQLite from 'better-sqlite3';
import { regexMatches } from '../../corpus/filters/regex.ts';

/** Registers re2_match(pattern, text) → 1/0 on a SQLite connection: the engine's regex rules run in RE2 there. */
export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  sqlite.function('re2_match', { deterministic: true }, (pattern: unknown, text: unknown) =>
    typeof pattern === 'string' && typeof text === 'string' && regexMatches(pattern, text) ? 1 : 0,
  );
}
