import { sql } from 'kysely';
import type { RecordType } from '../../../../corpus/filters/prepare.ts';
import type { Db } from '../../../database.ts';
import type { RowCondition } from '../../../filter-sql/row-condition.ts';
import {
  columnsOf,
  drivenByOrder,
  inOrder,
  inRange,
  keyOf,
  orderBy,
  segmentsBetween,
  toRecord,
  type KeyRange,
  type RecordOf,
  type ScanKey,
  type ScanOrder,
} from './corpus-search.repository.ts';

/** A record with its position in the scan order: where a keyset walk resumes after it. */
export interface KeyedRecord<T extends RecordType> {
  readonly record: RecordOf<T>;
  readonly key: ScanKey;
}

/**
 * The rows after `from` up to `to` (to the end of the range when undefined) that pass the condition, in order, each
 * with its scan key (as text first: the sample key and most_discussed's key exceed a JavaScript number's 53 bits).
 * The large orders' keyset walk (docs/decisions/045-large-orders.md): a resumed walk starts after the last key it
 * wrote, so no OFFSET and no list of ids.
 */
export async function selectKeyedChunkRows<T extends RecordType>(
  db: Db,
  type: T,
  row: RowCondition,
  chunk: { order: ScanOrder; from: ScanKey | undefined; to: ScanKey | undefined; range: KeyRange },
): Promise<KeyedRecord<T>[]> {
  const { order } = chunk;
  const key = keyOf(order, type);
  const { rows } = await drivenByOrder(db, (trx) =>
    inOrder(
      segmentsBetween(order, type, chunk.from, chunk.to),
      (where) => sql`select ${columnsOf(type)}, ${key} as scan_key, cast(${key} as text) as scan_key_text
        from ${sql.table(type)}
        where ${where} and ${inRange(order, type, chunk.range)} and (${row.where}) ${orderBy(order, key)}`,
      orderBy(order, sql.ref('scan_key')),
      { member: sql``, whole: sql`` },
    ).execute(trx),
  );
  return rows.map((raw) => {
    const { scan_key_text: text, ...rest } = raw;
    return { record: toRecord<T>(rest), key: { value: BigInt(String(text)), id: String(raw.id) } };
  });
}
