import { defaultColumns, FILE_COLUMNS, type FileColumn, type FileColumns } from '@threadcart/contracts';
import type { CommentsTable, PostsTable } from '../db/tables/corpus.tables.ts';
/** A post as an order file carries it (docs/product.md §8.2): its stored row, the 0/1 flags read as booleans. */
export interface PostRecord extends Pick<
  PostsTable,
  | 'id'
  | 'author'
  | 'title'
  | 'selftext'
  | 'score'
  | 'num_comments'
  | 'created_utc'
  | 'subreddit'
  | 'permalink'
  | 'url'
  | 'post_kind'
  | 'domain'
  | 'flair'
  | 'retrieved_at'
> {
  /** over 18 */
  nsfw: boolean;
  /** the text is gone: deleted by its author or removed by a moderator */
  removed: boolean;
  is_sample: boolean;
  /** the stored sample key as a decimal string, as the search reads it (docs/decisions/039) */
  sample_key?: string;
  /** include_comments: the post's top comments by score (JSON and NDJSON only; docs/decisions/029) */
  top_comments?: TopComment[];
}

/** A comment nested under its post (include_comments). */
export type TopComment = Pick<
  CommentRecord,
  'id' | 'author' | 'body' | 'score' | 'created_utc' | 'parent_id'
>;

/** A comment's place in its thread (include_context; docs/decisions/029). */
export interface ThreadContext {
  /** the post, from link_id; title null when the post is not in the corpus */
  post: { id: string; title: string | null };
  /** the comments above this one, its parent first, up to the top-level comment */
  parents: { id: string; author: string; body: string }[];
  /** whether the chain reached the post */
  parents_complete: boolean;
  /** when it did not: the fullname of the first comment left out (not in the corpus, or past the depth bound) */
  next_parent_id: string | null;
}

/** The columns thread context adds to a tabular file's comments (CSV, XLSX, Parquet), after the order's columns. */
export const CONTEXT_COLUMNS = ['post_title', 'parent_body'] as const;
export type ContextColumn = (typeof CONTEXT_COLUMNS)[number];
export const isContextColumn = (column: string): column is ContextColumn =>
  (CONTEXT_COLUMNS as readonly string[]).includes(column);

/** A comment's context cell: its post's title, or its parent comment's body (null for a top-level comment). */
export function readContextColumn(record: AnyRecord, column: ContextColumn): string | null {
  const context = (record as CommentRecord).context;
  if (!context) return null;
  if (column === 'post_title') return context.post.title;
  const parent = context.parents[0];
  return parent && (record as CommentRecord).parent_id === `t1_${parent.id}` ? parent.body : null;
}

/** JSON and NDJSON: a record's thread members, nested after its columns (before `is_sample`), when it has them. */
export function addThread(ordered: Record<string, unknown>, record: AnyRecord): void {
  if ('context' in record && record.context) ordered.context = record.context;
  if ('top_comments' in record && record.top_comments) ordered.top_comments = record.top_comments;
}

/** A comment as an order file carries it (docs/product.md §8.2): its stored row, the 0/1 flags read as booleans. */
export interface CommentRecord extends Pick<
  CommentsTable,
  | 'id'
  | 'author'
  | 'body'
  | 'score'
  | 'created_utc'
  | 'parent_id'
  | 'link_id'
  | 'subreddit'
  | 'replies'
  | 'permalink'
  | 'retrieved_at'
> {
  /** the post's over_18 */
  nsfw: boolean;
  removed: boolean;
  is_sample: boolean;
  /** the stored sample key as a decimal string, as the search reads it (docs/decisions/039) */
  sample_key?: string;
  /** include_context: the comment's post and parent chain */
  context?: ThreadContext;
}

export type RecordKind = 'post' | 'comment';

// Every column a file may carry is a field of its record type (checked by the compiler).
FILE_COLUMNS.posts satisfies readonly (keyof PostRecord)[];
FILE_COLUMNS.comments satisfies readonly (keyof CommentRecord)[];

/** Post columns in the order of docs/product.md §8.2 (today's layout: contracts' defaultColumns). */
export const POST_COLUMNS = defaultColumns('posts') as readonly PostColumn[];

/** Comment columns in the order of docs/product.md §8.2. */
export const COMMENT_COLUMNS = defaultColumns('comments') as readonly CommentColumn[];

export type PostColumn = (typeof FILE_COLUMNS.posts)[number];
export type CommentColumn = (typeof FILE_COLUMNS.comments)[number];
/** Any column an order file may carry (contracts' FILE_COLUMNS: the default ones above, then the optional ones). */
export type RecordColumn = FileColumn;

/** Whether a record type has a column (a `both` CSV leaves the other type's cells empty). */
export const POST_COLUMN_SET: ReadonlySet<string> = new Set(FILE_COLUMNS.posts);
export const COMMENT_COLUMN_SET: ReadonlySet<string> = new Set(FILE_COLUMNS.comments);

/**
 * The default columns of a `both` CSV after its leading `type` column: the post columns in their order, then the
 * comment-only columns in theirs. A cell a record type does not have stays empty.
 */
export const UNION_COLUMNS: readonly RecordColumn[] = [
  ...POST_COLUMNS,
  ...COMMENT_COLUMNS.filter((column) => !(POST_COLUMNS as readonly string[]).includes(column)),
];

/** Today's layout: what a file carries when the order chose no columns. */
export const DEFAULT_FILE_COLUMNS: FileColumns = {
  posts: POST_COLUMNS,
  comments: COMMENT_COLUMNS,
  all: UNION_COLUMNS,
};

/** The column added (last) to every layout when the file holds generated sample data. */
export const SAMPLE_COLUMN = 'is_sample';

/** One record of either kind, as the writers receive it. */
export type AnyRecord = PostRecord | CommentRecord;

/** Reads a column of a record of either kind; undefined when the record type has no such column. */
export function readColumn(record: AnyRecord, column: RecordColumn): string | number | boolean | undefined {
  return (record as unknown as Record<string, string | number | boolean | undefined>)[column];
}
