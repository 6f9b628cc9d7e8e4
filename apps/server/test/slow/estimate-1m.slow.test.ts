// The dry run's estimate against the exact count over a generated 1M-record corpus (200,000 posts, 800,000
// comments), on the database the suite runs on (TEST_DATABASE_URL for PostgreSQL): for random trees, the exact
// count lies inside the answer's 95 % range in at least 95 % of the cases, and no estimate says 0 when the count is
// not 0 (docs/decisions/035-postgresql-at-10m.md). The corpus is built once (bulk ingest) and kept in bench/.data
// (SQLite) or the database threadcart_estimate_1m (PostgreSQL). Run: npm run test:slow -w @threadcart/server.
import fs from 'node:fs';
import path from 'node:path';
import { parseFilterTreeWithRe2 } from '../../src/corpus/filters/parse-filter-tree.ts';
import type { FilterTreeInput, SearchType } from '@threadcart/contracts';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_SUBREDDITS } from '../../src/corpus/generate-vocabulary.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Kysely } from 'kysely';
import { countMatches } from '../../src/services/corpus/search/corpus-search.service.ts';
import { runPreviewSearch } from '../../src/services/corpus/search/dry-run/preview-search.ts';
import { BENCH_DATA, buildBenchCorpus, ensureBenchFiles } from '../../../../bench/corpus-ingest.ts';
import { TEST_DATABASE_URL, TEST_DIALECT } from '../test-database.ts';

const SPEC = { posts: 200_000, comments: 800_000, seed: 11 };
const TREES = Number(process.env.ESTIMATE_TREES ?? 60);
const BUDGET_MS = 1000;

/** The database of this dialect holding the 1M corpus, built when missing (or built from other files). */
async function openCorpus(): Promise<DatabaseHandle> {
  const files = await ensureBenchFiles(SPEC, 'estimate-1m');
  const key = JSON.stringify(SPEC);
  const manifest = path.join(BENCH_DATA, `estimate-1m-${TEST_DIALECT}.json`);
  let url = `sqlite:${path.join(BENCH_DATA, 'estimate-1m.db')}`;
  if (TEST_DATABASE_URL) {
    url = Object.assign(new URL(TEST_DATABASE_URL), { pathname: '/threadcart_estimate_1m' }).toString();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const exists = await admin.query("select 1 from pg_database where datname = 'threadcart_estimate_1m'");
    if (exists.rowCount === 0) await admin.query('create database threadcart_estimate_1m');
    await admin.end();
  }
  if (!fs.existsSync(manifest) || fs.readFileSync(manifest, 'utf8') !== key) {
    await buildBenchCorpus({
      dialect: TEST_DIALECT,
      url,
      runs: 1,
      files,
      bulk: true,
      sqliteFile: url.startsWith('sqlite:') ? url.slice(7) : undefined,
    });
    fs.writeFileSync(manifest, key);
  }
  const handle = createDatabase(url);
  await migrateToLatest(handle.db as Kysely<unknown>);
  return handle;
}

const WORDS = [...new Set(SAMPLE_SUBREDDITS.flatMap((s) => s.words))].filter((w) => /^[a-z]{3,}$/.test(w));
const rule = (field: string, operator: string, value: unknown) => ({ field, operator, value });
const word = fc.constantFrom(...WORDS);

