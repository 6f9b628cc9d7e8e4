import { createHmac } from 'node:crypto';
import { asciiLower } from '@threadcart/contracts';
import type { Db } from '../../db/database.ts';
import { listSuppressions } from '../../db/repositories/privacy/corpus-suppressions.repository.ts';
import { getOrCreatePrivacyKey } from '../../db/repositories/privacy/privacy-keys.repository.ts';

/** The privacy_keys row whose secret keys the authors' suppression hashes. */
const SUPPRESSION_KEY = 'suppression';

/**
 * An author name as a suppression row keeps it: hex HMAC-SHA-256 of the name's key (ASCII lower case, as the corpus
 * matches names) under the server's suppression key. Without the key, the row names nobody (docs/decisions/036).
 */
export function authorSuppressionHash(secret: string, author: string): string {
  return createHmac('sha256', secret)
    .update(`author:${asciiLower(author)}`)
    .digest('hex');
}

/** The suppression key, made on first use. */
export function getSuppressionKey(db: Db, now: Date): Promise<string> {
  return getOrCreatePrivacyKey(db, SUPPRESSION_KEY, now.toISOString());
}

/** Tells an ingest which records it must not store: by id, or by the keyed hash of the author's name. */
export interface SuppressionFilter {
  readonly isEmpty: boolean;
  isSuppressed(table: 'posts' | 'comments', row: { id: string; author: string }): boolean;
}

/**
 * Reads every suppression once (an ingest's start). Author names are hashed only when some author is suppressed,
 * each distinct name once (a dump repeats its authors many times).
 */
export async function loadSuppressionFilter(db: Db, now: Date): Promise<SuppressionFilter> {
  const sets = await listSuppressions(db);
  const isEmpty = sets.post.size + sets.comment.size + sets.author.size === 0;
  if (isEmpty) return { isEmpty, isSuppressed: () => false };
  const secret = sets.author.size > 0 ? await getSuppressionKey(db, now) : '';
  const hashed = new Map<string, boolean>();
  const isAuthorSuppressed = (author: string) => {
    if (sets.author.size === 0) return false;
    let found = hashed.get(author);
    if (found === undefined) {
      found = sets.author.has(authorSuppressionHash(secret, author));
      if (hashed.size >= 100_000) hashed.clear();
      hashed.set(author, found);
    }
    return found;
  };
  return {
    isEmpty,
    isSuppressed: (table, row) =>
      (table === 'posts' ? sets.post : sets.comment).has(row.id) || isAuthorSuppressed(row.author),
  };
}
