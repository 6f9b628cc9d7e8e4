import {
  MANIFEST_MESSAGES,
  SNAPSHOT_SOURCES_MAX,
  type CorpusSnapshot,
  type OrderManifest,
  type ScrubCounts,
} from '@threadcart/contracts';
import { listCorpusIngests } from '../../db/repositories/corpus/ingest/corpus-ingests.repository.ts';
import {
  snapshotCorpus,
  type CorpusSliceCounts,
} from '../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import { countSuppressions } from '../../db/repositories/privacy/corpus-suppressions.repository.ts';
import { findUserOrder } from '../../db/repositories/orders/orders.repository.ts';
import { countDeliveredByMonth } from '../../db/repositories/orders/delivered-histogram.repository.ts';
import type { OrderRow } from '../../db/tables/orders.tables.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { contentTypeFor } from '../../exports/index.ts';
import { THREADCART_VERSION } from '../../lib/version.ts';
import { orderOptionsOf } from './orders.service.ts';

/** The corpus as an order ran on it (record counts and newest retrieval per type, real and sample apart). */
export async function takeCorpusSnapshot(db: Db): Promise<CorpusSnapshot> {
  const counts = await snapshotCorpus(db);
  const ingests = await listCorpusIngests(db, SNAPSHOT_SOURCES_MAX);
  const suppressed = await countSuppressions(db);
  const slice = (s: CorpusSliceCounts) => ({
    records: s.records,
    latest_retrieved_at:
      s.latestRetrievedAt === null ? null : new Date(s.latestRetrievedAt * 1000).toISOString(),
  });
  return {
    posts: { real: slice(counts.posts.real), sample: slice(counts.posts.sample) },
    comments: { real: slice(counts.comments.real), sample: slice(counts.comments.sample) },
    sources: ingests.map((ingest) => ({
      files: JSON.parse(ingest.files) as string[],
      is_sample: Number(ingest.is_sample) === 1,
      finished_at: ingest.finished_at,
    })),
    suppressed: {
      records_erased: suppressed.recordsErased,
      records: suppressed.records,
      authors: suppressed.authors,
    },
  };
}

/** The manifest of one of the caller's completed orders: 404 for anyone else's, 409 before it completes. */
export async function getOrderManifest(deps: Deps, userId: string, orderId: string): Promise<OrderManifest> {
  const row = await findUserOrder(deps.db, userId, orderId);
  if (!row) throw notFound();
  if (row.status !== 'completed' || row.completed_at === null || row.file_name === null)
    throw conflict(MANIFEST_MESSAGES.notCompleted, 'order_not_completed');
  const [posts, comments] = [
    await countDeliveredByMonth(deps.db, row.id, 'posts'),
    await countDeliveredByMonth(deps.db, row.id, 'comments'),
  ];
  return {
    ...toManifest(row, row.completed_at, row.file_name, deps.config.appUrl),
    delivered_histogram: { interval: 'month', posts, comments },
  };
}

function toManifest(row: OrderRow, completedAt: string, fileName: string, appUrl: string): OrderManifest {
  const delivered = Number(row.records_delivered ?? 0);
  return {
    manifest_version: 1,
    order_id: row.id,
    title: row.title,
    filters: JSON.parse(row.filters) as unknown,
    query_string: row.query_string,
    search_type: row.search_type,
    ...orderOptionsOf(row),
    scrub_counts: row.scrub_counts === null ? null : (JSON.parse(row.scrub_counts) as ScrubCounts),
    removal_url: `${appUrl}/removal`,
    format_type: row.format_type,
    requested_count: Number(row.result_count),
    delivered_count: delivered,
    corpus_snapshot:
      row.corpus_snapshot === null ? null : (JSON.parse(row.corpus_snapshot) as CorpusSnapshot),
    file: {
      name: fileName,
      size_bytes: Number(row.file_size ?? 0),
      sha256: row.file_sha256,
      content_type: contentTypeFor(row.format_type),
      download_url: `/api/download/${row.id}/`,
    },
    created_at: row.created_at,
    completed_at: completedAt,
    threadcart_version: THREADCART_VERSION,
    citation: citationOf(row.id, completedAt, delivered),
  };
}

/** How to cite the extract: the data's origin (Reddit, via the public archive dumps) and the order id. */
function citationOf(orderId: string, completedAt: string, records: number): OrderManifest['citation'] {
  const year = completedAt.slice(0, 4);
  const date = completedAt.slice(0, 10);
  const origin =
    'Reddit posts and comments from the public Reddit archive dumps (Pushshift / Arctic Shift), ' +
    'extracted with Threadcart';
  const text =
    `Reddit (${year}). ${origin} ${THREADCART_VERSION}, order ${orderId} (${records} records, completed ${date}). ` +
    'Original content © its Reddit authors.';
  const key = `threadcart_${orderId.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)}`;
  const bibtex = [
    `@misc{${key},`,
    '  author = {{Reddit}},',
    `  title = {Reddit data extract, order ${orderId}},`,
    `  howpublished = {Public Reddit archive dumps (Pushshift / Arctic Shift), extracted with Threadcart ${THREADCART_VERSION}},`,
    `  year = {${year}},`,
    `  note = {${records} records; completed ${date}; order ${orderId}},`,
    '}',
  ].join('\n');
  return { text, bibtex };
}
