import type { CommentsTable, PostsTable } from '../db/tables/corpus.tables.ts';
import type { RawRedditComment, RawRedditPost, RawRedditThing } from './raw-types.ts';
import type { SkipReason } from './skip-reasons.ts';
import { domainOf, FIELDS_VERSION, postKindOf } from './post-fields.ts';
import { sampleKey } from './filters/sample-key.ts';
import { toSearchText } from './tokenize.ts';

/** Thrown by normalisePost / normaliseComment for a record that cannot be stored. */
export class NormaliseError extends Error {
  constructor(readonly reason: SkipReason) {
    super(`cannot normalise record: ${reason}`);
  }
}

export interface NormaliseOptions {
  /** Marks the rows as generated sample data (is_sample = 1). */
  readonly isSample?: boolean;
}

export type RecordKind = 'post' | 'comment';

export type NormalisedRecord =
  | { readonly kind: 'post'; readonly row: PostsTable }
  | { readonly kind: 'comment'; readonly row: CommentsTable }
  | { readonly kind: 'skip'; readonly reason: SkipReason };

/** The recipe of reddit-data.md §3.8: a comment has body and link_id, a post has a title. */
export function classifyRecord(raw: RawRedditThing): RecordKind | undefined {
  if ('body' in raw && 'link_id' in raw) return 'comment';
  if ('title' in raw) return 'post';
  return undefined;
}

/** Normalises one dump or API record whose kind is known from its listing (`t3`/`t1`) or guessed from its fields. */
export function normaliseRecord(
  raw: RawRedditThing,
  kindHint?: RecordKind,
  options: NormaliseOptions = {},
): NormalisedRecord {
  const kind = kindHint ?? classifyRecord(raw);
  if (kind === undefined) return { kind: 'skip', reason: 'unknown_kind' };
  const result = kind === 'post' ? toPostRow(raw, options) : toCommentRow(raw, options);
  if (typeof result === 'string') return { kind: 'skip', reason: result };
  return kind === 'post' ? { kind, row: result as PostsTable } : { kind, row: result as CommentsTable };
}

/** Turns an RS record (any era of reddit-data.md §3) into a `posts` row; throws NormaliseError when it cannot. */
export function normalisePost(raw: RawRedditPost, options: NormaliseOptions = {}): PostsTable {
  const result = toPostRow(raw, options);
  if (typeof result === 'string') throw new NormaliseError(result);
  return result;
}

/** Turns an RC record (any era of reddit-data.md §3) into a `comments` row (replies 0: counted in the database). */
export function normaliseComment(raw: RawRedditComment, options: NormaliseOptions = {}): CommentsTable {
  const result = toCommentRow(raw, options);
  if (typeof result === 'string') throw new NormaliseError(result);
  return result;
}

function toPostRow(raw: RawRedditPost, options: NormaliseOptions): PostsTable | SkipReason {
  const id = baseId(raw.id ?? raw.name);
  if (id === undefined) return 'invalid_id';
  const created = toInt(raw.created_utc);
  if (created === undefined || created < 0) return 'invalid_created_utc';
  const subreddit = subredditOf(raw);
  const title = unescapeText(text(raw.title));
  const selftext = unescapeText(text(raw.selftext));
  const permalink = pathOf(raw.permalink) ?? `${subredditPath(subreddit)}/comments/${id}/`;
  const { isDeleted, isRemoved } = deletionFlags(raw, selftext, raw.removed_by_category);
  const url = unescapeText(text(raw.url)) || `https://www.reddit.com${permalink}`;
  const domain = domainOf(raw, subreddit, url);
  return {
    id,
    author: text(raw.author) || '[deleted]',
    title,
    selftext,
    score: scoreOf(raw),
    num_comments: toInt(raw.num_comments) ?? 0,
    created_utc: created,
    subreddit,
    permalink,
    url,
    post_kind: postKindOf(raw, domain, url),
    domain,
    flair: unescapeText(text(raw.link_flair_text)).trim(),
    fields_version: FIELDS_VERSION,
    over_18: raw.over_18 === true || raw.over_18 === 1 ? 1 : 0,
    is_deleted: isDeleted,
    is_removed: isRemoved,
    retrieved_at: retrievedAt(raw, created),
    is_sample: options.isSample ? 1 : 0,
    search_text: toSearchText(title, selftext),
    sample_key: sampleKey('posts', id).toString(),
  };
}

