import { z } from 'zod';
import type { CorpusSnapshot } from './order-manifest.ts';
import { ORDER_MESSAGES, OrderSchema } from './orders.ts';

/**
 * `POST /api/search-queries/{id}/rerun/` (docs/decisions/029): the same order placed again as a new one, charged as
 * usual. The body may change whether records received before are left out; everything else is the order's own.
 */
export const RerunOrderRequestSchema = z.object({
  exclude_purchased: z.boolean(ORDER_MESSAGES.excludePurchased).optional().meta({
    description: "Leave out the records you received before; absent: the order's own choice.",
  }),
});
export type RerunOrderRequest = z.infer<typeof RerunOrderRequestSchema>;

export const RerunOrderResponseSchema = z.object({
  /** the new order */
  order: OrderSchema,
  /** whether the corpus changed since the order ran; null when the order has no snapshot to compare with */
  corpus_changed: z.boolean().nullable(),
  /** what changed, one sentence each (empty when nothing did or nothing is known) */
  corpus_changes: z.array(z.string()),
});
export type RerunOrderResponse = z.infer<typeof RerunOrderResponseSchema>;

export const RERUN_MESSAGES = {
  placed: 'Placed again as a new order.',
  unchanged: 'The corpus has not changed since this order ran.',
  changed: 'The corpus has changed since this order ran:',
  unknown: 'This order has no corpus snapshot (it did not complete), so a change cannot be told.',
  records: (type: string, before: number, after: number) =>
    `${type}: ${before.toLocaleString('en-US')} → ${after.toLocaleString('en-US')} records.`,
  newest: (type: string, before: string | null, after: string | null) =>
    `${type}: newest retrieval ${before ?? 'none'} → ${after ?? 'none'}.`,
  ingests: (count: number) =>
    count === 1 ? '1 ingest has run since.' : `${count.toLocaleString('en-US')} ingests have run since.`,
} as const;

/** Where an order is placed again. */
export const rerunUrl = (orderId: string) => `/api/search-queries/${encodeURIComponent(orderId)}/rerun/`;

const SNAPSHOT_LABELS = {
  posts: { real: 'Posts', sample: 'Sample posts' },
  comments: { real: 'Comments', sample: 'Sample comments' },
} as const;

/** What differs between the corpus an order ran on and the corpus now, one sentence each; empty when nothing. */
export function describeCorpusChanges(before: CorpusSnapshot, after: CorpusSnapshot): string[] {
  const changes: string[] = [];
  for (const type of ['posts', 'comments'] as const)
    for (const kind of ['real', 'sample'] as const) {
      const was = before[type][kind];
      const now = after[type][kind];
      const label = SNAPSHOT_LABELS[type][kind];
      if (was.records !== now.records) changes.push(RERUN_MESSAGES.records(label, was.records, now.records));
      else if (was.latest_retrieved_at !== now.latest_retrieved_at)
        changes.push(RERUN_MESSAGES.newest(label, was.latest_retrieved_at, now.latest_retrieved_at));
    }
  // Ingests are listed newest first; those finished after the order's newest one ran since.
  const lastSeen = before.sources[0]?.finished_at ?? '';
  const since = after.sources.filter((source) => source.finished_at > lastSeen).length;
  if (since > 0) changes.push(RERUN_MESSAGES.ingests(since));
  return changes;
}
