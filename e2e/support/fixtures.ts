import { test as base, expect, type Page } from '@playwright/test';

export interface ConsoleCheckOptions {
  /**
   * Console messages a test expects (matched against the message text), each set with `test.use` where the test
   * provokes it on purpose, with a comment saying why. Empty by default: nothing is excused.
   */
  allowedConsoleMessages: RegExp[];
}

/**
 * Every test fails when the browser logs an error or a warning, or a page throws (issue 6: no console errors
 * or warnings during the tests), in the test's page and any other page it opens in the same context. Failed
 * requests (4xx/5xx) count, since Chromium logs them as errors.
 */
export const test = base.extend<ConsoleCheckOptions & { consoleProblems: string[] }>({
  allowedConsoleMessages: [[], { option: true }],
  consoleProblems: [
    async ({ context, page, allowedConsoleMessages }, use) => {
      const problems: string[] = [];
      const isAllowed = (text: string) => allowedConsoleMessages.some((pattern) => pattern.test(text));
      const watch = (watched: Page) => {
        watched.on('console', (message) => {
          if ((message.type() === 'error' || message.type() === 'warning') && !isAllowed(message.text())) {
            problems.push(
              `${message.type()}: ${message.text()} (${message.location().url}) on ${watched.url()}`,
            );
          }
        });
        watched.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      };
      watch(page);
      context.on('page', watch);
      await use(problems);
      expect(problems, 'browser console errors or warnings').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
