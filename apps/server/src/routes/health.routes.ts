import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from '../services/operations/health.service.ts';
import type { Deps } from '../deps.ts';

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /**
   * `slow`: the ping waited over 2 s but the database answered in the last 10 s (keeps 200); `unreachable`: the ping
   * failed or nothing answered for 10 s; `corrupt`: SQLite's quick_check (at start and hourly, in the background)
   * found damaged pages.
   */
  database: z.enum(['ok', 'slow', 'unreachable', 'corrupt']),
  /** From the background check every 5 s: `slow` (1 s or more) keeps 200; only a write error is `unwritable`. */
  storage: z.enum(['ok', 'slow', 'unwritable']),
  /** How long the last storage check took (or the running one so far), ms; null before the first. */
  storage_check_ms: z.number().int().nonnegative().nullable(),
  /** p99 of the API process's event-loop delay over the last window (about 10 s), rounded to whole ms. */
  event_loop_delay_ms: z.number().int().nonnegative(),
  /** null when the database did not answer in time. */
  corpus: z
    .object({
      state: z.enum(['empty', 'loading sample', 'bulk loading', 'ready']),
      posts: z.number().int().nonnegative(),
      comments: z.number().int().nonnegative(),
      sample_records: z.number().int().nonnegative(),
    })
    .nullable(),
  /** The worker's last heartbeat (every 10 s); `alive` while younger than 60 s. null when the database did not answer. */
  worker: z
    .object({
      last_heartbeat_at: z.string().nullable(),
      heartbeat_age_seconds: z.number().int().nonnegative().nullable(),
      alive: z.boolean(),
    })
    .nullable(),
});

/**
 * `GET /api/health/`: 200 when the database answers and the file storage can be written, else 503 naming the part;
 * both carry the event-loop delay, the corpus's state and the worker's heartbeat.
 */
export function healthRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health/',
      { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_req, reply) => {
        const { isHealthy, database, storage, storageCheckMs, eventLoopDelayMs, corpus, worker } =
          await checkHealth(deps);
        const body = {
          status: isHealthy ? 'ok' : 'degraded',
          database,
          storage,
          storage_check_ms: storageCheckMs,
          event_loop_delay_ms: eventLoopDelayMs,
          corpus: corpus
            ? {
                state: corpus.state,
                posts: corpus.posts,
                comments: corpus.comments,
                sample_records: corpus.sampleRecords,
              }
            : null,
          worker: worker
            ? {
                last_heartbeat_at: worker.lastHeartbeatAt,
                heartbeat_age_seconds: worker.ageSeconds,
                alive: worker.isAlive,
              }
            : null,
        } as const;
        return reply.status(isHealthy ? 200 : 503).send(body);
      },
    );
  };
}
