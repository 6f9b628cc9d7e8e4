// Reads an order's Parquet file back with an independent reader (hyparquet), for tests.
import { readFile } from 'node:fs/promises';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';

export interface ParquetContents {
  /** Column name → physical type and logical/converted type, as written in the file's schema. */
  types: Record<string, { type?: string; converted?: string; logical?: string; isUtc?: boolean }>;
  /** The rows with JSON's values: INT64 as numbers, timestamps as epoch seconds; null stays null. */
  rows: Record<string, unknown>[];
  rowGroups: number[];
}

export async function readParquet(source: string | Buffer): Promise<ParquetContents> {
  const bytes = typeof source === 'string' ? await readFile(source) : source;
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const metadata = parquetMetadata(file);
  const types: ParquetContents['types'] = {};
  for (const element of metadata.schema.slice(1)) {
    const logical = element.logical_type;
    types[element.name] = {
      ...(element.type === undefined ? {} : { type: element.type }),
      ...(element.converted_type === undefined ? {} : { converted: element.converted_type }),
      ...(logical === undefined ? {} : { logical: logical.type }),
      ...(logical?.type === 'TIMESTAMP' ? { isUtc: logical.isAdjustedToUTC } : {}),
    };
  }
  const raw = (await parquetReadObjects({ file })) as Record<string, unknown>[];
  const rows = raw.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([name, value]) => [
        name,
        value instanceof Date
          ? value.getTime() / 1000
          : typeof value === 'bigint'
            ? Number(value)
            : (value ?? null),
      ]),
    ),
  );
  return { types, rows, rowGroups: metadata.row_groups.map((group) => Number(group.num_rows)) };
}
