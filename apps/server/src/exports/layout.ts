import type { FileColumns, SearchType } from '@threadcart/contracts';
import type { CommentRecord, ContextColumn, PostRecord } from '../corpus/records.ts';

/** What a format writer gets: the records to write, in order, and how the file is laid out. */
export interface OrderFileLayout {
  searchType: SearchType;
  /** Empty unless searchType is `posts` or `both`. */
  posts: AsyncIterable<PostRecord>;
  /** Empty unless searchType is `comments` or `both`. */
  comments: AsyncIterable<CommentRecord>;
  /** True when the file holds generated sample data: every record then carries `is_sample`. */
  isSample: boolean;
  /** The order title (XLSX workbook properties). */
  title: string;
  /** The columns of each record type, in order (DEFAULT_FILE_COLUMNS unless the order chose some). */
  columns: FileColumns;
  /** The seed of a random sample, told in the XLSX workbook properties; null for the other sorts. */
  sampleSeed: number | null;
  /**
   * Thread context as columns of the comments in a tabular file (CSV, XLSX, Parquet), after the order's columns;
   * empty without include_context. JSON and NDJSON nest a record's `context` and `top_comments` instead.
   */
  contextColumns: readonly ContextColumn[];
}

export const hasPosts = (searchType: SearchType): boolean => searchType !== 'comments';
export const hasComments = (searchType: SearchType): boolean => searchType !== 'posts';
