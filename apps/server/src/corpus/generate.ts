import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { GENERIC_DOMAINS, GENERIC_FLAIRS, SAMPLE_SUBREDDITS, SCIENCE_FLAIRS } from './generate-vocabulary.ts';
import { mixSeed, Random, weightedPicker } from './generate-random.ts';
import { authorName, escapeText, makeBody, makeSelftext, makeTitle, slugOf } from './generate-text.ts';
import type { RawRedditComment, RawRedditPost } from './raw-types.ts';

export interface GenerateOptions {
  readonly posts: number;
  readonly comments: number;
  readonly seed: number;
  /**
   * The last day's start, unix seconds: posts spread from 2015-01-01 up to it and no comment is later. Unset: the
   * fixed end 2025-01-01 (comments up to 30 days after), so benches and tests get the same corpus on any day.
   */
  readonly endUtc?: number;
  /** The first day's start, unix seconds (default 2015-01-01): with endUtc, a corpus of one month. */
  readonly startUtc?: number;
  /**
   * Added to every post and comment number before it becomes an id (default 0): a second corpus generated with
   * an offset past the first one's records adds new records rather than retrievals of the same ones.
   */
  readonly idOffset?: number;
}

export interface GeneratedCorpus {
  readonly posts: Iterable<RawRedditPost>;
  readonly comments: Iterable<RawRedditComment>;
}

/** 2015-01-01 to 2025-01-01 (or to `endUtc`): ten years or more, so the dump variations of several eras appear. */
const START = 1_420_070_400;
const END = 1_735_689_600;
/** How far past the fixed end comments of the last posts may run. */
const COMMENT_TAIL = 86_400 * 30;
/** Sample ids start with "zz": far beyond real Reddit ids, so sample rows never collide with real ones. */
const POST_ID_BASE = parseInt('zz00000', 36);
const COMMENT_ID_BASE = parseInt('zz000000', 36);

/** Per-post attributes decided up front (a few bytes per post), so comments can follow their posts lazily. */
interface Plan {
  readonly seed: number;
  readonly postIdBase: number;
  readonly commentIdBase: number;
  /** No comment is created after this (unix seconds). */
  readonly commentsUntil: number;
  readonly created: Float64Array;
  readonly subreddit: Uint8Array;
  readonly score: Int32Array;
  readonly author: Int32Array;
  readonly commentCount: Int32Array;
  readonly authors: number;
}

/**
 * Generates a deterministic, realistic corpus in dump shape: posts spread over ten years and ~50 subreddits,
 * log-normal scores, comment counts that follow the score with a heavy tail (summing to exactly `comments`), and
 * comment trees grown by preferential attachment, so a few comments collect many replies. Records carry the real
 * field names and the variations of their era (string / float created_utc, retrieved_utc, _meta, integer or null
 * parent_id, null score, HTML entities, [deleted] / [removed]), so they exercise the normaliser.
 */
export function generateCorpus(options: GenerateOptions): GeneratedCorpus {
  const plan = makePlan(options);
  return {
    posts: { [Symbol.iterator]: () => postRecords(plan) },
    comments: { [Symbol.iterator]: () => commentRecords(plan) },
  };
}

function makePlan(options: GenerateOptions): Plan {
  const { posts: n, comments: m, seed, endUtc } = options;
  const start = options.startUtc ?? START;
  if (endUtc !== undefined && !(endUtc > start))
    throw new RangeError(`endUtc must be after the start (got ${endUtc})`);
  const end = endUtc ?? END;
  const random = new Random(mixSeed(seed, 1));
  const pickSubreddit = weightedPicker(SAMPLE_SUBREDDITS.map((s) => s.weight));
  const authors = Math.max(50, Math.floor((n + m) / 8));
  const plan: Plan = {
    seed,
    postIdBase: POST_ID_BASE + (options.idOffset ?? 0),
    commentIdBase: COMMENT_ID_BASE + (options.idOffset ?? 0),
    commentsUntil: endUtc ?? END + COMMENT_TAIL,
    created: new Float64Array(n),
    subreddit: new Uint8Array(n),
    score: new Int32Array(n),
    author: new Int32Array(n),
    commentCount: new Int32Array(n),
    authors,
  };
  const weights = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    plan.created[i] = start + Math.floor(((i + random.next()) * (end - start)) / n);
    plan.subreddit[i] = pickSubreddit(random);
    const score = random.chance(0.05) ? 0 : Math.floor(random.logNormal(2.6, 1.9));
    plan.score[i] = Math.min(score, 250_000);
    plan.author[i] = Math.floor(authors * random.next() ** 2);
    weights[i] = Math.pow(plan.score[i]! + 1, 0.6) * random.logNormal(0, 1);
    total += weights[i]!;
  }
  // Systematic rounding of the expected counts: deterministic, and the counts add up to exactly m.
  let cumulative = 0;
  let given = 0;
  for (let i = 0; i < n; i++) {
    cumulative += total > 0 ? (weights[i]! / total) * m : m / n;
    const upTo = i === n - 1 ? m : Math.min(m, Math.floor(cumulative + 1e-9));
    plan.commentCount[i] = upTo - given;
    given = upTo;
  }
  return plan;
}

