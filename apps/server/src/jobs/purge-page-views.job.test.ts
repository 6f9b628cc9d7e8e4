import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { listPageViewCounts } from '../services/operations/analytics.service.ts';
import { purgePageViewsJob } from './purge-page-views.job.ts';
import { PERIODIC_JOBS } from './registry.ts';

describe('purge-page-views job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const view = (path: string) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/pageview/', payload: { path, title: path } });

  it('is scheduled', () => {
    expect(PERIODIC_JOBS).toContain(purgePageViewsJob);
  });

  it('deletes views older than 90 days and keeps the rest', async () => {
    await view('/old');
    t.clock.advance(60 * 86_400_000);
    await view('/recent');
    t.clock.advance(30 * 86_400_000 + 1000);
    await purgePageViewsJob.run(t.deps);
    expect(await listPageViewCounts(t.deps)).toEqual([{ path: '/recent', views: 1 }]);
    t.clock.advance(60 * 86_400_000);
    await purgePageViewsJob.run(t.deps);
    expect(await listPageViewCounts(t.deps)).toEqual([]);
  });
});
