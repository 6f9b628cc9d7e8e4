import { FileSink } from './file-sink.ts';
import type { OrderFileLayout } from './layout.ts';
import { jsonRecordText } from './json-writer.ts';
import type { AnyRecord, RecordColumn } from '../corpus/records.ts';

/**
 * The member that tells a post from a comment in a `both` NDJSON file (like a `both` CSV's leading column); written
 * by jsonRecordText.
 */
export const NDJSON_TYPE_MEMBER = 'type';

/**
 * Writes NDJSON: one JSON object a line, each the same object as the JSON file's record, streamed. A `both` file
 * holds the posts, then the comments, each object led by `"type": "post"` or `"comment"`.
 */
export async function writeNdjsonFile(filePath: string, layout: OrderFileLayout): Promise<number> {
  const sink = await FileSink.create(filePath);
  try {
    const { searchType, isSample, columns } = layout;
    const isBoth = searchType === 'both';
    if (searchType !== 'comments')
      await writeLines(sink, layout.posts, columns.posts, isSample, isBoth ? 'post' : undefined);
    if (searchType !== 'posts')
      await writeLines(sink, layout.comments, columns.comments, isSample, isBoth ? 'comment' : undefined);
    return await sink.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

async function writeLines(
  sink: FileSink,
  records: AsyncIterable<AnyRecord>,
  columns: readonly RecordColumn[],
  isSample: boolean,
  kind: 'post' | 'comment' | undefined,
): Promise<void> {
  for await (const record of records) {
    sink.push(jsonRecordText(record, columns, isSample, kind) + '\n');
    await sink.flushIfFull();
  }
}
