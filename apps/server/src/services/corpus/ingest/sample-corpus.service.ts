import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import { writeGeneratedCorpus } from '../../../corpus/generate.ts';
import { countCorpus } from '../../../db/repositories/corpus/stats/corpus-stats.repository.ts';
import type { Database } from '../../../db/schema.ts';
import { systemClock } from '../../../lib/clock.ts';
import { ingestDepsOf, ingestFiles, withIngestLock } from './corpus-ingest.service.ts';
import { recordSampleCorpusState } from '../../operations/service-status.service.ts';

/**
 * The embedded default: fixed size and seed, so every fresh install gets the same records, dated from 2015 up to the
 * day it is installed (issue 33: "last 30 days" and the recent templates find something).
 */
export const SAMPLE_CORPUS = { posts: 20_000, comments: 100_000, seed: 20_261_122 } as const;

/** The start of the current UTC day, unix seconds: the sample corpus's last day. */
export const startOfTodayUtc = (now: Date): number =>
  Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000);

export type SampleCorpusOutcome = 'disabled' | 'present' | 'loaded';

export interface SampleCorpusDeps {
  readonly config: Pick<Config, 'sampleCorpus' | 'database'>;
  readonly db: Kysely<Database>;
  readonly logger: Logger;
}

/**
 * On a fresh install (SAMPLE_CORPUS=auto and no corpus rows) generates the sample corpus into a temp directory and
 * ingests it marked as sample data. A load that was interrupted (only sample rows, fewer than planned) is completed:
 * ingest is idempotent. Runs in the worker process, never on the API's event loop; concurrent callers (two workers)
 * serialise on the corpus load lock, and the later one finds the rows and returns 'present'.
 */
export async function ensureSampleCorpus(
  deps: SampleCorpusDeps,
  size: { posts: number; comments: number; seed: number } = SAMPLE_CORPUS,
): Promise<SampleCorpusOutcome> {
  if (deps.config.sampleCorpus !== 'auto') return 'disabled';
  if (!(await needsLoad(deps.db, size))) return 'present';
  return withIngestLock(deps, async () => {
    if (!(await needsLoad(deps.db, size))) return 'present';
    const started = Date.now();
    // Health and the dry run say "loading sample" meanwhile (service-status.service.ts).
    const status = { db: deps.db, clock: systemClock };
    await recordSampleCorpusState(status, 'loading', { posts: size.posts, comments: size.comments });
    const outDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'threadcart-sample-'));
    try {
      const files = await writeGeneratedCorpus({
        ...size,
        endUtc: startOfTodayUtc(systemClock.now()),
        outDir,
      });
      const summary = await ingestFiles(ingestDepsOf(deps), [files.postsFile, files.commentsFile], {
        isSample: true,
      });
      if (summary.errors.length > 0) throw new Error(summary.errors.map((e) => e.message).join('; '));
    } catch (error) {
      // The load's own error is the one to report, even if this write fails too.
      await recordSampleCorpusState(status, 'failed', { message: (error as Error).message }).catch(() => {});
      throw error;
    } finally {
      await fs.promises.rm(outDir, { recursive: true, force: true });
    }
    const counts = await countCorpus(deps.db);
    await recordSampleCorpusState(status, 'loaded', { posts: counts.posts, comments: counts.comments });
    deps.logger.info(
      { seconds: Math.round((Date.now() - started) / 100) / 10 },
      `Loaded the sample corpus: ${counts.posts} posts, ${counts.comments} comments (generated sample data)`,
    );
    return 'loaded';
  });
}

/** Empty, or only sample rows and fewer than the generator makes (an interrupted first load). */
async function needsLoad(db: Kysely<Database>, size: { posts: number; comments: number }): Promise<boolean> {
  const c = await countCorpus(db);
  if (c.posts + c.comments === 0) return true;
  const isOnlySample = c.samplePosts === c.posts && c.sampleComments === c.comments;
  return isOnlySample && (c.posts < size.posts || c.comments < size.comments);
}