const monthOf = (epoch: number) => {
  const d = new Date(epoch * 1000);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
};

const REMOVED_CATEGORIES = ['moderator', 'moderator', 'moderator', 'reddit', 'automod_filtered'];

function* postRecords(plan: Plan): Generator<RawRedditPost> {
  for (let i = 0; i < plan.created.length; i++) yield makePost(plan, i);
}

function makePost(plan: Plan, i: number): RawRedditPost {
  const random = new Random(mixSeed(plan.seed, 2, i));
  const subreddit = SAMPLE_SUBREDDITS[plan.subreddit[i]!]!;
  const title = makeTitle(random, subreddit); // first draw: comments regenerate it for their permalinks
  const created = plan.created[i]!;
  const month = monthOf(created);
  const id = (plan.postIdBase + i).toString(36);
  const permalink = `/r/${subreddit.name}/comments/${id}/${slugOf(title)}/`;
  const isSelf = random.chance(subreddit.domains ? 0.45 : 0.7);
  let selftext = isSelf ? makeSelftext(random, subreddit) : '';
  let author = authorName(plan.author[i]!);
  let removedBy: string | null = null;
  const fate = random.next();
  if (fate < 0.02) {
    author = '[deleted]';
    if (isSelf) selftext = '[deleted]';
    removedBy = 'deleted';
  } else if (fate < 0.06) {
    if (isSelf) selftext = '[removed]';
    removedBy = random.pick(REMOVED_CATEGORIES);
  }
  const score = plan.score[i]!;
  const domain = isSelf ? `self.${subreddit.name}` : random.pick(subreddit.domains ?? GENERIC_DOMAINS);
  const record: RawRedditPost = {
    archived: month < 202301,
    author,
    author_flair_css_class: null,
    author_flair_text: null,
    created_utc: month < 201512 ? String(created) : created,
    distinguished: null,
    domain,
    edited: random.chance(0.06) ? created + 60 + random.int(86_400) : false,
    gilded: random.chance(0.01) ? 1 : 0,
    id,
    is_self: isSelf,
    link_flair_text: null,
    locked: false,
    media: null,
    media_embed: {},
    num_comments: plan.commentCount[i]!,
    over_18: random.chance(0.02),
    permalink,
    score: month === 201710 || month === 201711 ? null : score,
    selftext: escapeText(selftext),
    stickied: false,
    subreddit: subreddit.name,
    subreddit_id: `t5_${(1000 + plan.subreddit[i]!).toString(36)}`,
    thumbnail: isSelf ? 'self' : 'default',
    title: escapeText(title),
    ups: score,
    url: isSelf
      ? `https://www.reddit.com${permalink}`
      : `https://${domain}/${id}${random.chance(0.1) ? '?a=1&b=2' : ''}`.replace('&', '&amp;'),
  };
  if (month >= 201401 && month <= 201712 && random.chance(0.01)) delete record.subreddit;
  if (month >= 201808) record.author_fullname = `t2_${(plan.author[i]! + 5000).toString(36)}`;
  if (month >= 201909) record.removed_by_category = removedBy;
  if ((month >= 201401 && month <= 201612) || month >= 202005) record.name = `t3_${id}`;
  if (month >= 202005) record.upvote_ratio = Math.round((0.5 + random.next() / 2) * 100) / 100;
  addMediaAndFlair(record, plan, i, month);
  setRetrieval(record, month, created, random);
  return record;
}

