import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { healthMonitorOf } from '../services/operations/health-monitor.ts';

describe('GET /api/health/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // The corpus is counted in the dry-run threads, which the server starts as it starts listening (main.ts).
    await t.deps.dryRuns.warmUp();
  });
  afterAll(() => t.close());

  it('reports the database as reachable and the storage as writable', async () => {
    await healthMonitorOf(t.deps).checkStorageNow();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      storage: 'ok',
      storage_check_ms: expect.any(Number),
      event_loop_delay_ms: expect.any(Number),
      corpus: { state: 'empty', posts: 0, comments: 0, sample_records: 0 },
      worker: { last_heartbeat_at: null, heartbeat_age_seconds: null, alive: false },
    });
    expect(res.headers['x-request-id']).toBeTruthy();
    // The probe file is gone again.
    expect(fs.readdirSync(path.join(t.deps.config.storage.dir, '.tmp'))).toEqual([]);
  });

  it('answers 503 naming the storage when STORAGE_DIR cannot be written (issue 18 item 7)', async () => {
    // Running as root ignores file modes, so the directory is replaced by a file: every write fails as it would
    // on a read-only or vanished volume.
    const dir = t.deps.config.storage.dir;
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(dir, 'not a directory');
    try {
      // The check runs in the background every 5 s (issue 28); run it now rather than wait for its timer.
      await healthMonitorOf(t.deps).checkStorageNow();
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        database: 'ok',
        storage: 'unwritable',
        event_loop_delay_ms: expect.any(Number),
      });
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      fs.rmSync(dir, { force: true });
      fs.mkdirSync(path.join(dir, '.tmp'), { recursive: true });
    }
    await healthMonitorOf(t.deps).checkStorageNow();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health/']).toBeDefined();
  });

  it("documents the filter tree's schema: payload forms, every field, its operators and values", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const create = res.json().paths['/api/search-queries/create/'].post;
    const body = create.requestBody.content['application/json'].schema;
    const filters = body.properties.filters;
    expect(filters.type).toBe('object');
    expect(filters.properties.rules.items.anyOf[0].properties.field.enum).toEqual(
      expect.arrayContaining(['keyword', 'regex', 'subreddit', 'created', 'removed', 'post_kind', 'flair']),
    );
    expect(filters.description).toContain('- subreddit (Subreddit; posts and comments): in | not_in;');
    expect(filters.description).toContain('- created (Created; posts and comments): between | >= | <=;');
    expect(body.properties.sort.enum).toEqual(['top', 'new', 'old', 'most_discussed', 'random']);
  });

  it('refuses a malformed JSON body with a readable 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health/',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().detail).toBeTypeOf('string');
  });
});
