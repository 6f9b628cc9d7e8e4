import { flattenValue, type ReadItem } from './flatten.ts';
import { JsonValueSplitter, LineSplitter, type JsonText } from './json-text.ts';
import { openText, type OpenTextOptions } from './open-text.ts';

export type { ReadItem } from './flatten.ts';

/** How a file's content was read: one JSON value per line, or a JSON document (array, Listing, …) cut by value. */
export type ContentLayout = 'ndjson' | 'json' | 'not_json' | 'empty';

export interface ReadRecordsOptions extends OpenTextOptions {
  /** Told once the layout is known (before the first items). */
  readonly onLayout?: (layout: ContentLayout) => void;
}

/**
 * Reads every record of one file, in any accepted compression and layout, detected by content rather than by name:
 * NDJSON (Pushshift / Arctic Shift dumps, also when named `.json`), JSON arrays, Reddit API Listings and comment
 * pages, API answers. Yields the items of each decoded chunk; a bad line becomes an `invalid_json` skip and never
 * stops the file. I/O and decompression errors (a missing file, a failing zstd) are thrown.
 */
export async function* readRecords(
  file: string,
  options: ReadRecordsOptions = {},
): AsyncGenerator<ReadItem[]> {
  const chunks = openText(file, options)[Symbol.asyncIterator]();
  const head = await readHead(chunks);
  const layout = layoutOf(head);
  options.onLayout?.(layout);
  if (layout === 'not_json') {
    // Drain nothing more: the file is reported once, as a whole.
    await chunks.return?.(undefined);
    yield [{ type: 'skip', reason: 'not_json_file', line: 1 }];
    return;
  }
  if (layout === 'empty') return;
  const splitter = layout === 'ndjson' ? new LineSplitter() : new JsonValueSplitter();
  yield parseAll(splitter.push(head));
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    yield parseAll(splitter.push(next.value));
  }
  yield parseAll(splitter.end());
}

const HEAD_LIMIT = 1 << 20;

/** Enough leading text to decide the layout: up to the end of the second non-blank line, at most about 1 MiB. */
async function readHead(chunks: AsyncIterator<string>): Promise<string> {
  let head = '';
  for (;;) {
    if (head.length > HEAD_LIMIT || completeLines(head) >= 2) return head;
    const next = await chunks.next();
    if (next.done) return head;
    head += head ? next.value : next.value.replace(/^\uFEFF/, '');
  }
}

function completeLines(text: string): number {
  let count = 0;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1 && count < 2; nl = text.indexOf('\n', start)) {
    if (text.slice(start, nl).trim()) count += 1;
    start = nl + 1;
  }
  return count;
}

function layoutOf(head: string): ContentLayout {
  const first = head.trimStart()[0];
  if (first === undefined) return 'empty';
  if (first !== '{' && first !== '[') return 'not_json';
  // NDJSON when one of the first two lines is a whole JSON object or array; pretty-printed JSON never has that.
  const lines = head
    .split('\n')
    .slice(0, head.length > HEAD_LIMIT ? -1 : undefined)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 2);
  const isNdjson = lines.some((line) => {
    if (line[0] !== '{' && line[0] !== '[') return false;
    try {
      JSON.parse(line);
      return true;
    } catch {
      return false;
    }
  });
  return isNdjson ? 'ndjson' : 'json';
}

function parseAll(texts: JsonText[]): ReadItem[] {
  const out: ReadItem[] = [];
  for (const { text, line } of texts) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      out.push({ type: 'skip', reason: 'invalid_json', line });
      continue;
    }
    flattenValue(value, line, out);
  }
  return out;
}
