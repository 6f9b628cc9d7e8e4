import { csvField } from './cells.ts';
import { FileSink } from './file-sink.ts';
import type { OrderFileLayout } from './layout.ts';
import {
  COMMENT_COLUMN_SET,
  POST_COLUMN_SET,
  readColumn,
  readContextColumn,
  SAMPLE_COLUMN,
  type AnyRecord,
  type ContextColumn,
  type RecordColumn,
  type RecordKind,
} from '../corpus/records.ts';

/** RFC 4180 line end. */
const CRLF = '\r\n';

/** The `type` column that leads a `both` CSV. */
export const CSV_TYPE_COLUMN = 'type';

/**
 * Writes the CSV layout of docs/product.md §8.4: RFC 4180, UTF-8 without BOM, CRLF line ends, a header row; for
 * `both` one file with a leading `type` column (`post` or `comment`) and the union of the columns. Texts are
 * neutralised.
 */
export async function writeCsvFile(filePath: string, layout: OrderFileLayout): Promise<number> {
  const sink = await FileSink.create(filePath);
  try {
    const { searchType, isSample, columns, contextColumns: context } = layout;
    const sampleHeader = isSample ? [SAMPLE_COLUMN] : [];
    if (searchType === 'both') {
      sink.push([CSV_TYPE_COLUMN, ...columns.all, ...context, ...sampleHeader].join(',') + CRLF);
      await writeRows(sink, layout.posts, { columns: columns.all, context, isSample }, 'post');
      await writeRows(sink, layout.comments, { columns: columns.all, context, isSample }, 'comment');
    } else if (searchType === 'posts') {
      sink.push([...columns.posts, ...sampleHeader].join(',') + CRLF);
      await writeRows(sink, layout.posts, { columns: columns.posts, context, isSample });
    } else {
      sink.push([...columns.comments, ...context, ...sampleHeader].join(',') + CRLF);
      await writeRows(sink, layout.comments, { columns: columns.comments, context, isSample });
    }
    return await sink.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
}

async function writeRows(
  sink: FileSink,
  records: AsyncIterable<AnyRecord>,
  row: { columns: readonly RecordColumn[]; context: readonly ContextColumn[]; isSample: boolean },
  kind?: RecordKind,
): Promise<void> {
  const { columns, context, isSample } = row;
  // In a `both` file a record fills only its own kind's columns, whatever else the object carries.
  const own = kind === undefined ? undefined : kind === 'post' ? POST_COLUMN_SET : COMMENT_COLUMN_SET;
  for await (const record of records) {
    let line = kind === undefined ? '' : kind + ',';
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i]!;
      if (i > 0) line += ',';
      if (own === undefined || own.has(column)) line += csvField(readColumn(record, column));
    }
    // Thread context belongs to comments: a post's cells stay empty.
    for (const column of context)
      line += ',' + (kind === 'post' ? '' : csvField(readContextColumn(record, column)));
    if (isSample) line += ',' + csvField(record.is_sample === true);
    sink.push(line + CRLF);
    await sink.flushIfFull();
  }
}
