import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDatabase } from '../../../../../test/test-database.ts';
import { writeGeneratedCorpus } from '../../../../corpus/generate.ts';
import { ingestFiles } from '../../../../services/corpus/ingest/corpus-ingest.service.ts';
import { withTransaction } from '../../../database.ts';
import { lookupCondition } from '../../../filter-sql/index-lookup.ts';
import { countLookupCandidates } from './bitmap-probe.repository.ts';
import { probeLookup } from './corpus-search.repository.ts';
import type { IndexLookup } from '../../../../corpus/filters/index-lookups.ts';

// PostgreSQL only: SQLite's probe reads rowids from its index and has no bitmap.
describe.skipIf(TEST_DIALECT !== 'postgres')('the bitmap probe of a lookup (PostgreSQL)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadcart-bitmap-'));
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const generated = await writeGeneratedCorpus({ posts: 400, comments: 3000, seed: 5, outDir: dir });
    await ingestFiles(database, [generated.postsFile, generated.commentsFile]);
    await sql`analyze posts, comments`.execute(database.db);
  }, 120_000);
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const words = (...tokens: string[]): IndexLookup => ({
    kind: 'words',
    terms: tokens.map((token) => ({ tokens: [token], prefix: false })),
  });
  const lookups: IndexLookup[] = [
    words('data'),
    words('python', 'data'),
    { kind: 'union', parts: [words('python'), words('data')] },
  ];

  it('reads an upper bound of the rows from the bitmap, and the probe keeps to its limit', async () => {
    for (const lookup of lookups) {
      const rows = sql`select 1 from comments where ${lookupCondition(lookup, 'comments')}`;
      const { rows: counted } = await sql<{ n: string }>`select count(*) as n from (${rows}) r`.execute(
        database.db,
      );
      const exact = Number(counted[0]!.n);
      expect(exact).toBeGreaterThan(0);
      const bitmap = await withTransaction(database.db, async (trx) => {
        await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
          trx,
        );
        return countLookupCandidates(trx, 'comments', lookup);
      });
      // The plan is a bitmap scan: the size comes from it, never below the rows the lookup lists.
      expect(bitmap).toBeDefined();
      expect(bitmap!).toBeGreaterThanOrEqual(exact);
      expect(await probeLookup(database.db, 'comments', lookup, exact + 1_000_000)).toBe(bitmap);
      expect(await probeLookup(database.db, 'comments', lookup, 3)).toBe(3);
    }
  });

  it('reads a trigram lookup from the trigram index, whose text folds long s and the Kelvin sign', async () => {
    // The expression must be the index's word for word, or the planner cannot use the index (migration
    // 20261128000400: the first one folded the ASCII letter K where the Kelvin sign was meant).
    const { rows: definitions } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where indexname in ('posts_regex_trgm_idx', 'comments_regex_trgm_idx') and schemaname = current_schema()`.execute(
      database.db,
    );
    expect(definitions).toHaveLength(2);
    for (const { indexdef } of definitions) {
      expect(indexdef).toContain("'\u017f'");
      expect(indexdef).toContain("'\u212a'");
    }
    for (const table of ['posts', 'comments'] as const) {
      const trigrams: IndexLookup = { kind: 'trigrams', literals: { kind: 'literal', text: 'data' } };
      const plan = await withTransaction(database.db, async (trx) => {
        // A filter priced high, so that on these small tables the planner prefers the index that answers it.
        await sql`select set_config('enable_seqscan', 'off', true), set_config('cpu_operator_cost', '10', true)`.execute(
          trx,
        );
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select 1 from ${sql.table(table)}
          where ${lookupCondition(trigrams, table)}`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`Bitmap Index Scan on ${table}_regex_trgm_idx`);
    }
  });
});
