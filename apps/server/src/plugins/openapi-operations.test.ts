import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { OPERATION_DOCS } from './openapi-operations.ts';
import { OPENAPI_TAGS } from './openapi-tags.ts';
import { listRoutes, type RegisteredRoute } from './route-list.ts';

interface Operation {
  readonly key: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: string[];
  readonly security?: Record<string, string[]>[];
  readonly parameters?: { name: string; in: string; example?: unknown }[];
  readonly requestBody?: { content: Record<string, { example?: unknown }> };
  readonly responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

interface SafeParser {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const TAG_NAMES: readonly string[] = OPENAPI_TAGS.map((tag) => tag.name);

/** Every operation of an OpenAPI document, keyed `METHOD /path`. */
function operationsOf(document: { paths: Record<string, Record<string, object>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      ...(item[method] as Omit<Operation, 'key'>),
      key: `${method.toUpperCase()} ${path}`,
    })),
  );
}

const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;

const isParser = (schema: unknown): schema is SafeParser =>
  typeof (schema as SafeParser | undefined)?.safeParse === 'function';

/** The zod issues of a value against a schema, one line each; empty when it passes. */
function issuesOf(schema: SafeParser, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the OpenAPI document documents every operation (plugins/openapi-operations.ts)', () => {
  let t: TestApp;
  let operations: Operation[];
  let document: { tags?: { name: string; description?: string }[] };
  let routes: Map<string, RegisteredRoute>;

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
    operations = operationsOf(res.json());
    routes = new Map(listRoutes(t.app).map((route) => [keyOf(route), route]));
  });
  afterAll(() => t.close());

  it('gives each operation a summary, a description, one declared tag and an example', () => {
    expect(operations.length).toBeGreaterThan(70);
    const lacking = operations.flatMap((operation) => {
      const route = routes.get(operation.key);
      const doc = OPERATION_DOCS[operation.key];
      const examples = [
        operation.requestBody?.content['application/json']?.example,
        ...Object.values(operation.responses).flatMap((r) =>
          Object.values(r.content ?? {}).map((m) => m.example),
        ),
        ...(operation.parameters ?? []).map((parameter) => parameter.example),
      ].filter((example) => example !== undefined);
      const missing = [
        !operation.summary?.trim() && 'summary',
        (operation.summary ?? '').includes('\n') && 'a one-line summary',
        !operation.description?.trim() && 'description',
        (operation.tags?.length !== 1 || !TAG_NAMES.includes(operation.tags[0]!)) && 'one declared tag',
        examples.length === 0 && 'an example',
        route?.hasBodySchema && doc?.body === undefined && 'a request body example',
      ].filter(Boolean);
      return missing.length > 0 ? [`${operation.key}: ${missing.join(', ')}`] : [];
    });
    // Each line names an operation to document in plugins/openapi-operations-*.ts.
    expect(lacking, lacking.join('\n')).toEqual([]);
  });

  it('names no operation the app does not have (an entry outlived its route, or its path is misspelt)', () => {
    const documented = new Set(operations.map((operation) => operation.key));
    const stale = Object.keys(OPERATION_DOCS).filter((key) => !documented.has(key) || !routes.has(key));
    expect(stale, `entries naming no operation:\n${stale.join('\n')}`).toEqual([]);
  });

  it('lists every declared tag at the top, with its description, and uses each', () => {
    expect(document.tags?.map((tag) => tag.name)).toEqual(TAG_NAMES);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toMatch(/\w/);
    const used = new Set(operations.flatMap((operation) => operation.tags ?? []));
    expect(TAG_NAMES.filter((name) => !used.has(name))).toEqual([]);
  });

  it("passes each request body example through the route's own body schema", () => {
    const failures = Object.entries(OPERATION_DOCS).flatMap(([key, doc]) => {
      const schema = routes.get(key)?.schema.body;
      if (doc.body === undefined) return [];
      if (!isParser(schema)) return [`${key}: a body example for a route without a body schema`];
      return issuesOf(schema, doc.body).map((issue) => `${key}: ${issue}`);
    });
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it("passes each JSON answer example through the route's response schema for its status", () => {
    const failures = Object.entries(OPERATION_DOCS).flatMap(([key, doc]) => {
      const { response } = doc;
      if (
        response?.example === undefined ||
        (response.contentType ?? 'application/json') !== 'application/json'
      )
        return [];
      const schema = routes.get(key)?.schema.response?.[String(response.status)];
      if (!isParser(schema)) return [];
      return issuesOf(schema, response.example).map((issue) => `${key}: ${issue}`);
    });
    expect(failures, failures.join('\n')).toEqual([]);
    // The check above is not vacuous: most answers have a schema to meet.
    const checked = Object.entries(OPERATION_DOCS).filter(([key, doc]) =>
      isParser(routes.get(key)?.schema.response?.[String(doc.response?.status)]),
    );
    expect(checked.length).toBeGreaterThan(30);
  });

  it('gives parameter examples only for parameters the operation has', () => {
    const unknown = operations.flatMap((operation) => {
      const names = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
      return Object.keys(OPERATION_DOCS[operation.key]?.parameters ?? {})
        .filter((name) => !names.has(name))
        .map((name) => `${operation.key}: ${name}`);
    });
    expect(unknown).toEqual([]);
  });

  it('says who may call: sign-in and the other open entry points need nothing, account management no API key', () => {
    const byKey = new Map(operations.map((operation) => [operation.key, operation]));
    expect(byKey.get('POST /api/auth/token/')?.security).toEqual([]);
    expect(byKey.get('POST /api/removal-requests/')?.security).toEqual([]);
    expect(byKey.get('POST /api/auth/token/refresh/')?.security).toEqual([
      { refreshCookie: [], csrfToken: [] },
    ]);
    expect(byKey.get('POST /api/webhooks/')?.security).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    expect(byKey.get('GET /metrics')?.security).toEqual([{ metricsToken: [] }]);
    expect(byKey.get('GET /api/search-queries/list/')?.security).toEqual([
      { sessionCookie: [] },
      { apiKey: [] },
    ]);
    expect(byKey.get('POST /api/search-queries/create/')?.security).toEqual([
      { sessionCookie: [], csrfToken: [] },
      { apiKey: [] },
    ]);
  });
});
