import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@threadcart/contracts';
import type { Deps } from './deps.ts';
import { newId } from './lib/ids.ts';
import { serializeRequest } from './lib/logging.ts';
import { registerAuth } from './plugins/auth.ts';
import { mountPaymentsSimulator } from './payments/simulator/mount-simulator.ts';
import { handleFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { documentOperations } from './plugins/openapi-operations.ts';
import { OPENAPI_SECURITY } from './plugins/openapi-security.ts';
import { healthMonitorOf } from './services/operations/health-monitor.ts';
import { registerObservability } from './plugins/observability.ts';
import { registerRequestLimits } from './plugins/request-limits.ts';
import { recordRoutes } from './plugins/route-list.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { trackSlashedApiRoutes } from './plugins/trailing-slash.ts';
import { metricsRoutes } from './routes/metrics.routes.ts';
import { accountBillingRoutes } from './routes/account-billing.routes.ts';
import { accountExportRoutes } from './routes/account-export.routes.ts';
import { accountRoutes } from './routes/account.routes.ts';
import { adminRoutes } from './routes/admin/admin.routes.ts';
import { analyticsRoutes } from './routes/analytics.routes.ts';
import { apiKeysRoutes } from './routes/api-keys.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { corpusRoutes } from './routes/corpus.routes.ts';
import { creditPackagesRoutes } from './routes/credit-packages.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { ordersRoutes } from './routes/orders.routes.ts';
import { passwordResetRoutes } from './routes/password-reset.routes.ts';
import { paypalRoutes } from './routes/paypal.routes.ts';
import { removalRequestsRoutes } from './routes/removal-requests.routes.ts';
import { schedulesRoutes } from './routes/schedules.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { webhooksRoutes } from './routes/webhooks.routes.ts';

export interface BuildAppOptions {
  /** Serve the built web app and its SPA fallback (off in API tests). */
  readonly serveWeb?: boolean;
}

/** The whole HTTP application as a function of its dependencies; it never listens by itself. */
export async function buildApp(deps: Deps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // The request log lines never show a link's token (a mailed link opened in the browser).
    loggerInstance: deps.logger.child({}, { serializers: { req: serializeRequest } }) as FastifyBaseLogger,
    bodyLimit: deps.config.http.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => newId(),
    trustProxy: deps.config.http.trustProxy,
    frameworkErrors: handleFrameworkError,
    ...serverTimeouts(deps.config.http),
  }).withTypeProvider<ZodTypeProvider>();
  // Bodies are JSON only (415 otherwise): Fastify's default text/plain parser would accept the one type a cross-site
  // form can send without a preflight, and the CSRF-exempt entry points rely on JSON only (decision 004).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  recordRoutes(app);
  registerErrorHandler(app);
  registerObservability(app);
  registerTextGuard(app);
  // Before any route is registered: it records the API's routes to redirect their slash-less paths.
  const slashedPathOf = trackSlashedApiRoutes(app);
  await app.register(helmet, securityHeaders(deps.config.appUrl));
  await app.register(cookie, { secret: deps.config.auth.secret });
  registerAuth(app, deps);
  // After authentication, which tells whose request it is.
  await registerRequestLimits(app, deps);
  await app.register(swagger, {
    openapi: { info: { title: 'Threadcart API', version: '1.0.0' }, ...OPENAPI_SECURITY },
    transform: jsonSchemaTransform,
    // Tags, summaries, descriptions, security and examples of every operation (plugins/openapi-operations.ts).
    transformObject: documentOperations,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The storage and SQLite integrity checks run in the background; health reads their last results (issue 28).
  const monitor = healthMonitorOf(deps);
  app.addHook('onReady', async () => monitor.start());
  app.addHook('onClose', async () => monitor.stop());
  await app.register(healthRoutes(deps));
  await app.register(metricsRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(accountBillingRoutes(deps));
  await app.register(accountExportRoutes(deps));
  await app.register(apiKeysRoutes(deps));
  await app.register(passwordResetRoutes(deps));
  await app.register(analyticsRoutes(deps));
  await app.register(ordersRoutes(deps));
  await app.register(corpusRoutes(deps));
  await app.register(paypalRoutes(deps));
  await app.register(removalRequestsRoutes(deps));
  await app.register(webhooksRoutes(deps));
  await app.register(schedulesRoutes(deps));
  await app.register(creditPackagesRoutes());
  await app.register(adminRoutes(deps));
  await mountPaymentsSimulator(app, deps);

  const hasWeb = options.serveWeb === true && (await registerWeb(app, deps.config.webDistDir));
  app.setNotFoundHandler((request, reply) => {
    // `/api/orders` for `/api/orders/`: the documented path (docs/product.md §2.15), query string kept, method and
    // body too (308).
    const slashed = slashedPathOf(request);
    if (slashed) return reply.redirect(slashed, 308);
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/sim/');
    // HEAD answers as GET does, without the body (Node drops it), so a page's HEAD and GET agree.
    if (!hasWeb || isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: API_MESSAGES.notFound, code: 'not_found' });
    }
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}

/**
 * Fastify's and Node's timeouts (decision 028): the whole request (headers and body) must arrive within
 * requestTimeoutMs (else 408 and the socket closes: slow senders cannot hold sockets), an idle socket closes after
 * connectionTimeoutMs, an idle keep-alive connection after keepAliveTimeoutMs. Node checks the first every
 * connectionsCheckingInterval (30 s by default), so it is checked at a quarter of the timeout here.
 */
function serverTimeouts(http: Deps['config']['http']) {
  return {
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.connectionTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, http.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(http.requestTimeoutMs / 4))),
    },
  };
}

/** Serves the built SPA's files; false when it has not been built. */
async function registerWeb(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    return false;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false });
  return true;
}
