import type { FormatType } from '@threadcart/contracts';
import type { Db } from '../../db/database.ts';
import {
  findPostTitles,
  findThreadComments,
  listTopComments,
  type ThreadComment,
} from '../../db/repositories/orders/thread-context.repository.ts';
import type { RecordInput } from '../../exports/record-source.ts';
import type { CommentRecord, PostRecord, ThreadContext, TopComment } from '../../corpus/records.ts';

/** The most parents a comment's chain holds (JSON and NDJSON; a tabular file needs the parent only). */
export const CONTEXT_MAX_DEPTH = 20;
/** Records whose context one round of statements fetches. */
export const CONTEXT_BATCH = 100;

export interface ThreadOptions {
  readonly includeContext: boolean;
  /** top comments a post carries (0: none) */
  readonly includeComments: number;
  readonly format: FormatType;
}

/**
 * An order's records with their thread context added as the file is written, batch by batch (docs/decisions/029):
 * each batch of CONTEXT_BATCH records costs one statement for the posts' titles and one for each level of the
 * parent chains (at most CONTEXT_MAX_DEPTH, 1 for a tabular file), or one statement for the top comments of a batch
 * of posts, whatever the batch holds. Only one batch's context is held at a time. Without the options the records
 * pass through untouched.
 */
export function withThreadContext(
  db: Db,
  records: { posts: readonly PostRecord[]; comments: readonly CommentRecord[] },
  options: ThreadOptions,
): { posts: RecordInput<PostRecord>; comments: RecordInput<CommentRecord> } {
  const depth = options.format === 'json' || options.format === 'ndjson' ? CONTEXT_MAX_DEPTH : 1;
  return {
    posts:
      options.includeComments > 0
        ? postsWithTopComments(db, records.posts, options.includeComments)
        : records.posts,
    comments: options.includeContext ? commentsWithContext(db, records.comments, depth) : records.comments,
  };
}

/** The records in batches of CONTEXT_BATCH, each batch enriched before it is yielded (one batch held at a time). */
async function* inBatches<T>(
  records: readonly T[],
  enrich: (batch: readonly T[]) => Promise<T[]>,
): AsyncGenerator<T> {
  for (let start = 0; start < records.length; start += CONTEXT_BATCH)
    yield* await enrich(records.slice(start, start + CONTEXT_BATCH));
}

const postsWithTopComments = (db: Db, posts: readonly PostRecord[], limit: number) =>
  inBatches(posts, async (batch) => {
    const byPost = new Map<string, TopComment[]>();
    const found = await listTopComments(
      db,
      batch.map((post) => post.id),
      limit,
    );
    for (const { link_id, ...comment } of found) {
      const list = byPost.get(link_id) ?? [];
      list.push(comment);
      byPost.set(link_id, list);
    }
    return batch.map((post) => ({ ...post, top_comments: byPost.get(`t3_${post.id}`) ?? [] }));
  });

const commentsWithContext = (db: Db, comments: readonly CommentRecord[], depth: number) =>
  inBatches(comments, async (batch) => {
    const contexts = await findContexts(db, batch, depth);
    return batch.map((comment) => ({ ...comment, context: contexts.get(comment.id)! }));
  });

const unique = (values: Iterable<string>) => [...new Set(values)];
const parentCommentId = (fullname: string) => (fullname.startsWith('t1_') ? fullname.slice(3) : undefined);

/**
 * The context of each comment of a batch: its post's title, and its ancestors fetched level by level (each level
 * one statement for the whole batch; a comment of the batch is its own ancestors' source when it is one of them).
 * A chain stops at the post, at the first ancestor the corpus does not hold, or at `depth` parents.
 */
async function findContexts(
  db: Db,
  batch: readonly CommentRecord[],
  depth: number,
): Promise<Map<string, ThreadContext>> {
  const titles = await findPostTitles(db, unique(batch.map((c) => c.link_id.slice(3))));
  const known = new Map<string, ThreadComment>(batch.map((c) => [c.id, c]));
  const missing = new Set<string>();
  const next = (comments: Iterable<ThreadComment>) =>
    unique(
      [...comments]
        .map((c) => parentCommentId(c.parent_id))
        .filter((id): id is string => id !== undefined && !known.has(id) && !missing.has(id)),
    );
  let wanted = next(batch);
  for (let level = 1; level <= depth && wanted.length > 0; level += 1) {
    const found = await findThreadComments(db, wanted);
    for (const comment of found) known.set(comment.id, comment);
    for (const id of wanted) if (!known.has(id)) missing.add(id);
    wanted = next(found);
  }
  return new Map(batch.map((comment) => [comment.id, contextOf(comment, known, titles, depth)] as const));
}

function contextOf(
  comment: CommentRecord,
  known: ReadonlyMap<string, ThreadComment>,
  titles: ReadonlyMap<string, string>,
  depth: number,
): ThreadContext {
  const postId = comment.link_id.slice(3);
  const parents: ThreadContext['parents'] = [];
  let parentId = comment.parent_id;
  for (let id = parentCommentId(parentId); id !== undefined && parents.length < depth;) {
    const parent = known.get(id);
    if (!parent) break;
    parents.push({ id: parent.id, author: parent.author, body: parent.body });
    parentId = parent.parent_id;
    id = parentCommentId(parentId);
  }
  const isComplete = parentCommentId(parentId) === undefined;
  return {
    post: { id: postId, title: titles.get(postId) ?? null },
    parents,
    parents_complete: isComplete,
    next_parent_id: isComplete ? null : parentId,
  };
}
