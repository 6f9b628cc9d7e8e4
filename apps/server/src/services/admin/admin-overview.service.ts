import type { AdminCorpus, AdminOverview } from '@threadcart/contracts';
import {
  countAllOrdersByStatus,
  countDaily,
  countOrdersSince,
  countQueueDepth,
  countUsersSince,
  sumRevenueSince,
} from '../../db/repositories/admin/admin-stats.repository.ts';
import { listCorpusIngests } from '../../db/repositories/corpus/ingest/corpus-ingests.repository.ts';
import type { Deps } from '../../deps.ts';
import { sampleStatusOf } from '../corpus/stats/corpus-stats.service.ts';
import {
  countCorpusRecent,
  getCorpusHealth,
  getWorkerHeartbeat,
} from '../operations/service-status.service.ts';

const DAY_MS = 86_400_000;
/** The charts' span, in days (today included). */
const CHART_DAYS = 30;
/** How many ingests the corpus page lists. */
const INGEST_HISTORY = 50;

/** The UTC midnight `days` days before today's. */
const startOfDayUtc = (now: Date, daysBack: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysBack * DAY_MS);

/**
 * The operator's overview: sign-ups, orders and revenue today (since UTC midnight) and over the last 7 and 30 days,
 * orders by status, the worker's last heartbeat and the queue's depth, the corpus's size, and orders and revenue per
 * UTC day for the last 30 days with every day present (zero when nothing happened).
 */
export async function getAdminOverview(deps: Deps): Promise<AdminOverview> {
  const now = deps.clock.now();
  const sinces = [0, 6, CHART_DAYS - 1].map((days) => startOfDayUtc(now, days).toISOString());
  const [users, orders, revenue, byStatus, queueDepth, heartbeat, corpus, daily] = await Promise.all([
    countUsersSince(deps.db, sinces),
    countOrdersSince(deps.db, sinces),
    sumRevenueSince(deps.db, sinces),
    countAllOrdersByStatus(deps.db),
    countQueueDepth(deps.db, now.toISOString()),
    getWorkerHeartbeat(deps),
    countCorpusRecent(deps).then(sampleStatusOf),
    countDaily(deps.db, sinces[2]!),
  ]);
  const periods = (values: number[]) => ({ today: values[0]!, days_7: values[1]!, days_30: values[2]! });
  return {
    users: { ...periods(users.since), total: users.total },
    orders: { ...periods(orders.since), total: orders.total },
    revenue_cents: periods(revenue),
    orders_by_status: byStatus,
    worker: { last_heartbeat_at: heartbeat.lastHeartbeatAt, queue_depth: queueDepth },
    corpus: {
      state: corpus.state,
      posts: corpus.posts,
      comments: corpus.comments,
      sample_records: corpus.sampleRecords,
    },
    daily: Array.from({ length: CHART_DAYS }, (_, i) => {
      const date = startOfDayUtc(now, CHART_DAYS - 1 - i)
        .toISOString()
        .slice(0, 10);
      return { date, orders: daily.orders.get(date) ?? 0, revenue_cents: daily.revenue.get(date) ?? 0 };
    }),
  };
}

/** The corpus by type, subreddit (the `top` largest) and month, sample or real, and the latest ingests. */
export async function getAdminCorpus(deps: Deps, top: number): Promise<AdminCorpus> {
  const [stats, ingests, health] = await Promise.all([
    // Grouping the whole corpus by subreddit and month: in a thread, off the API's event loop (decision 028).
    deps.dryRuns.corpusStats(top),
    listCorpusIngests(deps.db, INGEST_HISTORY),
    getCorpusHealth(deps),
  ]);
  return {
    state: stats.state,
    load_state: health.state,
    posts: stats.posts,
    comments: stats.comments,
    sample_records: stats.sampleRecords,
    by_subreddit: stats.bySubreddit,
    by_month: stats.byMonth,
    ingests: ingests.map((row) => ({
      id: row.id,
      is_sample: Number(row.is_sample) === 1,
      files: JSON.parse(row.files) as string[],
      records_read: Number(row.records_read),
      inserted: Number(row.inserted),
      updated: Number(row.updated),
      unchanged: Number(row.unchanged),
      posts: Number(row.posts),
      comments: Number(row.comments),
      skipped: JSON.parse(row.skipped) as Record<string, number>,
      errors: JSON.parse(row.errors) as { file: string; message: string }[],
      duration_ms: Number(row.duration_ms),
      started_at: row.started_at,
      finished_at: row.finished_at,
    })),
  };
}
