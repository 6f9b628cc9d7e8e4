import { FileSink } from './file-sink.ts';
import type { OrderFileLayout } from './layout.ts';
import {
  addThread,
  readColumn,
  SAMPLE_COLUMN,
  type AnyRecord,
  type RecordColumn,
} from '../corpus/records.ts';

/**
 * Writes the JSON layout of docs/product.md §8.3, one record per line: an array for `posts` or `comments`, an object
 * `{"posts": [...], "comments": [...]}` for `both`. Records are serialised one at a time, never the whole array.
 */
export async function writeJsonFile(filePath: string, layout: OrderFileLayout): Promise<number> {
  const sink = await FileSink.create(filePath);
  try {
    const { searchType, isSample, columns } = layout;
    if (searchType === 'both') {
      sink.push('{"posts":');
      await writeArray(sink, layout.posts, columns.posts, isSample);
      sink.push(',\n"comments":');
      await writeArray(sink, layout.comments, columns.comments, isSample);
      sink.push('}\n');
    } else if (searchType === 'posts') {
      await writeArray(sink, layout.posts, columns.posts, isSample);
      sink.push('\n');
    } else {
      await writeArray(sink, layout.comments, columns.comments, isSample);
      sink.push('\n');
    }
    return await sink.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

async function writeArray(
  sink: FileSink,
  records: AsyncIterable<AnyRecord>,
  columns: readonly RecordColumn[],
  isSample: boolean,
): Promise<void> {
  let separator = '[\n';
  for await (const record of records) {
    sink.push(separator + jsonRecordText(record, columns, isSample));
    separator = ',\n';
    await sink.flushIfFull();
  }
  sink.push(separator === '[\n' ? '[]' : '\n]');
}

/** One record as the JSON file holds it (and, led by `type` in a `both` file, as an NDJSON line does). */
export function jsonRecordText(
  record: AnyRecord,
  columns: readonly RecordColumn[],
  isSample: boolean,
  kind?: 'post' | 'comment',
): string {
  const ordered: Record<string, unknown> = kind === undefined ? {} : { type: kind };
  for (const column of columns) ordered[column] = readColumn(record, column) ?? null;
  addThread(ordered, record);
  if (isSample) ordered[SAMPLE_COLUMN] = record.is_sample === true;
  return JSON.stringify(ordered);
}
