import type { FilterTree, SearchType, SortOrder } from '@threadcart/contracts';
import type { RecordType } from '../../../corpus/filters/prepare.ts';
import type { Db } from '../../../db/database.ts';
import { prepareTypeSearch } from './type-search.ts';

/**
 * Whether no index narrows one type's side of a search, so that the search may read every stored record of the type
 * (docs/decisions/038-scan-lane-and-budget.md): no index lookup holds its matches (a keyword, a regex with a literal
 * of 3+ characters, a name, a created range, a count of 1 or more, a score floor), and its sort's index walk is not
 * bounded by a range of its key (a score range for top, a created range for new and old). Such a side's time follows the corpus, not the order: a regex that matches
 * nothing reads the whole table.
 */
export function needsFullScan(db: Db, tree: FilterTree, type: RecordType, sort: SortOrder): boolean {
  const search = prepareTypeSearch(db, tree, type, { sort, seed: 0 });
  if (search.lookups.length > 0) return false;
  // Every sort walks its index (decision 039); the walk is narrowed only by a range of that index's key. A random
  // sample's walk goes round every key from its seed's start, so nothing bounds it.
  if (search.scanOrder === 'random') return true;
  return search.keyRanges.every((range) => range.min === null && range.max === null);
}

/** The record types of a search that no index narrows (empty: the order runs in the indexed lane). */
export function fullScanTypes(
  db: Db,
  tree: FilterTree,
  searchType: SearchType,
  sort: SortOrder,
): RecordType[] {
  const types: RecordType[] = searchType === 'both' ? ['posts', 'comments'] : [searchType];
  return types.filter((type) => needsFullScan(db, tree, type, sort));
}
