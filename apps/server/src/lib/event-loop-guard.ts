import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A request whose handling saw the loop blocked longer than this is logged as a warning, naming its route. */
export const BLOCKED_WARNING_MS = 100;
/** The histogram's timer: each sample is the time between two of its ticks, so this much is subtracted. */
const RESOLUTION_MS = 20;
/** The p99 reported is that of the last full window (or of the current one, when it is longer). */
const WINDOW_MS = 10_000;
/** The block detector's tick: a tick that comes late by more than its period marks a block. */
const SAMPLE_MS = 20;
/** Only blocks at least this long are remembered; shorter ones are ordinary scheduling noise. */
const REMEMBERED_BLOCK_MS = 50;
const REMEMBERED_BLOCKS = 256;

interface Block {
  readonly startMs: number;
  readonly endMs: number;
}

/** Event-loop delay of this process: a p99 for health and the blocks a request's handling overlapped. */
export interface EventLoopGuard {
  /** p99 of the event-loop delay over the last window (about 10 s), in whole milliseconds. */
  delayP99Ms(): number;
  /** The longest block of the loop (ms) between `sinceMs` (performance.now()) and now, including one not yet over. */
  longestBlockSince(sinceMs: number): number;
}

let guard: EventLoopGuard | undefined;

/**
 * The process's guard, started on first use. One per process: there is one event loop, and its timers are unref'd
 * so they never keep a process alive.
 */
export function getEventLoopGuard(): EventLoopGuard {
  guard ??= startEventLoopGuard();
  return guard;
}

function startEventLoopGuard(): EventLoopGuard {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lastWindowP99 = 0;
  setInterval(() => {
    lastWindowP99 = p99Of(histogram);
    histogram.reset();
  }, WINDOW_MS).unref();

  const blocks: Block[] = [];
  let lastTickMs = performance.now();
  setInterval(() => {
    const nowMs = performance.now();
    const dueMs = lastTickMs + SAMPLE_MS;
    if (nowMs - dueMs >= REMEMBERED_BLOCK_MS) {
      blocks.push({ startMs: dueMs, endMs: nowMs });
      if (blocks.length > REMEMBERED_BLOCKS) blocks.shift();
    }
    lastTickMs = nowMs;
  }, SAMPLE_MS).unref();

  return {
    delayP99Ms: () => Math.round(Math.max(lastWindowP99, p99Of(histogram))),
    longestBlockSince: (sinceMs) => {
      const nowMs = performance.now();
      // The loop may be coming out of a block right now: the detector has not ticked since it began.
      const current = { startMs: lastTickMs + SAMPLE_MS, endMs: nowMs };
      let longest = 0;
      for (const block of [...blocks, current]) {
        if (block.endMs <= sinceMs) continue;
        longest = Math.max(longest, block.endMs - Math.max(block.startMs, sinceMs));
      }
      return Math.round(longest);
    },
  };
}

function p99Of(histogram: ReturnType<typeof monitorEventLoopDelay>): number {
  if (histogram.count === 0) return 0;
  return Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS);
}

/**
 * Logs a warning for every request during whose handling the event loop was blocked longer than
 * BLOCKED_WARNING_MS, naming its route. The request that blocked it is among those named; requests that were
 * merely in flight at the time (waiting on the database, say) are named too, so look for the route that repeats.
 */
export function watchEventLoop(app: FastifyInstance, loopGuard: EventLoopGuard = getEventLoopGuard()): void {
  const startedAt = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    startedAt.set(request, performance.now());
  });
  app.addHook('onResponse', async (request, reply) => {
    const sinceMs = startedAt.get(request);
    if (sinceMs === undefined) return;
    const blockedMs = loopGuard.longestBlockSince(sinceMs);
    if (blockedMs <= BLOCKED_WARNING_MS) return;
    request.log.warn(
      {
        route: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
        statusCode: reply.statusCode,
        blockedMs,
      },
      'event loop blocked while handling this request',
    );
  });
}
