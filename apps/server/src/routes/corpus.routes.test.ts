import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { writeNdjson } from '../../test/fixtures/corpus/corpus-snapshot.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { ingestDepsOf, ingestFiles } from '../services/corpus/ingest/corpus-ingest.service.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-suggest-'));
const SUBREDDITS = { science: 5, SciFi: 3, scicomm: 1, AskScience: 4, python: 2 };

describe(`GET /api/corpus/suggest/ (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUpAndSignIn(t.app);
    let n = 0;
    const posts = Object.entries(SUBREDDITS).flatMap(([subreddit, count]) =>
      Array.from({ length: count }, () => ({
        id: `s${(n += 1)}`,
        title: 'a post',
        selftext: '',
        created_utc: 1_600_000_000,
        subreddit,
        author: n % 2 === 0 ? 'Scientist' : 'sceptic',
        url: n % 3 === 0 ? 'https://i.redd.it/x.png' : `https://www.reddit.com/r/${subreddit}/`,
        score: 1,
        num_comments: 0,
      })),
    );
    await ingestFiles(ingestDepsOf(t.deps), [writeNdjson(dir, 'posts.ndjson', posts)]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const suggest = (query: string, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method: 'GET', url: `/api/corpus/suggest/?${query}`, headers });

  it('returns the names starting with what was typed, any case, r/ ignored, the most records first', async () => {
    const res = await suggest('field=subreddit&q=r/SCI');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      field: 'subreddit',
      suggestions: [
        { name: 'science', records: 5 },
        { name: 'SciFi', records: 3 },
        { name: 'scicomm', records: 1 },
      ],
    });
  });

  it('suggests authors and domains, and the most common names when nothing is typed', async () => {
    expect(
      (await suggest('field=author&q=u/sc')).json().suggestions.map((s: { name: string }) => s.name),
    ).toEqual(['sceptic', 'Scientist']);
    const domains = (await suggest('field=domain&q=')).json().suggestions as {
      name: string;
      records: number;
    }[];
    expect(domains.map((d) => d.name)).toContain('i.redd.it');
    expect(domains.reduce((sum, d) => sum + d.records, 0)).toBe(15);
    expect((await suggest('field=subreddit&q=zzz')).json().suggestions).toEqual([]);
  });

  it('refuses an unknown field with a 400 that says which fields exist, and strangers with a 401', async () => {
    const res = await suggest('field=flair&q=x');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose subreddit, author or domain.');
    expect((await suggest('field=subreddit&q=sci', {})).statusCode).toBe(401);
  });
});
