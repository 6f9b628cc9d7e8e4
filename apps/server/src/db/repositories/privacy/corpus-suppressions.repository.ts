import type { Db } from '../../database.ts';
import type { SuppressionKind } from '../../tables/privacy.tables.ts';

/** Adds suppressions (an existing one keeps its first request). */
export async function insertSuppressions(
  db: Db,
  rows: readonly { kind: SuppressionKind; value: string }[],
  requestId: string,
  nowIso: string,
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await db
      .insertInto('corpus_suppressions')
      .values(chunk.map((row) => ({ ...row, request_id: requestId, created_at: nowIso })))
      .onConflict((oc) => oc.columns(['kind', 'value']).doNothing())
      .execute();
  }
}

/** Every suppression, by kind (read once per ingest: one row per removed record or author, a small table). */
export async function listSuppressions(db: Db): Promise<Record<SuppressionKind, Set<string>>> {
  const rows = await db.selectFrom('corpus_suppressions').select(['kind', 'value']).execute();
  const sets: Record<SuppressionKind, Set<string>> = {
    post: new Set(),
    comment: new Set(),
    author: new Set(),
  };
  for (const row of rows) sets[row.kind].add(row.value);
  return sets;
}

/**
 * What removals took out of the corpus (an order manifest's corpus snapshot): the records erased by approved
 * requests, and the record ids and authors that no ingest stores again.
 */
export async function countSuppressions(
  db: Db,
): Promise<{ recordsErased: number; records: number; authors: number }> {
  const erased = await db
    .selectFrom('removal_requests')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('records_erased'), eb.lit(0)).as('n'))
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('corpus_suppressions')
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .execute();
  const count = (kind: SuppressionKind) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return {
    recordsErased: Number(erased.n),
    records: count('post') + count('comment'),
    authors: count('author'),
  };
}
