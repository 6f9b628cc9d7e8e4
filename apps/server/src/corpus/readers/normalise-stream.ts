import type { CommentsTable, PostsTable } from '../../db/tables/corpus.tables.ts';
import { normaliseRecord } from '../normalise.ts';
import type { SkipReason } from '../skip-reasons.ts';
import { readRecords } from './read-records.ts';

export type RowBatch =
  | { readonly table: 'posts'; readonly rows: PostsTable[] }
  | { readonly table: 'comments'; readonly rows: CommentsTable[] };

/** What reading and normalising files produces, in file order; the same whether it runs in-process or in a worker. */
export type NormaliseEvent =
  | {
      readonly type: 'chunk';
      readonly fileIndex: number;
      /** records and bad lines read in this chunk */
      readonly read: number;
      readonly skips: [SkipReason, number][];
      /** compressed bytes of this file read so far */
      readonly bytesRead: number;
      /** full batches (batchSize rows), and at the end of a file the remainders */
      readonly batches: RowBatch[];
    }
  | { readonly type: 'fileError'; readonly fileIndex: number; readonly message: string };

export interface NormaliseStreamOptions {
  readonly isSample?: boolean;
  readonly batchSize: number;
}

/**
 * Reads and normalises each file in turn. Rows are grouped into batches of exactly batchSize per table (the last one
 * of a file may be smaller), so a crash always loses whole batches. A file that cannot be read to the end yields its
 * remaining rows and a fileError, and the next file is read.
 */
export async function* normaliseStream(
  files: readonly string[],
  options: NormaliseStreamOptions,
): AsyncGenerator<NormaliseEvent> {
  const normaliseOptions = { isSample: options.isSample };
  for (const [fileIndex, file] of files.entries()) {
    let posts: PostsTable[] = [];
    let comments: CommentsTable[] = [];
    let bytesRead = 0;
    const pending: RowBatch[] = [];
    const chunk = (read: number, skips: [SkipReason, number][], isLast: boolean): NormaliseEvent => {
      const batches: RowBatch[] = [];
      if (isLast && posts.length > 0) batches.push({ table: 'posts', rows: posts });
      if (isLast && comments.length > 0) batches.push({ table: 'comments', rows: comments });
      if (isLast) [posts, comments] = [[], []];
      return { type: 'chunk', fileIndex, read, skips, bytesRead, batches: pending.splice(0).concat(batches) };
    };
    try {
      for await (const items of readRecords(file, { onBytes: (n) => (bytesRead = n) })) {
        const skips: [SkipReason, number][] = [];
        for (const item of items) {
          const normalised =
            item.type === 'skip' ? undefined : normaliseRecord(item.raw, item.kind, normaliseOptions);
          if (!normalised || normalised.kind === 'skip') {
            skips.push([normalised?.reason ?? (item as { reason: SkipReason }).reason, item.line]);
          } else if (normalised.kind === 'post') {
            if (posts.push(normalised.row) >= options.batchSize) {
              pending.push({ table: 'posts', rows: posts });
              posts = [];
            }
          } else if (comments.push(normalised.row) >= options.batchSize) {
            pending.push({ table: 'comments', rows: comments });
            comments = [];
          }
        }
        yield chunk(items.length, skips, false);
      }
      yield chunk(0, [], true);
    } catch (error) {
      yield chunk(0, [], true);
      yield { type: 'fileError', fileIndex, message: error instanceof Error ? error.message : String(error) };
    }
  }
}