const SCIENCE_SUBREDDITS = new Set(['science', 'askscience', 'physics', 'biology', 'space', 'chemistry']);

/**
 * The fields the post kind and flair filters read, as the dumps carry them by era: link_flair_text on about half
 * the posts (every r/science post), post_hint from 2016, is_video from 2017-08, galleries (is_gallery and a
 * reddit.com/gallery URL) from 2020-07. Drawn from a stream of their own, so every other field stays as it was.
 */
function addMediaAndFlair(record: RawRedditPost, plan: Plan, i: number, month: number): void {
  const random = new Random(mixSeed(plan.seed, 5, i));
  const subreddit = String(record.subreddit ?? '');
  const isScience = SCIENCE_SUBREDDITS.has(subreddit);
  if (isScience ? month >= 201401 : random.chance(0.5))
    record.link_flair_text = random.pick(isScience ? SCIENCE_FLAIRS : GENERIC_FLAIRS);
  if (record.is_self === true) return;
  if (month >= 202007 && random.chance(0.06)) {
    record.is_gallery = true;
    record.domain = 'reddit.com';
    record.url = `https://www.reddit.com/gallery/${String(record.id)}`;
    return;
  }
  const domain = String(record.domain);
  if (month >= 201708) record.is_video = domain === 'v.redd.it';
  if (month >= 201601) {
    if (domain === 'i.redd.it' || domain === 'imgur.com') record.post_hint = 'image';
    else if (domain === 'v.redd.it') record.post_hint = 'hosted:video';
    else if (domain === 'youtube.com') record.post_hint = 'rich:video';
    else record.post_hint = 'link';
  }
}

function* commentRecords(plan: Plan): Generator<RawRedditComment> {
  let next = 0;
  for (let i = 0; i < plan.created.length; i++) {
    const count = plan.commentCount[i]!;
    if (count === 0) continue;
    const subreddit = SAMPLE_SUBREDDITS[plan.subreddit[i]!]!;
    const postId = (plan.postIdBase + i).toString(36);
    const slug = slugOf(makeTitle(new Random(mixSeed(plan.seed, 2, i)), subreddit));
    const random = new Random(mixSeed(plan.seed, 3, i));
    const created = new Float64Array(count);
    const pool: number[] = []; // each comment once, plus once per reply: preferential attachment
    for (let j = 0; j < count; j++) {
      const isTop = j === 0 || random.chance(0.3);
      const parent = isTop ? -1 : pool[random.int(pool.length)]!;
      const after = isTop ? plan.created[i]! : created[parent]!;
      created[j] = Math.min(
        plan.commentsUntil,
        after + 30 + Math.floor(random.exponential(isTop ? 10_800 : 5_400)),
      );
      pool.push(j);
      if (parent >= 0) pool.push(parent);
      yield makeComment(plan, random, {
        id: (plan.commentIdBase + next + j).toString(36),
        parentId: parent < 0 ? `t3_${postId}` : `t1_${(plan.commentIdBase + next + parent).toString(36)}`,
        postId,
        created: created[j]!,
        slug,
        subreddit,
        postAuthor: plan.author[i]!,
        isTop,
      });
    }
    next += count;
  }
}

interface CommentPlace {
  id: string;
  parentId: string;
  postId: string;
  created: number;
  slug: string;
  subreddit: (typeof SAMPLE_SUBREDDITS)[number];
  postAuthor: number;
  isTop: boolean;
}

