import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit and API tests sit beside the code in src/; whole-process and whole-flow tests under test/. The hostile
    // campaign has its own config (vitest.hostile.config.ts).
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/hostile/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
