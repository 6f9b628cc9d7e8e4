import { defineConfig } from 'vitest/config';

/**
 * Tests over a generated 1M-record corpus (built once and kept, minutes on PostgreSQL): kept out of `npm test`'s
 * default run. `npm run test:slow -w @threadcart/server`, with TEST_DATABASE_URL for PostgreSQL.
 */
export default defineConfig({
  test: {
    include: ['test/slow/**/*.slow.test.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 3_600_000,
    pool: 'forks',
  },
});
