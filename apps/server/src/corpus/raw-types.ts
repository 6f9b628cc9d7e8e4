/**
 * Dump-shaped Reddit records as they appear in Pushshift / Arctic Shift NDJSON and in API listings
 * (docs/decisions/006-corpus-ingest.md, docs/product.md §1.3). Only the fields the importer reads are typed; every one may be absent or of a
 * drifting type, which is exactly what normalise.ts handles. Unknown fields are kept and ignored.
 */
export interface RawRedditThing {
  id?: string | number;
  name?: string;
  author?: string | null;
  subreddit?: string | null;
  subreddit_id?: string | null;
  subreddit_name_prefixed?: string | null;
  /** int, numeric string ("1420070668") or float (1706745600.0) */
  created_utc?: number | string | null;
  score?: number | string | null;
  ups?: number | string | null;
  downs?: number | null;
  edited?: boolean | number | string | null;
  permalink?: string | null;
  over_18?: boolean | number | null;
  retrieved_on?: number | string | null;
  retrieved_utc?: number | string | null;
  updated_on?: number | string | null;
  updated_utc?: number | string | null;
  _meta?: RawArcticMeta | null;
  [field: string]: unknown;
}

/** Arctic Shift's `_meta` object (2023-11 onwards). */
export interface RawArcticMeta {
  retrieved_2nd_on?: number;
  was_deleted_later?: boolean;
  was_initially_deleted?: boolean;
  removal_type?: string | null;
  is_edited?: boolean;
  note?: string;
}

/** An RS (submission) record. */
export interface RawRedditPost extends RawRedditThing {
  title?: string | null;
  selftext?: string | null;
  num_comments?: number | string | null;
  url?: string | null;
  domain?: string | null;
  is_self?: boolean;
  is_video?: boolean;
  is_gallery?: boolean;
  post_hint?: string | null;
  link_flair_text?: string | null;
  removed_by_category?: string | null;
}

/** An RC (comment) record; `parent_id` is an integer or null in Pushshift-API-era records. */
export interface RawRedditComment extends RawRedditThing {
  body?: string | null;
  link_id?: string | number | null;
  parent_id?: string | number | null;
}
