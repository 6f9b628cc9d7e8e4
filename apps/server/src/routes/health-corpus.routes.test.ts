import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertCorpus, makeComment, makePost } from '../../test/corpus-factories.ts';
import { findServiceStatus } from '../db/repositories/operations/service-status.repository.ts';
import { PERIODIC_JOBS } from '../jobs/registry.ts';
import { workerHeartbeatJob } from '../jobs/worker-heartbeat.job.ts';
import { ensureSampleCorpus } from '../services/corpus/ingest/sample-corpus.service.ts';
import {
  CORPUS_COUNTS_MAX_AGE_MS,
  recordSampleCorpusState,
  recordWorkerHeartbeat,
  WORKER_HEARTBEAT_STALE_MS,
} from '../services/operations/service-status.service.ts';

// /api/health/ reports the corpus's state (empty, loading sample, ready, with counts) and the worker's last
// heartbeat (issue 14); the heartbeat is what the worker writes every 10 s (jobs/worker-heartbeat.job.ts).
describe('GET /api/health/: corpus state and worker heartbeat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // The corpus is counted in the dry-run threads, which the server starts as it starts listening (main.ts).
    await t.deps.dryRuns.warmUp();
  });
  afterAll(() => t.close());

  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    return res.json() as { corpus: Record<string, unknown>; worker: Record<string, unknown> };
  };

  it('goes from empty through loading sample to ready, with counts, as the worker loads the sample', async () => {
    expect((await health()).corpus).toEqual({ state: 'empty', posts: 0, comments: 0, sample_records: 0 });

    await recordWorkerHeartbeat(t.deps);
    await recordSampleCorpusState(t.deps, 'loading');
    await insertCorpus(t.deps.db, { posts: [makePost({ id: 'hp1', is_sample: 1 })] });
    t.clock.advance(CORPUS_COUNTS_MAX_AGE_MS);
    // A stale count is answered at once while a new one runs in a dry-run thread: the next answers carry it.
    await expect
      .poll(async () => (await health()).corpus)
      .toEqual({ state: 'loading sample', posts: 1, comments: 0, sample_records: 1 });

    await insertCorpus(t.deps.db, {
      comments: [makeComment({ id: 'hc1', link_id: 't3_hp1', parent_id: 't3_hp1', is_sample: 1 })],
    });
    await recordSampleCorpusState(t.deps, 'loaded');
    t.clock.advance(CORPUS_COUNTS_MAX_AGE_MS);
    await expect
      .poll(async () => (await health()).corpus)
      .toEqual({ state: 'ready', posts: 1, comments: 1, sample_records: 2 });
  });

  it("reports the worker's last heartbeat and its age, and a load whose worker died as not loading", async () => {
    // The worker's scheduler writes it every 10 s.
    expect(PERIODIC_JOBS).toContain(workerHeartbeatJob);
    expect(workerHeartbeatJob.intervalMs).toBe(10_000);
    const beat = t.clock.now().toISOString();
    await workerHeartbeatJob.run(t.deps);
    t.clock.advance(12_000);
    expect((await health()).worker).toEqual({
      last_heartbeat_at: beat,
      heartbeat_age_seconds: 12,
      alive: true,
    });

    // A worker killed in the middle of the load leaves "loading" behind: with its heartbeat stale, no one loads.
    await recordSampleCorpusState(t.deps, 'loading');
    expect((await health()).corpus.state).toBe('loading sample');
    t.clock.advance(WORKER_HEARTBEAT_STALE_MS);
    const stale = await health();
    expect(stale.worker).toMatchObject({ alive: false, heartbeat_age_seconds: 72 });
    expect(stale.corpus.state).toBe('ready');
  });

  it('answers the dry run with corpus_loading while the sample corpus loads', async () => {
    const { signUpAndSignIn } = await import('../../test/auth-helpers.ts');
    const session = await signUpAndSignIn(t.app);
    const preview = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/search-queries/preview/',
        headers: session.headers,
        payload: {
          result_count: 10,
          filters: { combinator: 'and', rules: [{ field: 'subreddit', operator: 'in', value: ['python'] }] },
        },
      });
    await recordWorkerHeartbeat(t.deps);
    await recordSampleCorpusState(t.deps, 'loading');
    const loading = await preview();
    expect(loading.statusCode).toBe(200);
    expect(loading.json().corpus_loading).toBe(true);
    await recordSampleCorpusState(t.deps, 'loaded');
    expect((await preview()).json().corpus_loading).toBe(false);
  });

  it('is told by the sample corpus load itself: loading while it runs, loaded with its counts after', async () => {
    const other = await buildTestApp();
    try {
      const seen: (string | undefined)[] = [];
      const watch = setInterval(() => {
        void findServiceStatus(other.deps.db, 'sample_corpus').then((row) => seen.push(row?.state));
      }, 20);
      const outcome = await ensureSampleCorpus(
        { ...other.deps, config: { ...other.deps.config, sampleCorpus: 'auto' } },
        { posts: 300, comments: 900, seed: 5 },
      );
      clearInterval(watch);
      expect(outcome).toBe('loaded');
      expect(seen).toContain('loading');
      const row = await findServiceStatus(other.deps.db, 'sample_corpus');
      expect(row?.state).toBe('loaded');
      expect(JSON.parse(row!.details)).toEqual({ posts: 300, comments: 900 });
    } finally {
      await other.close();
    }
  });
});
