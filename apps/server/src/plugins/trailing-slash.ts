import type { FastifyInstance, FastifyRequest } from 'fastify';

interface KnownRoute {
  readonly methods: ReadonlySet<string>;
  readonly pattern: RegExp;
}

/**
 * API paths end with a slash (docs/product.md §2.15). Records every `/api/…/` route as it is registered (call before
 * any route) and returns the lookup the not-found handler uses: the same path with its slash when a route answers it
 * with the request's method, else undefined. Only API routes: the SPA's paths and `/metrics` have none.
 */
export function trackSlashedApiRoutes(app: FastifyInstance): (request: FastifyRequest) => string | undefined {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !route.url.endsWith('/')) return;
    const methods = new Set([route.method].flat().map((m) => m.toUpperCase()));
    routes.push({ methods, pattern: patternOf(route.url) });
  });
  return (request) => {
    const [path, query] = splitUrl(request.url);
    if (!path.startsWith('/api/') || path.endsWith('/')) return undefined;
    const slashed = `${path}/`;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const isKnown = routes.some(
      (r) => (r.methods.has(method) || r.methods.has(request.method)) && r.pattern.test(slashed),
    );
    return isKnown ? `${slashed}${query}` : undefined;
  };
}

/** `/api/search-queries/:id/` → /^\/api\/search-queries\/[^/]+\/$/ (a wildcard `*` matches the rest). */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return '[^/]+';
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

function splitUrl(url: string): [path: string, query: string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
