import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/** Every CSP violation the page reports (the browser fires securitypolicyviolation for each refused load or run). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text()))
      consoleErrors.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ];
}

test('the built app runs under the CSP: no violation on the landing page, sign-in and the order builder', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res?.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { name: 'Unlock Reddit Data at Scale' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: /sign in|log in/i }).first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the Swagger UI at /api/docs/ renders its operations under the CSP', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('/api/search-queries/create/').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('a HEAD request to a page answers as its GET', async ({ request }) => {
  for (const url of ['/', '/dashboard', '/login']) {
    const get = await request.get(url);
    const head = await request.head(url);
    expect(head.status()).toBe(get.status());
    expect(head.headers()['content-type']).toBe(get.headers()['content-type']);
    expect(head.headers()['content-length']).toBe(get.headers()['content-length']);
    expect(await head.body()).toHaveLength(0);
  }
});
