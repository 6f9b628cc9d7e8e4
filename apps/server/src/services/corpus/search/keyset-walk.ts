import type { RecordType } from '../../../corpus/filters/prepare.ts';
import type { Db } from '../../../db/database.ts';
import {
  findChunkEnd,
  type ScanKey,
} from '../../../db/repositories/corpus/search/corpus-search.repository.ts';
import {
  selectKeyedChunkRows,
  type KeyedRecord,
} from '../../../db/repositories/corpus/search/keyset-pages.repository.ts';
import { checkpoint } from './search-steps.ts';
import type { TypeSearch } from './type-search.ts';

/** Index entries one statement of the walk reads: a page of rows, never more (docs/decisions/045-large-orders.md). */
export const WALK_CHUNK_ROWS = 500;

/** Where a walk stands: the key range it is in (random has two) and the last key it gave out (none: the start). */
export interface WalkPosition {
  readonly rangeIndex: number;
  readonly after: ScanKey | undefined;
}

export const WALK_START: WalkPosition = { rangeIndex: 0, after: undefined };

/**
 * One type's matches in the search's order, from `position` on, page by page: each statement reads the next
 * WALK_CHUNK_ROWS entries of the order's index after the last key (a keyset page: no OFFSET over results, no list of
 * ids), keeps the rows that pass the condition (and the reference check when the SQL is a superset), and yields them
 * with their keys. Memory holds one page; `signal` stops it between pages.
 */
export async function* walkMatches<T extends RecordType>(
  db: Db,
  search: TypeSearch,
  position: WalkPosition,
  signal?: AbortSignal,
): AsyncGenerator<{ rangeIndex: number; records: KeyedRecord<T>[] }> {
  const type = search.type as T;
  const order = search.scanOrder;
  for (let rangeIndex = position.rangeIndex; rangeIndex < search.keyRanges.length; rangeIndex += 1) {
    const range = search.keyRanges[rangeIndex]!;
    let from = rangeIndex === position.rangeIndex ? position.after : undefined;
    for (;;) {
      await checkpoint({ signal });
      const to = await findChunkEnd(db, type, order, from, WALK_CHUNK_ROWS, range);
      const rows = await selectKeyedChunkRows(db, type, search.row, { order, from, to, range });
      const kept = search.row.needsCheck ? rows.filter((row) => search.keep(row.record)) : rows;
      if (kept.length > 0) yield { rangeIndex, records: kept };
      if (!to) break;
      from = to;
    }
  }
}
