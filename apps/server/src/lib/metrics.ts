import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The metrics this process counts as things happen (HTTP requests, dry runs), in one registry per process; the
 * figures read from the database at each scrape are added by services/operations/metrics.service.ts.
 * docs/decisions/023-configuration-and-observability.md lists them all.
 */
export const processRegistry = new Registry();

/** Latency of every HTTP response, by method, route pattern (never the raw URL: ids would explode the series) and status. */
export const httpRequestDuration = new Histogram({
  name: 'threadcart_http_request_duration_seconds',
  help: 'HTTP response time by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/** How long dry runs take, by outcome: done, cancelled (abandoned or over budget), busy (refused) or error. */
export const dryRunDuration = new Histogram({
  name: 'threadcart_dry_run_duration_seconds',
  help: 'Dry-run time by outcome (done, cancelled, busy, error)',
  labelNames: ['outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 5],
  registers: [processRegistry],
});

/** Dry runs stopped before they finished: `abandoned` by the client, `overrun` of their budget, or `superseded` by newer ones of the same user. */
export const dryRunCancellations = new Counter({
  name: 'threadcart_dry_run_cancellations_total',
  help: 'Dry runs stopped before they finished, by reason (abandoned by the client, overrun of the budget, superseded by newer ones of the same user)',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});
