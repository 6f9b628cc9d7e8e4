import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** Issue 18 item 4 and the regex cap, over HTTP: hostile filter trees are a 400 naming the limit, never a 500. */
describe('filter tree limits at the API', () => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await buildTestApp();
    session = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  /** `filters` is JSON text: a tree 40,000 levels deep is too deep for JSON.stringify itself. */
  const preview = (filters: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/search-queries/preview/',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: `{"search_type":"posts","result_count":10,"filters":${filters}}`,
    });

  it('answers a tree nested 40,000 levels deep with a 400 that names the depth limit', async () => {
    const levels = 40_000;
    const leaf = '{"combinator":"and","rules":[{"field":"keyword","operator":"=","value":"a"}]}';
    const deep = '{"rules":['.repeat(levels) + leaf + ']}'.repeat(levels);
    expect(deep.length).toBeLessThan(t.deps.config.http.bodyLimit);
    const res = await preview(deep);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('groups nest at most 5 levels deep.');
  });

  it('refuses more than 10 regex rules in one tree', async () => {
    const regex = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ field: 'regex', operator: 'regex_matches', value: `x${i}` }));
    expect((await preview(JSON.stringify({ combinator: 'or', rules: regex(10) }))).statusCode).toBe(200);
    const res = await preview(JSON.stringify({ combinator: 'or', rules: regex(11) }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('a filter tree holds at most 10 regex rules.');
  });

  it("refuses a pattern RE2 cannot compile at the request schema, with RE2's message naming the rule", async () => {
    const filters = {
      combinator: 'and',
      rules: [
        { field: 'keyword', operator: '=', value: 'x' },
        { field: 'regex', operator: 'regex_matches', value: '(?=a)b' },
      ],
    };
    const expected = { filters: ['Rule 2 (regex): invalid pattern: lookahead `(?=` is not supported'] };
    const dryRun = await preview(JSON.stringify(filters));
    expect(dryRun.statusCode).toBe(400);
    expect(dryRun.json()).toEqual(expected);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: session.headers,
      payload: { result_count: 1, filters },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual(expected);
  });
});