function toCommentRow(raw: RawRedditComment, options: NormaliseOptions): CommentsTable | SkipReason {
  const id = baseId(raw.id ?? raw.name);
  if (id === undefined) return 'invalid_id';
  const created = toInt(raw.created_utc);
  if (created === undefined || created < 0) return 'invalid_created_utc';
  const linkId = fullname(raw.link_id, 't3_');
  if (linkId === undefined || !linkId.startsWith('t3_')) return 'invalid_link_id';
  // Pushshift-API-era records: an integer is the base-10 value of the parent comment's id, null means top level.
  const parentId = raw.parent_id == null ? linkId : (fullname(raw.parent_id, 't1_') ?? linkId);
  const subreddit = subredditOf(raw);
  const body = unescapeText(text(raw.body));
  const permalink =
    pathOf(raw.permalink) ?? `${subredditPath(subreddit)}/comments/${linkId.slice(3)}/_/${id}/`;
  const { isDeleted, isRemoved } = deletionFlags(raw, body, undefined);
  return {
    id,
    author: text(raw.author) || '[deleted]',
    body,
    score: scoreOf(raw),
    created_utc: created,
    parent_id: parentId,
    link_id: linkId,
    subreddit,
    replies: 0,
    permalink,
    over_18: raw.over_18 === true || raw.over_18 === 1 ? 1 : 0,
    is_deleted: isDeleted,
    is_removed: isRemoved,
    retrieved_at: retrievedAt(raw, created),
    is_sample: options.isSample ? 1 : 0,
    search_text: toSearchText(body),
    fields_version: FIELDS_VERSION,
    sample_key: sampleKey('comments', id).toString(),
  };
}

const BASE36 = /^[0-9a-z]{1,16}$/;
const PREFIX = /^t[1-9]_/;

/** A base36 id without its `t3_`/`t1_` prefix; a number is taken as the id's base-10 value. */
function baseId(value: unknown): string | undefined {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? value.toString(36) : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const id = value.trim().toLowerCase().replace(PREFIX, '');
  return BASE36.test(id) ? id : undefined;
}

/** A fullname (`t1_…`, `t3_…`); bare ids and integers get the given prefix. */
function fullname(value: unknown, prefix: 't1_' | 't3_'): string | undefined {
  if (typeof value === 'string' && PREFIX.test(value.trim().toLowerCase())) {
    const name = value.trim().toLowerCase();
    return BASE36.test(name.slice(3)) ? name : undefined;
  }
  const id = baseId(value);
  return id === undefined ? undefined : prefix + id;
}

/** Integer seconds / counts from an int, a numeric string or a float (`Math.floor`, §3.8). */
function toInt(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.floor(n) : undefined;
}

function scoreOf(raw: RawRedditThing): number {
  return toInt(raw.score) ?? toInt(raw.ups) ?? 0;
}

/** The latest retrieval the record carries; records without one (API listings, old dumps) fall back to created_utc. */
function retrievedAt(raw: RawRedditThing, created: number): number {
  let latest = -1;
  for (const value of [
    raw.retrieved_on,
    raw.retrieved_utc,
    raw.updated_on,
    raw.updated_utc,
    raw._meta?.retrieved_2nd_on,
  ]) {
    const n = toInt(value);
    if (n !== undefined && n > latest) latest = n;
  }
  return latest >= 0 ? latest : created;
}

const SUBREDDIT_IN_PATH = /^\/r\/([^/]+)/i;

function subredditOf(raw: RawRedditThing): string {
  const direct = text(raw.subreddit);
  if (direct) return direct;
  const prefixed = text(raw.subreddit_name_prefixed);
  if (prefixed.startsWith('r/')) return prefixed.slice(2);
  return pathOf(raw.permalink)?.match(SUBREDDIT_IN_PATH)?.[1] ?? '';
}

const subredditPath = (subreddit: string) => (subreddit ? `/r/${subreddit}` : '');

/** A permalink as a site path; old CSV-era records carry the full `http://www.reddit.com/…` URL. */
function pathOf(permalink: unknown): string | undefined {
  const value = text(permalink);
  if (!value) return undefined;
  return value.replace(/^https?:\/\/[^/]*reddit\.com(?=\/)/i, '');
}

/**
 * Deleted = the author took the text down (`[deleted]` text, removed_by_category deleted/author, Arctic `_meta`
 * removal_type deleted or was_deleted_later). Removed = a moderator, admin or filter did (`[removed]` text or any
 * other removed_by_category / removal_type). An author shown as `[deleted]` whose text is still there is neither.
 */
function deletionFlags(
  raw: RawRedditThing,
  body: string,
  removedByCategory: string | null | undefined,
): { isDeleted: number; isRemoved: number } {
  let isDeleted = 0;
  let isRemoved = 0;
  const marker = body.length <= 11 ? body.trim() : '';
  if (marker === '[deleted]') isDeleted = 1;
  else if (marker === '[removed]') isRemoved = 1;
  for (const category of [removedByCategory, raw._meta?.removal_type]) {
    if (typeof category !== 'string' || !category) continue;
    if (category === 'deleted' || category === 'author') isDeleted = 1;
    else isRemoved = 1;
  }
  if (raw._meta?.was_deleted_later === true) isDeleted = 1;
  return { isDeleted, isRemoved };
}

/** A string field without NUL characters (PostgreSQL rejects them); anything else becomes "". */
function text(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
}

const ENTITY = /&(amp|lt|gt);/g;
const ENTITY_CHARS: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

/** Reddit escapes only &, < and > in text fields; one pass, so `&amp;#x200B;` stays `&#x200B;` (§3.8). */
export function unescapeText(value: string): string {
  return value.includes('&') ? value.replace(ENTITY, (_, name: string) => ENTITY_CHARS[name]!) : value;
}