function makeComment(plan: Plan, random: Random, c: CommentPlace): RawRedditComment {
  const month = monthOf(c.created);
  const authorIndex = random.chance(0.08) ? c.postAuthor : Math.floor(plan.authors * random.next() ** 2);
  let author = authorName(authorIndex);
  let body = makeBody(random, c.subreddit);
  const fate = random.next();
  if (fate < 0.04) [author, body] = ['[deleted]', '[deleted]'];
  else if (fate < 0.07) [author, body] = ['[deleted]', '[removed]'];
  else if (fate < 0.1) author = '[deleted]';
  if (random.chance(0.00005)) body += '\u0000';
  const score = random.chance(0.07)
    ? -random.int(12)
    : Math.floor(random.logNormal(c.isTop ? 1.3 : 0.6, 1.4));
  const record: RawRedditComment = {
    author,
    author_flair_css_class: null,
    author_flair_text: null,
    body: escapeText(body),
    controversiality: score < 0 && random.chance(0.4) ? 1 : 0,
    created_utc: month < 201512 ? String(c.created) : c.created,
    distinguished: null,
    edited: random.chance(0.04) ? c.created + 30 + random.int(7200) : false,
    gilded: 0,
    id: c.id,
    is_submitter: authorIndex === c.postAuthor && author !== '[deleted]',
    link_id: `t3_${c.postId}`,
    parent_id: c.parentId,
    score: month === 201710 || month === 201711 ? null : score,
    stickied: false,
    subreddit: c.subreddit.name,
    subreddit_id: `t5_${(1000 + SAMPLE_SUBREDDITS.indexOf(c.subreddit)).toString(36)}`,
    ups: score,
  };
  if (month >= 201710) record.permalink = `/r/${c.subreddit.name}/comments/${c.postId}/${c.slug}/${c.id}/`;
  if (month >= 201807 && author !== '[deleted]')
    record.author_fullname = `t2_${(authorIndex + 5000).toString(36)}`;
  if ((month >= 201501 && month <= 201507) || month >= 202102) record.name = `t1_${c.id}`;
  // Pushshift-API-era leak: integer parent ids (base 10 of the base36 id) and null for top-level comments.
  if (month >= 202206 && month <= 202303 && random.chance(0.05)) {
    record.parent_id = c.isTop ? null : parseInt(c.parentId.slice(3), 36);
  }
  setRetrieval(record, month, c.created, random);
  return record;
}

/** retrieved_on / retrieved_utc / Arctic Shift `_meta` and float created_utc, by era (reddit-data.md §3.4). */
function setRetrieval(
  record: RawRedditPost | RawRedditComment,
  month: number,
  created: number,
  random: Random,
) {
  if (month >= 202304) {
    record.retrieved_on = created + 10 + random.int(30);
    if (month >= 202311) {
      record._meta = { retrieved_2nd_on: created + 129_600 + random.int(3600) };
      if (random.chance(0.01)) record._meta.was_deleted_later = true;
    }
  } else if (month >= 202005 && month <= 202106) {
    record.retrieved_utc = created + 86_400 * (20 + random.int(300));
  } else {
    record.retrieved_on = created + 86_400 * (1 + random.int(60));
  }
}

/** One NDJSON line; Arctic Shift era files write created_utc as float text (`1706745600.0`). */
function toLine(record: RawRedditPost | RawRedditComment): string {
  const line = JSON.stringify(record);
  if (record._meta && typeof record.created_utc === 'number') {
    const plain = `"created_utc":${record.created_utc},`;
    return line.replace(plain, `"created_utc":${record.created_utc}.0,`);
  }
  return line;
}

/**
 * Writes the generated corpus as RS_/RC_ style NDJSON files in outDir (created if missing) and returns their paths.
 * Streams with backpressure: memory stays small whatever the size.
 */
export async function writeGeneratedCorpus(
  options: GenerateOptions & { readonly outDir: string },
): Promise<{ postsFile: string; commentsFile: string }> {
  await fs.promises.mkdir(options.outDir, { recursive: true });
  const corpus = generateCorpus(options);
  const postsFile = path.join(options.outDir, 'RS_generated.ndjson');
  const commentsFile = path.join(options.outDir, 'RC_generated.ndjson');
  await writeLines(postsFile, corpus.posts);
  await writeLines(commentsFile, corpus.comments);
  return { postsFile, commentsFile };
}

async function writeLines(file: string, records: Iterable<RawRedditPost | RawRedditComment>): Promise<void> {
  const out = fs.createWriteStream(file);
  const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  let buffer: string[] = [];
  let size = 0;
  for (const record of records) {
    const line = toLine(record);
    buffer.push(line);
    size += line.length + 1;
    if (size >= 1 << 20) {
      const ok = out.write(buffer.join('\n') + '\n');
      buffer = [];
      size = 0;
      if (!ok) await Promise.race([once(out, 'drain'), failed]);
    }
  }
  if (buffer.length > 0) out.write(buffer.join('\n') + '\n');
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
}
