import type { PreviewQuery, PreviewSearchResult } from './preview-search.ts';

/** Keys longer than this (a very large tree) are not cached: the key would cost more than it saves. */
const MAX_KEY_LENGTH = 16_384;

/**
 * The dry runs the API answered lately, by query (decision 028): people building orders ask the same counts again
 * and again (the same preset, the same few keywords, a change of record count), and on PostgreSQL every repeat
 * would take a database core from every other request. An answer is reused for `ttlMs`; a query with
 * exclude_purchased is never cached (its count moves with the buyer's own deliveries), nor an answer that ran out of
 * time before it saw a single match (an estimate of 0 from a cold cache would otherwise be repeated to everyone).
 */
export interface DryRunCache {
  get(query: PreviewQuery): PreviewSearchResult | undefined;
  set(query: PreviewQuery, result: PreviewSearchResult): void;
  /** Forgets every answer (an approved removal erased records: no cached count may still include them). */
  clear(): void;
}

/** A cache of at most `maxEntries` answers, each kept `ttlMs` (0 keeps none), the least recently used going first. */
export function createDryRunCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): DryRunCache {
  const { ttlMs, maxEntries } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { result: PreviewSearchResult; expiresAt: number }>();
  const keyOf = (query: PreviewQuery): string | undefined => {
    if (ttlMs <= 0 || query.excludeBuyerId !== undefined) return undefined;
    // The record count is left out on purpose: the corpus work of a dry run does not depend on it.
    const key = JSON.stringify([
      query.searchType,
      query.filters,
      ...(query.aggregations ? [query.aggregations] : []),
    ]);
    return key.length <= MAX_KEY_LENGTH ? key : undefined;
  };
  return {
    get(query) {
      const key = keyOf(query);
      const entry = key === undefined ? undefined : entries.get(key);
      if (!entry || key === undefined) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.result;
    },
    set(query, result) {
      const key = keyOf(query);
      if (key === undefined || (result.isEstimate && result.counted === 0 && result.sample.length === 0))
        return;
      entries.delete(key);
      entries.set(key, { result, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    clear() {
      entries.clear();
    },
  };
}
