import { defaultColumns, FILE_COLUMNS, type FileColumn, type SearchType } from '@threadcart/contracts';

const typesOf = (searchType: SearchType) =>
  searchType === 'both' ? (['posts', 'comments'] as const) : ([searchType] as const);

const union = (lists: readonly (readonly FileColumn[])[]): FileColumn[] => [...new Set(lists.flat())];

/** The columns a file of this search type may have: the post columns, the comment columns, or both (union). */
export const availableColumns = (searchType: SearchType): FileColumn[] =>
  union(typesOf(searchType).map((type) => FILE_COLUMNS[type]));

/** Today's layout as one list: what the chooser shows while untouched (for both, the union of the two). */
export const defaultColumnList = (searchType: SearchType): FileColumn[] =>
  union(typesOf(searchType).map((type) => defaultColumns(type)));

/** A choice carried over to another search type keeps the columns that type has; none left means the default. */
export function keepAvailableColumns(
  columns: readonly string[] | null,
  searchType: SearchType,
): string[] | null {
  if (columns === null) return null;
  const available = new Set<string>(availableColumns(searchType));
  const kept = columns.filter((column) => available.has(column));
  return kept.length > 0 ? kept : null;
}

/** The `columns` an order sends: nothing while the choice is the default layout, else the chosen list. */
export function columnsPayload(
  columns: readonly string[] | null,
  searchType: SearchType,
): string[] | undefined {
  if (columns === null) return undefined;
  const defaults = defaultColumnList(searchType);
  const isDefault =
    columns.length === defaults.length && columns.every((column, i) => column === defaults[i]);
  return isDefault ? undefined : [...columns];
}
