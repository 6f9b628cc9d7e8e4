import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { confirmEmailViaApi } from './outbox.ts';

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');
export const PASSWORD = 'Sup3rSecret!';

/** A fresh account made through the API, then signed in through the login form (so the app knows it has a session). */
export async function signUpAndLogIn(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const created = await page.request.post('/api/auth/signup/', {
    data: {
      username,
      email: `${username}@example.com`,
      password1: PASSWORD,
      password2: PASSWORD,
      name: username,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  // The sign-up gift comes with the confirmed address (decision 020).
  await confirmEmailViaApi(page.request, `${username}@example.com`);
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return username;
}

/** Collects console errors and uncaught page errors; assert the list is empty at the end. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Full-page screenshots at 1280 and 390 px wide: artifacts/screenshots/<name>-<width>.png; restores 1280. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The credits badge in the top navigation (desktop width). */
export function creditsBadge(page: Page, credits: number) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: `${credits.toLocaleString('en-US')} credits`,
  });
}

/** Approves an order on the simulated PayPal page without a browser: what its Approve form sends (a GET). */
export async function approveWithoutBrowser(page: Page, approvalUrl: string): Promise<void> {
  const html = await (await page.request.get(approvalUrl)).text();
  const form = /<form method="get" action="(checkoutnow\/approve)">(.*?)<\/form>/.exec(html);
  expect(form, 'the approval page has an Approve form').not.toBeNull();
  const target = new URL(form![1]!, new URL(approvalUrl, page.url()));
  for (const [, name, value] of form![2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    target.searchParams.set(name!, value!);
  }
  const approved = await page.request.get(target.toString(), { maxRedirects: 0 });
  expect(approved.status()).toBe(303);
}

/** The CSRF token the API wants on cookie-authenticated POSTs. */
export async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf/');
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}
