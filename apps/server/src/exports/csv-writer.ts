import { csvField } from './cells.ts';
import { FileSink } from './file-sink.ts';
import type { OrderFileLayout } from './layout.ts';
import {
  COMMENT_COLUMNS,
  POST_COLUMNS,
  readColumn,
  SAMPLE_COLUMN,
  UNION_COLUMNS,
  type AnyRecord,
  type RecordColumn,
  type RecordKind,
} from './records.ts';

/** RFC 4180 line end. */
const CRLF = '\r\n';

const POST_COLUMN_SET: ReadonlySet<RecordColumn> = new Set(POST_COLUMNS);
const COMMENT_COLUMN_SET: ReadonlySet<RecordColumn> = new Set(COMMENT_COLUMNS);

/** The `type` column that leads a `both` CSV. */
export const CSV_TYPE_COLUMN = 'type';

/**
 * Writes the CSV layout of DECISIONS.md §5: RFC 4180, UTF-8 without BOM, CRLF line ends, a header row; for `both`
 * one file with a leading `type` column (`post` or `comment`) and the union of the columns. Texts are neutralised.
 */
export async function writeCsvFile(filePath: string, layout: OrderFileLayout): Promise<number> {
  const sink = await FileSink.create(filePath);
  try {
    const { searchType, isSample } = layout;
    const sampleHeader = isSample ? [SAMPLE_COLUMN] : [];
    if (searchType === 'both') {
      sink.push([CSV_TYPE_COLUMN, ...UNION_COLUMNS, ...sampleHeader].join(',') + CRLF);
      await writeRows(sink, layout.posts, UNION_COLUMNS, isSample, 'post');
      await writeRows(sink, layout.comments, UNION_COLUMNS, isSample, 'comment');
    } else if (searchType === 'posts') {
      sink.push([...POST_COLUMNS, ...sampleHeader].join(',') + CRLF);
      await writeRows(sink, layout.posts, POST_COLUMNS, isSample);
    } else {
      sink.push([...COMMENT_COLUMNS, ...sampleHeader].join(',') + CRLF);
      await writeRows(sink, layout.comments, COMMENT_COLUMNS, isSample);
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
  columns: readonly RecordColumn[],
  isSample: boolean,
  kind?: RecordKind,
): Promise<void> {
  // In a `both` file a record fills only its own kind's columns, whatever else the object carries.
  const own = kind === undefined ? undefined : kind === 'post' ? POST_COLUMN_SET : COMMENT_COLUMN_SET;
  for await (const record of records) {
    let line = kind === undefined ? '' : kind + ',';
    for (let i = 0; i < columns.length; i += 1) {
      const column = columns[i]!;
      if (i > 0) line += ',';
      if (own === undefined || own.has(column)) line += csvField(readColumn(record, column));
    }
    if (isSample) line += ',' + csvField(record.is_sample === true);
    sink.push(line + CRLF);
    await sink.flushIfFull();
  }
}
