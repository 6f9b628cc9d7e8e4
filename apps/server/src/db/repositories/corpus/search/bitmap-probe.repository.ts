import { sql, type RawBuilder } from 'kysely';
import type { IndexLookup } from '../../../../corpus/filters/index-lookups.ts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { Db } from '../../../database.ts';
import { lookupCondition } from '../../../filter-sql/index-lookup.ts';
import { isKnownLarge } from './planned-size.repository.ts';

// PostgreSQL: the size of an index lookup from its bitmap alone (decision 016, amendment of 2026-11-27). A lookup's
// probe asks "does it list at most N rows?"; counting its rows reads each candidate's heap row for the recheck, N
// random reads (2 s for the 89,000 of a listing's limit at 10M records), only to learn that the lookup is too large.
// The bitmap index scans under `limit 1` build the whole bitmap from the index (posting lists, no heap) and report
// how many row pointers they found; the heap is read for one row. What they report is an upper bound of the rows
// the lookup lists (before the recheck, AND as the least of its parts, OR as their sum).

/** Memory for the probe's bitmap: enough to keep a row pointer per row for millions of rows, never lossy pages. */
const PROBE_WORK_MEM = '64MB';

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Actual Rows'?: number;
  readonly 'Actual Loops'?: number;
  readonly 'Lossy Heap Blocks'?: number;
  readonly Plans?: readonly PlanNode[];
}

/** Row pointers a bitmap subtree found: undefined when it is not one (another plan was chosen). */
function bitmapRows(node: PlanNode): number | undefined {
  const children = (node.Plans ?? []).map(bitmapRows);
  if (children.some((n) => n === undefined)) return undefined;
  const counts = children as number[];
  switch (node['Node Type']) {
    case 'Bitmap Index Scan':
      return node['Actual Loops'] === 1 ? (node['Actual Rows'] ?? undefined) : undefined;
    case 'BitmapAnd':
      return counts.length > 0 ? Math.min(...counts) : undefined;
    case 'BitmapOr':
      return counts.length > 0 ? counts.reduce((sum, n) => sum + n, 0) : undefined;
    default:
      return undefined;
  }
}

/** The Bitmap Heap Scan of a plan (under its Limit, Aggregate, …), when it has exactly one. */
function findBitmapHeapScan(node: PlanNode): PlanNode | undefined {
  if (node['Node Type'] === 'Bitmap Heap Scan') return node;
  const found = (node.Plans ?? []).map(findBitmapHeapScan).filter((n) => n !== undefined);
  return found.length === 1 ? found[0] : undefined;
}

/**
 * How many rows `select 1 from … where <lookup>` may list, read from the bitmap its index scans build (an upper
 * bound), or undefined when PostgreSQL chose another plan or a lossy bitmap; the caller then counts the rows. Runs in
 * the caller's transaction, whose plan settings make the lookup a bitmap scan.
 */
export async function countBitmapCandidates(trx: Db, rows: RawBuilder<unknown>): Promise<number | undefined> {
  await sql`select set_config('work_mem', ${PROBE_WORK_MEM}, true)`.execute(trx);
  const { rows: plan } = await sql<{
    'QUERY PLAN': { Plan: PlanNode }[];
  }>`explain (analyze, timing off, costs off, format json) select * from (${rows}) probed limit 1`.execute(
    trx,
  );
  const root = plan[0]?.['QUERY PLAN'][0]?.Plan;
  const heap = root && findBitmapHeapScan(root);
  if (!heap || (heap['Lossy Heap Blocks'] ?? 0) > 0 || !heap.Plans || heap.Plans.length !== 1)
    return undefined;
  return bitmapRows(heap.Plans[0]!);
}

/**
 * PostgreSQL: how many rows a lookup lists, up to `limit` (an upper bound): `limit` at once when the planner's
 * statistics show it is large, else read from its bitmap, else counted. Runs in the caller's transaction, whose plan
 * settings make the lookup a bitmap scan.
 */
export async function probeLookupPostgres(
  trx: Db,
  type: RecordType,
  lookup: IndexLookup,
  limit: number,
): Promise<number> {
  if (await isKnownLarge(trx, type, lookup, limit)) return limit;
  const rows = sql`select 1 from ${sql.table(type)} where ${lookupCondition(lookup, type)}`;
  const candidates = await countBitmapCandidates(trx, rows);
  if (candidates !== undefined) return Math.min(candidates, limit);
  const { rows: counted } = await sql<{
    n: string;
  }>`select count(*) as n from (${rows} limit ${limit}) r`.execute(trx);
  return Number(counted[0]?.n ?? 0);
}
