import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listRoutes } from './route-list.ts';

const SECURITY_MD = path.join(REPO_ROOT, 'docs/security.md');

interface DocumentedRoute {
  /** ANY matches every method */
  readonly method: string;
  /** a path, or a prefix when it ends with `*` */
  readonly path: string;
}

/**
 * The first cell of every row of docs/security.md's "Routes" table: backticked `METHOD /path` entries, each written
 * out in full (`ANY /prefix/*` covers a mounted set of routes).
 */
function documentedRoutes(markdown: string): DocumentedRoute[] {
  const section = markdown.split(/^## Routes$/m)[1]?.split(/^## /m)[0] ?? '';
  const routes: DocumentedRoute[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const firstCell = line.split('|')[1]!;
    for (const [, method, route] of firstCell.matchAll(/`(GET|HEAD|POST|PUT|PATCH|DELETE|ANY) (\/[^`\s]*)`/g))
      routes.push({ method: method!, path: route! });
  }
  return routes;
}

const covers = (doc: DocumentedRoute, method: string, url: string) =>
  (doc.method === 'ANY' || doc.method === method || (method === 'HEAD' && doc.method === 'GET')) &&
  (doc.path.endsWith('*') ? url.startsWith(doc.path.slice(0, -1)) : url === doc.path);

describe("docs/security.md's Routes table covers every route the app registers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has a row for every method and path (a GET row covers its HEAD)', () => {
    const docs = documentedRoutes(fs.readFileSync(SECURITY_MD, 'utf8'));
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((route) => !docs.some((doc) => covers(doc, route.method, route.url)))
      .map((route) => `${route.method} ${route.url}`);
    // Each line names a route that needs a row in docs/security.md's "Routes" table (who, checks, test).
    expect(missing, `routes without a row in docs/security.md "Routes":\n${missing.join('\n')}`).toEqual([]);
  });

  it('names no route the app does not have (a row outlived its route, or its path is misspelt)', () => {
    const docs = documentedRoutes(fs.readFileSync(SECURITY_MD, 'utf8'));
    const routes = listRoutes(t.app);
    const stale = docs
      .filter((doc) => !routes.some((route) => covers(doc, route.method, route.url)))
      .map((doc) => `${doc.method} ${doc.path}`);
    expect(stale, `rows of docs/security.md "Routes" that match no route:\n${stale.join('\n')}`).toEqual([]);
  });
});
