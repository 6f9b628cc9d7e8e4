import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makePost } from '../../test/corpus-factories.ts';
import { recordWorkerHeartbeat } from '../services/operations/service-status.service.ts';

const TOKEN = 'metrics-test-token-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
    session = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  const scrape = (token = TOKEN) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

  it('refuses a missing or wrong bearer token with 401', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      detail: 'A valid metrics token is required: send Authorization: Bearer <METRICS_TOKEN>.',
      code: 'metrics_token_invalid',
    });
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await scrape('metrics-test-token-0123456780')).statusCode).toBe(401);
    expect((await scrape(`${TOKEN}x`)).statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Token ${TOKEN}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('does not exist without a METRICS_TOKEN', async () => {
    const other = await buildTestApp();
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    } finally {
      await other.close();
    }
  });

  it('reports latency by route, orders by status, queue depth, heartbeat age, dry runs and corpus records', async () => {
    await insertCorpus(t.deps.db, {
      posts: [makePost({ id: 'm1', title: 'python metrics' }), makePost({ id: 'm2', is_sample: 1 })],
    });
    await recordWorkerHeartbeat(t.deps);
    t.clock.advance(30_000);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/create/',
      headers: session.headers,
      payload: {
        title: 'metrics',
        result_count: 1,
        search_type: 'posts',
        format_type: 'json',
        filters: {
          combinator: 'and',
          rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
        },
      },
    });
    expect(order.statusCode).toBe(201);
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/search-queries/preview/',
      headers: session.headers,
      payload: {
        result_count: 1,
        filters: {
          combinator: 'and',
          rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
        },
      },
    });
    expect(preview.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/health/' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /threadcart_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/",status_code="200"\} [1-9]/,
    );
    expect(text).toMatch(
      /threadcart_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/search-queries\/create\/",status_code="201"\} 1/,
    );
    expect(text).toContain('threadcart_orders{status="pending"} 1');
    expect(text).toContain('threadcart_orders{status="completed"} 0');
    expect(text).toContain('threadcart_order_queue_depth 1');
    expect(text).toContain('threadcart_worker_heartbeat_age_seconds 30');
    expect(text).toMatch(/threadcart_dry_run_duration_seconds_count\{outcome="done"\} [1-9]/);
    expect(text).toContain('# TYPE threadcart_dry_run_cancellations_total counter');
    expect(text).toContain('threadcart_corpus_records{type="post",sample="false"} 1');
    expect(text).toContain('threadcart_corpus_records{type="post",sample="true"} 1');
    expect(text).toContain('threadcart_corpus_records{type="comment",sample="false"} 0');
  });

  it('counts a dry run the client abandons as a cancellation', async () => {
    const { dryRunCancellations } = await import('../lib/metrics.ts');
    const before =
      (await dryRunCancellations.get()).values.find((v) => v.labels.reason === 'abandoned')?.value ?? 0;
    const abort = new AbortController();
    abort.abort();
    await expect(
      t.deps.dryRuns.run(
        {
          filters: {
            combinator: 'and',
            rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
          },
          searchType: 'both',
          resultCount: 1,
        } as never,
        { startedAt: Date.now(), signal: abort.signal },
      ),
    ).rejects.toThrow();
    const after =
      (await dryRunCancellations.get()).values.find((v) => v.labels.reason === 'abandoned')?.value ?? 0;
    expect(after).toBe(before + 1);
    expect((await scrape()).body).toMatch(
      /threadcart_dry_run_cancellations_total\{reason="abandoned"\} [1-9]/,
    );
  });
});
