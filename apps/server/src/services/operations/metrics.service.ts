import { Gauge, Registry } from 'prom-client';
import { ORDER_STATUSES } from '@threadcart/contracts';
import {
  countOrdersByStatus,
  countRunnableOrders,
} from '../../db/repositories/operations/metrics.repository.ts';
import type { Deps } from '../../deps.ts';
import { getEventLoopGuard } from '../../lib/event-loop-guard.ts';
import { processRegistry } from '../../lib/metrics.ts';
import { countCorpusRecent, getWorkerHeartbeat } from './service-status.service.ts';

export interface MetricsText {
  readonly contentType: string;
  readonly body: string;
}

/**
 * The Prometheus text of this process's counters (HTTP latency, dry runs) and of the figures read from the database
 * at each scrape: orders by status, the queue's depth, the worker heartbeat's age and the corpus's records (what
 * ingest has stored), and the event loop's delay. Gauges are built per scrape, so two apps in one process (tests) never share their readings.
 */
export async function renderMetrics(deps: Deps): Promise<MetricsText> {
  const [byStatus, queueDepth, heartbeat, corpus] = await Promise.all([
    countOrdersByStatus(deps.db),
    countRunnableOrders(deps.db, deps.clock.now().toISOString()),
    getWorkerHeartbeat(deps),
    countCorpusRecent(deps),
  ]);
  const scrape = new Registry();
  const orders = gauge(scrape, 'threadcart_orders', 'Orders by status', ['status']);
  for (const status of ORDER_STATUSES) orders.set({ status }, byStatus[status] ?? 0);
  gauge(scrape, 'threadcart_order_queue_depth', 'Pending orders a worker may claim now').set(queueDepth);
  const age = gauge(
    scrape,
    'threadcart_worker_heartbeat_age_seconds',
    "Seconds since the worker's last heartbeat (absent when no worker ever ran)",
  );
  if (heartbeat.ageSeconds !== null) age.set(heartbeat.ageSeconds);
  const records = gauge(
    scrape,
    'threadcart_corpus_records',
    'Records ingested into the corpus, by type and whether they are generated sample data',
    ['type', 'sample'],
  );
  records.set({ type: 'post', sample: 'false' }, corpus.posts - corpus.samplePosts);
  records.set({ type: 'post', sample: 'true' }, corpus.samplePosts);
  records.set({ type: 'comment', sample: 'false' }, corpus.comments - corpus.sampleComments);
  records.set({ type: 'comment', sample: 'true' }, corpus.sampleComments);
  gauge(
    scrape,
    'threadcart_event_loop_delay_p99_seconds',
    "p99 of the API process's event-loop delay over the last window (about 10 s), as /api/health/ reports it",
  ).set(getEventLoopGuard().delayP99Ms() / 1000);
  const merged = Registry.merge([processRegistry, scrape]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

function gauge<L extends string>(registry: Registry, name: string, help: string, labelNames: L[] = []) {
  return new Gauge<L>({ name, help, labelNames, registers: [registry] });
}
