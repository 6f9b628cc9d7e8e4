import { test as base, expect } from '@playwright/test';

/**
 * Every test fails when the browser logs an error or a warning, or a page throws (issue 6: no console errors
 * or warnings during the tests). Failed requests (4xx/5xx) count, since Chromium logs them as errors.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(`${message.type()}: ${message.text()} (${message.location().url}) on ${page.url()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use(problems);
      expect(problems, 'browser console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
