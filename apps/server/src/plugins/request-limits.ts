import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '@threadcart/contracts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { databaseRateLimitStore } from '../services/auth/rate-limit.service.ts';

/** A route's own limit, counted besides the limits every unsafe route has. */
export interface RouteLimit {
  /** Names the counter: two routes with the same name share it. */
  readonly name: string;
  readonly per: 'user' | 'address';
  readonly max: number;
  readonly windowMs: number;
  /** The 429's detail for a wait of `seconds`. */
  readonly message: (seconds: number) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limits of this route on top of the per-address and per-user ones (decision 028). */
    limits?: readonly RouteLimit[];
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MINUTE_MS = 60_000;

type Limiter = (request: FastifyRequest) => Promise<LimitResult>;
interface LimitResult {
  readonly max: number;
  readonly remaining: number;
  readonly ttlInSeconds: number;
  readonly isExceeded: boolean;
  readonly message: (seconds: number) => string;
}

/**
 * Limits every unsafe request (POST, PUT, PATCH, DELETE) per client address and, when signed in, per user, plus the
 * limits a route declares in `config.limits`, with @fastify/rate-limit's counters and headers over a database store
 * so that API processes sharing the database agree. Counted in `onRequest`, before the body is read; register after
 * the authentication hook, which tells the user. A 429 carries Retry-After and the X-RateLimit-* headers.
 */
export async function registerRequestLimits(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps), skipOnError: false });
  const { perAddressPerMinute, perUserPerMinute } = deps.config.rateLimits;
  const limiterFor = (limit: RouteLimit): Limiter => {
    const count = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request) =>
        limit.per === 'user'
          ? `${limit.name}:user:${request.user!.id}`
          : `${limit.name}:ip:${normalizeIP(request.ip)}`,
    });
    return async (request) => {
      const result = await count(request);
      if (result.isAllowed)
        return { max: 0, remaining: Infinity, ttlInSeconds: 0, isExceeded: false, message: limit.message };
      return { ...result, message: limit.message };
    };
  };
  const everyRoute = {
    address: limiterFor({
      name: 'unsafe',
      per: 'address',
      max: perAddressPerMinute,
      windowMs: MINUTE_MS,
      message: API_MESSAGES.tooManyRequests,
    }),
    user: limiterFor({
      name: 'unsafe',
      per: 'user',
      max: perUserPerMinute,
      windowMs: MINUTE_MS,
      message: API_MESSAGES.tooManyRequests,
    }),
  };
  const routeLimiters = new WeakMap<readonly RouteLimit[], { limit: RouteLimit; count: Limiter }[]>();
  const limitersOf = (limits: readonly RouteLimit[]) => {
    let limiters = routeLimiters.get(limits);
    if (!limiters) {
      limiters = limits.map((limit) => ({ limit, count: limiterFor(limit) }));
      routeLimiters.set(limits, limiters);
    }
    return limiters;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const limiters: Limiter[] = [everyRoute.address];
    if (request.user) limiters.push(everyRoute.user);
    for (const { limit, count } of limitersOf(request.routeOptions.config?.limits ?? [])) {
      if (limit.per === 'address' || request.user) limiters.push(count);
    }
    const results = await Promise.all(limiters.map((count) => count(request)));
    applyLimits(reply, results);
  });
}

/** Sets the headers of the tightest limit, and throws the 429 of the longest wait when any limit is exceeded. */
function applyLimits(reply: FastifyReply, results: LimitResult[]): void {
  const exceeded = results.filter((r) => r.isExceeded);
  const shown =
    exceeded.length > 0
      ? exceeded.reduce((a, b) => (b.ttlInSeconds > a.ttlInSeconds ? b : a))
      : results.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  if (shown.max === 0) return;
  const wait = Math.max(1, shown.ttlInSeconds);
  void reply.headers({
    'x-ratelimit-limit': shown.max,
    'x-ratelimit-remaining': shown.remaining,
    'x-ratelimit-reset': wait,
  });
  if (exceeded.length > 0) {
    throw new AppError(429, shown.message(wait), 'throttled', { 'retry-after': String(wait) });
  }
}
