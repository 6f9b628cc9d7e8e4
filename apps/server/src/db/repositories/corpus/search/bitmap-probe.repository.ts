import { sql, type RawBuilder } from 'kysely';
import type { IndexLookup } from '../../../../corpus/filters/index-lookups.ts';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { Db } from '../../../database.ts';
import { lookupCondition } from '../../../filter-sql/index-lookup.ts';
import { isKnownLarge } from './planned-size.repository.ts';

/** The partitions of a partitioned corpus table, or undefined for a plain one. */
async function listLeafPartitions(trx: Db, type: RecordType): Promise<string[] | undefined> {
  const { rows } = await sql<{ name: string | null }>`select c.relname as name from pg_class p
    left join pg_inherits i on i.inhparent = p.oid left join pg_class c on c.oid = i.inhrelid
    where p.oid = ${sql.lit(type)}::regclass and p.relkind = 'p' order by c.relname`.execute(trx);
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) => (r.name ? [r.name] : []));
}

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

/** The Bitmap Heap Scans of a plan (under its Limit, Aggregate, Append of partitions, …). */
function findBitmapHeapScans(node: PlanNode): PlanNode[] {
  if (node['Node Type'] === 'Bitmap Heap Scan') return [node];
  return (node.Plans ?? []).flatMap(findBitmapHeapScans);
}

/** The row pointers of the plan's bitmaps: undefined unless it has `expected` bitmap heap scans, none lossy. */
function sumBitmapRows(root: PlanNode | undefined, expected: number): number | undefined {
  const heaps = root ? findBitmapHeapScans(root) : [];
  if (heaps.length !== expected) return undefined;
  let sum = 0;
  for (const heap of heaps) {
    if ((heap['Lossy Heap Blocks'] ?? 0) > 0 || !heap.Plans || heap.Plans.length !== 1) return undefined;
    const rows = bitmapRows(heap.Plans[0]!);
    if (rows === undefined) return undefined;
    sum += rows;
  }
  return sum;
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
  return sumBitmapRows(plan[0]?.['QUERY PLAN'][0]?.Plan, 1);
}

/**
 * A partitioned table (decision 041): each partition's bitmap built under a `limit 1` of its own, in one statement
 * (under one `limit 1` over the parent, only the first partition's bitmap would be built), summed.
 */
async function countPartitionCandidates(
  trx: Db,
  type: RecordType,
  lookup: IndexLookup,
  partitions: readonly string[],
): Promise<number | undefined> {
  if (partitions.length === 0) return 0;
  await sql`select set_config('work_mem', ${PROBE_WORK_MEM}, true)`.execute(trx);
  const branches = partitions.map(
    (name) =>
      sql`(select 1 from ${sql.table(name)} as ${sql.table(type)} where ${lookupCondition(lookup, type)} limit 1)`,
  );
  const { rows: plan } = await sql<{
    'QUERY PLAN': { Plan: PlanNode }[];
  }>`explain (analyze, timing off, costs off, format json) ${sql.join(branches, sql` union all `)}`.execute(
    trx,
  );
  return sumBitmapRows(plan[0]?.['QUERY PLAN'][0]?.Plan, partitions.length);
}

/**
 * The row pointers the lookup's bitmaps find (an upper bound of its rows): one bitmap for a plain table, one per
 * partition for a partitioned one; undefined when PostgreSQL chose another plan or a lossy bitmap.
 */
export async function countLookupCandidates(
  trx: Db,
  type: RecordType,
  lookup: IndexLookup,
): Promise<number | undefined> {
  const partitions = await listLeafPartitions(trx, type);
  if (partitions !== undefined) return countPartitionCandidates(trx, type, lookup, partitions);
  return countBitmapCandidates(
    trx,
    sql`select 1 from ${sql.table(type)} where ${lookupCondition(lookup, type)}`,
  );
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
  const candidates = await countLookupCandidates(trx, type, lookup);
  if (candidates !== undefined) return Math.min(candidates, limit);
  const { rows: counted } = await sql<{
    n: string;
  }>`select count(*) as n from (${rows} limit ${limit}) r`.execute(trx);
  return Number(counted[0]?.n ?? 0);
}
