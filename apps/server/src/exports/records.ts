/** A post as an order file carries it (DECISIONS.md §5); `created_utc` is integer epoch seconds. */
export interface PostRecord {
  id: string;
  author: string;
  title: string;
  selftext: string;
  score: number;
  num_comments: number;
  created_utc: number;
  subreddit: string;
  permalink: string;
  url: string;
  /** over 18 */
  nsfw: boolean;
  /** the text is gone: deleted by its author or removed by a moderator */
  removed: boolean;
  post_kind: string;
  domain: string;
  flair: string;
  /** epoch seconds of the retrieval the record came from */
  retrieved_at: number;
  is_sample: boolean;
}

/** A comment as an order file carries it (DECISIONS.md §5); `created_utc` is integer epoch seconds. */
export interface CommentRecord {
  id: string;
  author: string;
  body: string;
  score: number;
  created_utc: number;
  parent_id: string;
  link_id: string;
  subreddit: string;
  replies: number;
  permalink: string;
  /** the post's over_18 */
  nsfw: boolean;
  removed: boolean;
  retrieved_at: number;
  is_sample: boolean;
}

export type RecordKind = 'post' | 'comment';

/** Post columns in the order of DECISIONS.md §5. */
export const POST_COLUMNS = [
  'id',
  'author',
  'title',
  'selftext',
  'score',
  'num_comments',
  'created_utc',
  'subreddit',
  'permalink',
  'url',
] as const satisfies readonly (keyof PostRecord)[];

/** Comment columns in the order of DECISIONS.md §5. */
export const COMMENT_COLUMNS = [
  'id',
  'author',
  'body',
  'score',
  'created_utc',
  'parent_id',
  'link_id',
  'subreddit',
  'replies',
  'permalink',
] as const satisfies readonly (keyof CommentRecord)[];

export type PostColumn = (typeof POST_COLUMNS)[number];
export type CommentColumn = (typeof COMMENT_COLUMNS)[number];
export type RecordColumn = PostColumn | CommentColumn;

/**
 * The columns of a `both` CSV after its leading `type` column: the post columns in their order, then the
 * comment-only columns in theirs. A cell a record type does not have stays empty.
 */
export const UNION_COLUMNS: readonly RecordColumn[] = [
  ...POST_COLUMNS,
  ...COMMENT_COLUMNS.filter((column) => !(POST_COLUMNS as readonly string[]).includes(column)),
];

/** The column added (last) to every layout when the file holds generated sample data. */
export const SAMPLE_COLUMN = 'is_sample';

/** One record of either kind, as the writers receive it. */
export type AnyRecord = PostRecord | CommentRecord;

/** Reads a column of a record of either kind; undefined when the record type has no such column. */
export function readColumn(record: AnyRecord, column: RecordColumn): string | number | undefined {
  return (record as unknown as Record<string, string | number | undefined>)[column];
}
