import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { FileColumns, FormatType, SearchType } from '@threadcart/contracts';
import { writeCsvFile } from './csv-writer.ts';
import { writeJsonFile } from './json-writer.ts';
import { hasComments, hasPosts, type OrderFileLayout } from './layout.ts';
import { writeNdjsonFile } from './ndjson-writer.ts';
import { writeParquetFile } from './parquet-writer.ts';
import { RecordSource, type RecordInput } from './record-source.ts';
import {
  CONTEXT_COLUMNS,
  DEFAULT_FILE_COLUMNS,
  type AnyRecord,
  type CommentRecord,
  type PostRecord,
} from '../corpus/records.ts';
import { writeXlsxFile } from './xlsx-writer.ts';

export interface WriteOrderFileInput {
  format: FormatType;
  searchType: SearchType;
  /** Read only when searchType is `posts` or `both`, to the end, before comments are opened. */
  posts: RecordInput<PostRecord>;
  /** Read only when searchType is `comments` or `both`. */
  comments: RecordInput<CommentRecord>;
  /** Where to write; the caller renames it into place afterwards. */
  filePath: string;
  title: string;
  /** The order's chosen columns; absent means today's layout. */
  columns?: FileColumns;
  /** The seed of a random sample (XLSX workbook properties). */
  sampleSeed?: number | null;
  /**
   * Comments carry `context` (include_context): CSV, XLSX and Parquet add the CONTEXT_COLUMNS; JSON and NDJSON
   * nest it (and a post's `top_comments`) whenever a record carries it.
   */
  threadContext?: boolean;
  /**
   * Called after each record is written, with the number written so far. A returned promise is awaited before the
   * next record; a throw (or rejection) stops the file, which is then removed.
   */
  onRecord?: (recordCount: number) => void | Promise<void>;
  /**
   * Whether the file holds generated sample data. When left out it is worked out before writing: array inputs are
   * scanned; otherwise the first record decides (of posts, or of comments when posts are an array or empty).
   */
  isSample?: boolean;
}

export interface WriteOrderFileResult {
  records: number;
  bytes: number;
  /** Hex SHA-256 of the file as written (the manifest's checksum). */
  sha256: string;
}

/** Raised when a sample record turns up in a file whose layout was already fixed as real data. */
export class UnlabelledSampleError extends Error {
  constructor() {
    super('A sample record came after the file was laid out as real data; pass isSample to writeOrderFile.');
  }
}

const WRITERS: Record<FormatType, (filePath: string, layout: OrderFileLayout) => Promise<number>> = {
  json: writeJsonFile,
  csv: writeCsvFile,
  xlsx: writeXlsxFile,
  ndjson: writeNdjsonFile,
  parquet: writeParquetFile,
};

/**
 * Streams an order's records into a JSON, CSV, XLSX, NDJSON or Parquet file at filePath (docs/product.md §8; docs/
 * decisions/026), holding at most one chunk of output (one row group for Parquet) in memory whatever the record
 * count. Resolves once the file is flushed and fsynced, and read back once for its SHA-256; on any error the partial
 * file is removed and the error rethrown.
 */
export async function writeOrderFile(input: WriteOrderFileInput): Promise<WriteOrderFileResult> {
  const { searchType } = input;
  const posts = new RecordSource(hasPosts(searchType) ? input.posts : []);
  const comments = new RecordSource(hasComments(searchType) ? input.comments : []);
  let records = 0;
  try {
    const isSample = input.isSample ?? (await detectSample(posts, comments));
    async function* track<T extends AnyRecord>(source: RecordSource<T>): AsyncGenerator<T> {
      for await (const record of source) {
        if (record.is_sample === true && !isSample) throw new UnlabelledSampleError();
        yield record;
        records += 1;
        const pending = input.onRecord?.(records);
        if (pending !== undefined) await pending;
      }
    }
    const layout: OrderFileLayout = {
      searchType,
      posts: track(posts),
      comments: track(comments),
      isSample,
      title: input.title,
      columns: input.columns ?? DEFAULT_FILE_COLUMNS,
      sampleSeed: input.sampleSeed ?? null,
      contextColumns: input.threadContext && hasComments(searchType) ? CONTEXT_COLUMNS : [],
    };
    const bytes = await WRITERS[input.format](input.filePath, layout);
    return { records, bytes, sha256: await sha256OfFile(input.filePath) };
  } catch (error) {
    await rm(input.filePath, { force: true });
    throw error;
  } finally {
    await Promise.all([posts.close(), comments.close()]);
  }
}

async function detectSample(
  posts: RecordSource<PostRecord>,
  comments: RecordSource<CommentRecord>,
): Promise<boolean> {
  if (posts.array?.some(isSampleRecord) || comments.array?.some(isSampleRecord)) return true;
  // One cursor at a time: comments are peeked only when posts are an array or turn out to be empty.
  if (posts.array === undefined) {
    const first = await posts.peek();
    if (first !== undefined) return isSampleRecord(first);
  }
  if (comments.array === undefined) {
    const first = await comments.peek();
    return first !== undefined && isSampleRecord(first);
  }
  return false;
}

const isSampleRecord = (record: AnyRecord): boolean => record.is_sample === true;

/** Hex SHA-256 of a file, read as a stream. */
export async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
