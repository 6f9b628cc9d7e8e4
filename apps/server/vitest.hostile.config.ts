import { defineConfig } from 'vitest/config';

/** The hostile-input campaign (docs/decisions/025-hostile-campaign.md): kept out of `npm test`'s default run. */
export default defineConfig({
  test: {
    include: ['test/hostile/**/*.hostile.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