/** Rules of every kind a dry run plans differently: words, phrases, regexes with and without literals, ranges. */
const ruleArb = fc.oneof(
  word.map((w) => rule('keyword', 'keyword_contains', w)),
  fc.tuple(word, word).map(([a, b]) => rule('keyword', 'keyword_contains', `${a} ${b}`)),
  fc.tuple(word, word).map(([a, b]) => rule('keyword', 'keyword_contains', `"${a} ${b}"`)),
  word.map((w) => rule('keyword', 'does_not_contain', w)),
  fc.tuple(word, word).map(([a, b]) => rule('regex', 'regex_matches', `\\b(${a}|${b})\\b`)),
  word.map((w) => rule('regex', 'regex_matches', `${w.slice(0, 4)}\\w+`)),
  fc.constantFrom('\\b\\w{14,}\\b', '\\d{4}', '[xz]{2}').map((p) => rule('regex', 'regex_matches', p)),
  fc.integer({ min: -5, max: 200 }).map((n) => rule('upvotes', '>=', n)),
  fc.integer({ min: 0, max: 5 }).map((n) => rule('replies', '>=', n)),
  fc
    .subarray(
      SAMPLE_SUBREDDITS.map((s) => s.name),
      { minLength: 1, maxLength: 3 },
    )
    .map((names) => rule('subreddit', 'in', names)),
  fc
    .integer({ min: 2019, max: 2023 })
    .map((year) => rule('created', 'between', [`${year}-01-01`, `${year}-06-30`])),
);

const treeArb: fc.Arbitrary<FilterTreeInput> = fc
  .record({
    combinator: fc.constantFrom('and', 'or'),
    rules: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: ruleArb },
        {
          weight: 1,
          arbitrary: fc.record({
            combinator: fc.constantFrom('and', 'or'),
            not: fc.boolean(),
            rules: fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
          }),
        },
      ),
      { minLength: 1, maxLength: 3 },
    ),
  })
  .map((tree) => tree as FilterTreeInput);

describe(`the dry run's estimate at 1M records (${TEST_DIALECT})`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openCorpus();
  });
  afterAll(() => handle?.close());

  it('holds the exact count inside its 95 % range in at least 95 % of random trees, and never says 0 wrongly', async () => {
    const cases = fc.sample(
      fc.record({ tree: treeArb, searchType: fc.constantFrom<SearchType>('posts', 'comments', 'both') }),
      { numRuns: TREES, seed: 35 },
    );
    const outcomes = [];
    for (const { tree, searchType } of cases) {
      const query = { filters: parseFilterTreeWithRe2(tree), searchType, resultCount: 1000 };
      const answer = await runPreviewSearch(handle.db, query, { budgetMs: BUDGET_MS });
      const exact = (await countMatches(handle.db, query, Number.MAX_SAFE_INTEGER)).count;
      const isInside = answer.isEstimate
        ? answer.low <= exact && exact <= answer.high
        : answer.isCapped
          ? exact >= answer.matches
          : exact === answer.matches;
      outcomes.push({
        tree: JSON.stringify(tree),
        searchType,
        exact,
        answer: answer.isEstimate
          ? `≈ ${answer.matches} (${answer.low}-${answer.high})`
          : `${answer.matches}`,
        isInside,
        isWrongZero: answer.matches === 0 && exact > 0,
        width: answer.isEstimate ? answer.high / Math.max(1, answer.low) : undefined,
      });
    }
    const estimates = outcomes.filter((o) => o.answer.startsWith('≈'));
    const misses = outcomes.filter((o) => !o.isInside);
    // How wide the ranges are (a range can be honest by being useless): the median of high / max(1, low).
    const widths = estimates.map((o) => o.width!).sort((a, b) => a - b);
    const medianWidth = widths.length === 0 ? 0 : widths[Math.floor((widths.length - 1) / 2)]!;
    console.log(
      `${TEST_DIALECT}: ${outcomes.length} trees, ${estimates.length} estimated, ${misses.length} outside their ` +
        `range, median high/low ${medianWidth.toFixed(2)}\n` +
        misses.map((m) => `  ${m.searchType} ${m.tree}: exact ${m.exact}, answered ${m.answer}`).join('\n'),
    );
    // Every case, for a closer look: ESTIMATE_OUTCOMES=file.json.
    if (process.env.ESTIMATE_OUTCOMES)
      fs.writeFileSync(process.env.ESTIMATE_OUTCOMES, JSON.stringify(outcomes, null, 1));
    expect(outcomes.filter((o) => o.isWrongZero)).toEqual([]);
    expect(outcomes.filter((o) => o.isInside).length / outcomes.length).toBeGreaterThanOrEqual(0.95);
  });
});
