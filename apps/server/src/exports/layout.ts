import type { SearchType } from '@threadcart/contracts';
import type { CommentRecord, PostRecord } from './records.ts';

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
}

export const hasPosts = (searchType: SearchType): boolean => searchType !== 'comments';
export const hasComments = (searchType: SearchType): boolean => searchType !== 'posts';
