import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  /** upper case; a GET route's automatic HEAD is listed too */
  readonly method: string;
  readonly url: string;
  /** the route validates a body against a schema */
  readonly hasBodySchema: boolean;
  /** the route's own schemas as declared (zod), for tests that check the OpenAPI document's examples */
  readonly schema: { readonly body?: unknown; readonly response?: Readonly<Record<string, unknown>> };
}

const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/**
 * Records every route as it is registered (call before any route), so that tests can hold each one to what
 * docs/security.md says of it and send each unsafe one the hostile payload forms.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    const hasBodySchema = route.schema?.body !== undefined;
    const schema = {
      body: route.schema?.body,
      response: route.schema?.response as Record<string, unknown> | undefined,
    };
    for (const method of [route.method].flat())
      routes.push({ method: method.toUpperCase(), url: route.url, hasBodySchema, schema });
  });
}

/** The routes an app built by buildApp registered, in registration order. */
export function listRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes = routesByApp.get(app);
  if (!routes) throw new Error('this app did not record its routes (recordRoutes)');
  return routes;
}
