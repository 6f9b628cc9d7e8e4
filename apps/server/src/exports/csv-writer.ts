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
    sink.push(csvHeaderText(layout));
    if (searchType === 'both') {
      await writeRows(sink, layout.posts, { columns: columns.all, context, isSample }, 'post');
      await writeRows(sink, layout.comments, { columns: columns.all, context, isSample }, 'comment');
    } else if (searchType === 'posts') {
      await writeRows(sink, layout.posts, { columns: columns.posts, context, isSample });
    } else {
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
  row: CsvRow,
  kind?: RecordKind,
): Promise<void> {
  for await (const record of records) {
    sink.push(csvRowText(record, row, kind));
    await sink.flushIfFull();
  }
}

/** One record as a CSV line, CRLF included (docs/product.md §8.4). */
export function csvRowText(record: AnyRecord, row: CsvRow, kind?: RecordKind): string {
  const { columns, context, isSample } = row;
  // In a `both` file a record fills only its own kind's columns, whatever else the object carries.
  const own = kind === undefined ? undefined : kind === 'post' ? POST_COLUMN_SET : COMMENT_COLUMN_SET;
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
  return line + CRLF;
}

/** What a CSV line holds besides the record: its columns, the context columns, the sample column. */
export interface CsvRow {
  readonly columns: readonly RecordColumn[];
  readonly context: readonly ContextColumn[];
  readonly isSample: boolean;
}

/** The header line of a CSV file of the layout, CRLF included. */
export function csvHeaderText(
  layout: Pick<OrderFileLayout, 'searchType' | 'isSample' | 'columns' | 'contextColumns'>,
): string {
  const { searchType, isSample, columns, contextColumns: context } = layout;
  const sampleHeader = isSample ? [SAMPLE_COLUMN] : [];
  const names =
    searchType === 'both'
      ? [CSV_TYPE_COLUMN, ...columns.all, ...context, ...sampleHeader]
      : searchType === 'posts'
        ? [...columns.posts, ...sampleHeader]
        : [...columns.comments, ...context, ...sampleHeader];
  return names.join(',') + CRLF;
}
