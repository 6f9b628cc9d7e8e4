import { expect, type Page } from '@playwright/test';
import { csrfToken } from './journey.ts';

/** What the order journeys need beyond journey.ts: a loaded corpus, and readers of the delivered files. */

/**
 * Waits until the worker has loaded the posts of the sample corpus (first start). The load ingests the posts file,
 * then the comments file, so once a comments dry run finds matches the post counts no longer change.
 * Signed-in API calls need the CSRF header.
 */
export async function waitForCorpus(page: Page): Promise<void> {
  const csrf = await csrfToken(page);
  const filters = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'data' }] };
  await expect
    .poll(
      async () => {
        const response = await page.request.post('/api/search-queries/preview/', {
          headers: { 'X-CSRFToken': csrf },
          data: { search_type: 'comments', result_count: 1, filters },
        });
        if (!response.ok()) return 0;
        // While the sample corpus loads the builder shows no count (decision 023): wait for the whole corpus.
        const body = (await response.json()) as { matches: number; corpus_loading?: boolean };
        return body.corpus_loading ? 0 : body.matches;
      },
      { timeout: 150_000, intervals: [1000, 2000] },
    )
    .toBeGreaterThan(0);
}

/** A minimal RFC 4180 parser: quoted fields, doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"') inQuotes = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header, ...body] = rows.filter((r) => !(r.length === 1 && r[0] === ''));
  return body.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * True when `word` appears in `text` as a whole word, case-insensitively (the keyword rule of docs/product.md §7.5).
 */
export function hasWholeWord(text: string, word: string): boolean {
  const haystack = text.normalize('NFKC').toLowerCase();
  let index = haystack.indexOf(word);
  while (index !== -1) {
    const before = haystack[index - 1];
    const after = haystack[index + word.length];
    if ((!before || !WORD_CHAR.test(before)) && (!after || !WORD_CHAR.test(after))) return true;
    index = haystack.indexOf(word, index + 1);
  }
  return false;
}
