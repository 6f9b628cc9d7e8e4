import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser, type TestUser } from './users.ts';

/** What the browser journeys share: a signed-in user, screenshots at two widths, the credits badge, CSRF. */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/** Signs in through the login form (so the app knows it has a session); lands on /dashboard. */
export async function logInThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A fresh account made through the API (its address confirmed: the sign-up gift), signed in through the form. */
export async function signUpAndLogIn(page: Page, prefix: string): Promise<string> {
  const user = uniqueUser(prefix);
  await signUpViaApi(page.request, user);
  await logInThroughForm(page, user);
  return user.username;
}

/** Full-page screenshots at 1280 and 390 px wide: artifacts/screenshots/<name>-<width>.png; restores 1280. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The credits badge in the top navigation showing exactly `credits` (desktop width). */
export function creditsBadge(page: Page, credits: number) {
  return mainNavigation(page).getByRole('link', { name: `${credits.toLocaleString('en-US')} credits` });
}

/** The balance the credits badge in the top navigation shows. */
export async function readCreditsBadge(page: Page): Promise<number> {
  const badge = mainNavigation(page).getByRole('link', { name: /^[\d,]+ credits$/ });
  await expect(badge).toBeVisible();
  return Number((await badge.innerText()).replace(/[^\d]/g, ''));
}

/** The CSRF token the API wants on cookie-authenticated POSTs. */
export async function csrfToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/csrf/');
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}
