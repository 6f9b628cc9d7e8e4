import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '../lib/metrics.ts';

/** Paths polled by machines (load balancers, Prometheus): their request lines are logged at debug, not info. */
const POLLED_PATHS = new Set(['/api/health/', '/api/health', '/metrics']);

/**
 * Request logging and metrics: the request lines of health checks and metric scrapes go out at `debug` (shown with
 * LOG_LEVEL=debug), every response's latency is observed by method, route pattern and status.
 */
export function registerObservability(app: FastifyInstance): void {
  app.setChildLoggerFactory(function childLogger(logger, bindings, options, rawRequest) {
    const child = logger.child(bindings, options);
    const path = (rawRequest.url ?? '').split('?')[0]!;
    // Fastify writes "incoming request" and "request completed" at info: for polled paths, info is debug.
    if (POLLED_PATHS.has(path)) child.info = child.debug.bind(child);
    return child;
  });
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
