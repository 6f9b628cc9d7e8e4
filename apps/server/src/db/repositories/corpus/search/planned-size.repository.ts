import { sql } from 'kysely';
import type { IndexLookup } from '../../../../corpus/filters/index-lookups.ts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { Db } from '../../../database.ts';
import { lookupCondition } from '../../../filter-sql/index-lookup.ts';

// PostgreSQL: a lookup the planner's statistics already show to be large is not probed (decision 016, amendment of
// 2026-11-27, third). Even the bitmap probe builds the lookup's whole bitmap: at 10M records, 0.5-1.3 s for a common
// word or for `replies >= 3`, only to learn that the lookup is too large to drive from. The planner's
// estimate costs a millisecond, and it is trusted only where it rests on the table's statistics of that one
// condition: a single word (the tsvector column's most common elements), a count, score or creation-time range (the
// column's histogram). An AND of conditions is estimated as if they were independent, and two words that never meet
// would look common together; it is probed. So is a trigram literal: the planner's `ilike` estimate is no share of
// the rows that hold it (one row, for a literal every row of the test's table holds).
// A wrong "large" would cost a scan in result order for a lookup that was small, so the estimate must be many
// times the limit, and the table must have been analysed (before that, the estimates are fixed guesses).

/** How many times the limit the planner's estimate must be for the lookup to count as large without a probe. */
const LARGE_FACTOR = 10;

/** Whether the planner's estimate of the lookup's rows rests on statistics of the one condition it states. */
function isEstimable(lookup: IndexLookup): boolean {
  switch (lookup.kind) {
    case 'words':
      return lookup.terms.length === 1 && lookup.terms[0]!.tokens.length === 1;
    case 'count':
    case 'score':
    case 'created':
      return true;
    default:
      return false;
  }
}

async function isAnalyzed(db: Db, type: RecordType): Promise<boolean> {
  const { rows } = await sql<{ analyzed: boolean }>`select exists (
      select 1 from pg_statistic where starelid = ${sql.lit(type)}::regclass) as analyzed`.execute(db);
  return rows[0]?.analyzed === true;
}

/** The rows the planner expects `select 1 from <type> where <lookup>` to return. */
async function plannedRows(db: Db, type: RecordType, lookup: IndexLookup): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>`explain (format json)
    select 1 from ${sql.table(type)} where ${lookupCondition(lookup, type)}`.execute(db);
  return rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/** The parts whose rows the lookup lists all of: a union lists every part's, any other lookup its own. */
const wholeParts = (lookup: IndexLookup): IndexLookup[] =>
  lookup.kind === 'union' ? lookup.parts.flatMap(wholeParts) : [lookup];

/**
 * PostgreSQL: whether the planner's statistics show that the lookup lists far more than `limit` rows (a union: one of
 * its parts does). False means "not known", never "small": the caller probes.
 */
export async function isKnownLarge(
  db: Db,
  type: RecordType,
  lookup: IndexLookup,
  limit: number,
): Promise<boolean> {
  const parts = wholeParts(lookup).filter(isEstimable);
  if (parts.length === 0 || !(await isAnalyzed(db, type))) return false;
  for (const part of parts) if ((await plannedRows(db, type, part)) >= LARGE_FACTOR * limit) return true;
  return false;
}
