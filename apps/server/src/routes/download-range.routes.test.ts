import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus } from '../../test/corpus-factories.ts';
import { fulfilAll, makeOrdersCorpus } from '../../test/order-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';

const FILTERS = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'python' }] };

describe(`downloads resume with Range requests (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let buyer: TestSession;
  let orderId: string;
  let sha256: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await insertCorpus(t.deps.db, makeOrdersCorpus({ posts: 300, comments: 300, prefix: 'R' }));
    buyer = await signUpAndSignIn(t.app);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: buyer.headers,
      payload: { result_count: 500, format_type: 'csv', search_type: 'both', filters: FILTERS },
    });
    orderId = placed.json<{ id: string }>().id;
    await fulfilAll(t.deps);
    const manifest = await t.app.inject({
      method: 'GET',
      url: `/api/search-queries/${orderId}/manifest/`,
      headers: buyer.headers,
    });
    sha256 = manifest.json<{ file: { sha256: string } }>().file.sha256;
  });
  afterAll(() => t.close());

  const download = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/download/${orderId}/`,
      headers: { ...buyer.headers, ...headers },
    });

  it('a download cut at random offsets and resumed with Range has the manifest’s SHA-256', async () => {
    const whole = await download();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toBe(`"${sha256}"`);
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(10_000);
    for (let trial = 0; trial < 5; trial += 1) {
      // The connection drops after a random number of bytes, several times; each resume asks for the rest.
      const received: Buffer[] = [];
      let have = 0;
      while (have < size) {
        const res = await download(have === 0 ? {} : { range: `bytes=${have}-`, 'if-range': `"${sha256}"` });
        expect(res.statusCode).toBe(have === 0 ? 200 : 206);
        if (have > 0) expect(res.headers['content-range']).toBe(`bytes ${have}-${size - 1}/${size}`);
        const cut = Math.min(res.rawPayload.length, 1 + Math.floor(Math.random() * (size / 3)));
        received.push(res.rawPayload.subarray(0, cut));
        have += cut;
      }
      expect(createHash('sha256').update(Buffer.concat(received)).digest('hex')).toBe(sha256);
    }
  });

  it('answers a suffix range, a stale If-Range with the whole file and a range past the end with 416', async () => {
    const suffix = await download({ range: 'bytes=-100' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.length).toBe(100);
    const stale = await download({ range: 'bytes=10-', 'if-range': '"0000"' });
    expect(stale.statusCode).toBe(200);
    const size = stale.rawPayload.length;
    const past = await download({ range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
  });
});
