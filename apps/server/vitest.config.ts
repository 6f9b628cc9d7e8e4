import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and API tests sit beside the code in src/; whole-process and whole-flow tests under test/. The hostile
    // campaign and the slow tests (a 1M-record corpus) have their own configs (vitest.hostile.config.ts,
    // vitest.slow.config.ts: `npm run test:slow`).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/hostile/**', 'test/slow/**'],
    // A partitioned corpus (TEST_CORPUS_LAYOUT, decision 041) makes a month's partition the first time a test's
    // records reach it: the generated corpora span ten years, 240 partitions of about 75 ms each.
    testTimeout: process.env.TEST_CORPUS_LAYOUT === 'partitioned' ? 240_000 : 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
