/**
 * The one definition of a "word" for keyword search (docs/product.md §7.5): NFKC, lower case, maximal runs of Unicode
 * letters and digits. Ingest stores each record's tokens space-separated in `search_text`, which both full-text
 * indexes read (FTS5 unicode61 without diacritic folding; PostgreSQL `simple`), and the reference evaluator uses
 * the same function, so whole-word matching means the same thing everywhere.
 */
export function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The `search_text` column's value for a piece of text. */
export function toSearchText(...parts: (string | null | undefined)[]): string {
  return tokenize(parts.filter(Boolean).join(' ')).join(' ');
}
