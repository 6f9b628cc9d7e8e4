import { open, type FileHandle } from 'node:fs/promises';
import type { SchemaElement } from 'hyparquet';
import { ByteWriter, ParquetWriter, type ColumnSource } from 'hyparquet-writer';
import { CSV_TYPE_COLUMN } from './csv-writer.ts';
import type { OrderFileLayout } from './layout.ts';
import {
  COMMENT_COLUMN_SET,
  POST_COLUMN_SET,
  readColumn,
  readContextColumn,
  SAMPLE_COLUMN,
  type AnyRecord,
  type RecordColumn,
  type RecordKind,
} from '../corpus/records.ts';

/** A row group is written once it holds this many rows... */
export const PARQUET_ROW_GROUP_ROWS = 10_000;
/** ...or this many UTF-16 units of text, whichever comes first: long bodies cannot make a group grow unbounded. */
export const PARQUET_ROW_GROUP_TEXT_CHARS = 4 * 1024 * 1024;

type ParquetKind = 'string' | 'integer' | 'boolean' | 'timestamp';

/** The Parquet type of every column an order file may carry; the others are strings. */
const COLUMN_KINDS: Partial<Record<string, ParquetKind>> = {
  score: 'integer',
  num_comments: 'integer',
  replies: 'integer',
  created_utc: 'timestamp',
  retrieved_at: 'timestamp',
  nsfw: 'boolean',
  removed: 'boolean',
  [SAMPLE_COLUMN]: 'boolean',
};

const kindOf = (column: string): ParquetKind => COLUMN_KINDS[column] ?? 'string';

/** Every column is OPTIONAL: a `both` file leaves the other record type's columns null, as a `both` CSV leaves them empty. */
function schemaElement(name: string): SchemaElement {
  const base = { name, repetition_type: 'OPTIONAL' } as const;
  switch (kindOf(name)) {
    case 'integer':
      return { ...base, type: 'INT64' };
    case 'boolean':
      return { ...base, type: 'BOOLEAN' };
    case 'timestamp':
      return {
        ...base,
        type: 'INT64',
        converted_type: 'TIMESTAMP_MILLIS',
        logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
      };
    default:
      return { ...base, type: 'BYTE_ARRAY', converted_type: 'UTF8' };
  }
}

/** A record's cell as the Parquet column takes it: epoch seconds become a Date, integers a bigint. */
function cell(column: string, value: string | number | boolean | undefined): unknown {
  if (value === undefined || value === null) return null;
  switch (kindOf(column)) {
    case 'integer':
      return BigInt(Math.trunc(Number(value)));
    case 'timestamp':
      return new Date(Number(value) * 1000);
    case 'boolean':
      return value === true;
    default:
      return String(value);
  }
}

/**
 * A ByteWriter that hands each finished row group to the file and starts again from an empty buffer, so at most one
 * encoded row group is held in memory.
 */
class FileByteWriter extends ByteWriter {
  bytesWritten = 0;

  constructor(readonly handle: FileHandle) {
    super(64 * 1024);
  }

  async flush(): Promise<void> {
    if (this.index === 0) return;
    const chunk = new Uint8Array(this.buffer, 0, this.index);
    let offset = 0;
    while (offset < chunk.length) {
      const { bytesWritten } = await this.handle.write(chunk, offset);
      offset += bytesWritten;
    }
    this.bytesWritten += chunk.length;
    this.index = 0;
  }

  override finish(): Promise<void> {
    return this.flush();
  }
}

/**
 * Writes an Apache Parquet file: typed columns (integers INT64, booleans, `created_utc` and `retrieved_at` as UTC
 * millisecond timestamps, the rest UTF-8 strings), Snappy-compressed, in row groups of at most
 * PARQUET_ROW_GROUP_ROWS rows or PARQUET_ROW_GROUP_TEXT_CHARS of text. The order's columns in their order, then
 * `is_sample` for sample data; a `both` file is one table led by a `type` column (`post` or `comment`) over the
 * union of the columns, like a `both` CSV.
 */
export async function writeParquetFile(filePath: string, layout: OrderFileLayout): Promise<number> {
  const handle = await open(filePath, 'w');
  try {
    const { searchType, isSample, columns, contextColumns } = layout;
    const sampleColumn = isSample ? [SAMPLE_COLUMN] : [];
    const dataColumns: readonly string[] =
      searchType === 'both' ? columns.all : searchType === 'posts' ? columns.posts : columns.comments;
    const names = [
      ...(searchType === 'both' ? [CSV_TYPE_COLUMN] : []),
      ...dataColumns,
      ...contextColumns,
      ...sampleColumn,
    ];
    const schema: SchemaElement[] = [
      { name: 'root', num_children: names.length },
      ...names.map(schemaElement),
    ];
    const writer = new FileByteWriter(handle);
    const parquet = new ParquetWriter({ writer, schema, codec: 'SNAPPY', createdBy: 'Threadcart' });
    const group = new RowGroup(names);
    const flushGroup = async () => {
      if (group.rows === 0) return;
      await parquet.write({ columnData: group.columnData(), rowGroupSize: group.rows });
      group.clear();
    };
    const writeRecords = async (records: AsyncIterable<AnyRecord>, kind?: RecordKind) => {
      const own = kind === undefined ? undefined : kind === 'post' ? POST_COLUMN_SET : COMMENT_COLUMN_SET;
      for await (const record of records) {
        const row: unknown[] = kind === undefined ? [] : [kind];
        for (const column of dataColumns)
          row.push(
            own === undefined || own.has(column)
              ? cell(column, readColumn(record, column as RecordColumn))
              : null,
          );
        // Thread context belongs to comments: a post's cells stay null.
        for (const column of contextColumns)
          row.push(kind === 'post' ? null : readContextColumn(record, column));
        if (isSample) row.push(record.is_sample === true);
        if (group.add(row)) await flushGroup();
      }
    };
    if (searchType !== 'comments')
      await writeRecords(layout.posts, searchType === 'both' ? 'post' : undefined);
    if (searchType !== 'posts')
      await writeRecords(layout.comments, searchType === 'both' ? 'comment' : undefined);
    await flushGroup();
    await parquet.finish();
    await handle.sync();
    await handle.close();
    return writer.bytesWritten;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** The rows of one row group, held column by column. */
class RowGroup {
  #columns: unknown[][];
  #chars = 0;
  rows = 0;

  constructor(readonly names: readonly string[]) {
    this.#columns = names.map(() => []);
  }

  /** Adds a row; true when the group is full and should be written. */
  add(row: readonly unknown[]): boolean {
    for (let i = 0; i < row.length; i += 1) {
      const value = row[i];
      this.#columns[i]!.push(value);
      if (typeof value === 'string') this.#chars += value.length;
    }
    this.rows += 1;
    return this.rows >= PARQUET_ROW_GROUP_ROWS || this.#chars >= PARQUET_ROW_GROUP_TEXT_CHARS;
  }

  columnData(): ColumnSource[] {
    return this.names.map((name, i) => ({ name, data: this.#columns[i]! as ColumnSource['data'] }));
  }

  clear(): void {
    this.#columns = this.names.map(() => []);
    this.#chars = 0;
    this.rows = 0;
  }
}
