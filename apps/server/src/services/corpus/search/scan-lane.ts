import type { FilterTree, SearchType, SortOrder } from '@threadcart/contracts';
import type { RecordType } from '../../../corpus/filters/prepare.ts';
import type { Db } from '../../../db/database.ts';
import { prepareTypeSearch } from './type-search.ts';

/**
 * Whether no index narrows one type's side of a search, so that the search may read every stored record of the type
 * (docs/decisions/038-scan-lane-and-budget.md): no index lookup holds its matches (a keyword, a regex with a literal
 * of 3+ characters, a name, a created range, a count of 1 or more), and it is not a scan in result order within a
 * key range (a score range for top). Such a side's time follows the corpus, not the order: a regex that matches
 * nothing reads the whole table.
 */
export function needsFullScan(db: Db, tree: FilterTree, type: RecordType, sort: SortOrder): boolean {
  const search = prepareTypeSearch(db, tree, type, { sort, seed: 0 });
  if (search.lookups.length > 0) return false;
  if (!search.scanOrder) return true;
  return search.keyRange.min === null && search.keyRange.max === null;
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
