import type { ColumnType, Selectable } from 'kysely';

/** A Reddit submission (RS dump record), normalised at ingest. Flags are 0/1 integers. */
export interface PostsTable {
  /** base36 id without the t3_ prefix */
  id: string;
  author: string;
  title: string;
  selftext: string;
  score: number;
  num_comments: number;
  /** epoch seconds */
  created_utc: number;
  subreddit: string;
  permalink: string;
  url: string;
  over_18: number;
  is_deleted: number;
  is_removed: number;
  /** epoch seconds of the retrieval this row came from; a newer retrieval replaces an older one */
  retrieved_at: number;
  /** 1 for generated sample data */
  is_sample: number;
  /** tokenize(title + selftext) joined by spaces: what the full-text indexes read */
  search_text: string;
  /** self | link | image | video | gallery, derived from the dump fields ('' before fields_version 1) */
  post_kind: string;
  /** the domain the post links to, `self.<subreddit>` for a text post ('' when unknown) */
  domain: string;
  /** the link flair's text ('' when none) */
  flair: string;
  /** 1 once ingest has filled the filter fields above; a row with 0 is rewritten by the next ingest of its file */
  fields_version: number;
  /**
   * sampleKey('posts', id) as a decimal string: where the record lies in the random sort's walk (a signed 64-bit
   * integer in both databases; written and read as text, which a JavaScript number cannot hold)
   */
  sample_key: string;
}

/** Generated from the stored names (A–Z lowered): never written, read by the name filters' indexes. */
type Key = ColumnType<string, never, never>;

/** A Reddit comment (RC dump record), normalised at ingest. */
export interface CommentsTable {
  id: string;
  author: string;
  body: string;
  score: number;
  created_utc: number;
  /** fullname: t3_… for a top-level comment, t1_… for a reply */
  parent_id: string;
  /** fullname t3_… of the post */
  link_id: string;
  subreddit: string;
  /** direct replies to this comment present in the corpus (computed) */
  replies: number;
  permalink: string;
  over_18: number;
  is_deleted: number;
  is_removed: number;
  retrieved_at: number;
  is_sample: number;
  search_text: string;
  fields_version: number;
  /** sampleKey('comments', id) as a decimal string */
  sample_key: string;
}

/** A subreddit, author or link domain of the corpus with its record count (kept by ingest). */
export interface CorpusNamesTable {
  field: 'subreddit' | 'author' | 'domain';
  /** the name's ASCII lower case, as the corpus tables' *_key columns */
  name_key: string;
  /** the name as first stored */
  name: string;
  records: number;
}

/** Records of one type, real or sample, and the newest retrieval among them (kept by ingest, batch by batch). */
export interface CorpusTotalsTable {
  record_type: 'posts' | 'comments';
  is_sample: number;
  records: number;
  /** epoch seconds; null when there are no records */
  latest_retrieved_at: number | null;
}

/** Records per record type and calendar month of created_utc (UTC), kept by ingest (the coverage page). */
export interface CorpusMonthsTable {
  record_type: 'posts' | 'comments';
  /** YYYY-MM */
  month: string;
  records: number;
  /** epoch seconds; null when there are no records */
  latest_retrieved_at: number | null;
}

/** An index or FTS5 sync trigger of the corpus tables dropped by a bulk ingest, until it is made again. */
export interface CorpusDeferredTable {
  name: string;
  /** 'names': corpus_names, rebuilt from the tables (a bulk load does not keep it batch by batch) */
  kind: 'index' | 'trigger' | 'names';
  table_name: 'posts' | 'comments' | 'corpus_names';
  /** the statement that creates it, as the database reported it */
  definition: string;
  /** ISO-8601 UTC */
  deferred_at: string;
}

export interface CorpusTables {
  posts: PostsTable & { subreddit_key: Key; author_key: Key; domain_key: Key };
  comments: CommentsTable & { subreddit_key: Key; author_key: Key };
  corpus_names: CorpusNamesTable;
  corpus_deferred: CorpusDeferredTable;
  corpus_totals: CorpusTotalsTable;
  corpus_months: CorpusMonthsTable;
}

export type PostRow = Selectable<PostsTable>;
export type CommentRow = Selectable<CommentsTable>;
