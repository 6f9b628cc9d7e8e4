import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { signInViaApi, signUpViaApi, uniqueUser } from '../support/users.ts';

const DIR = path.resolve(import.meta.dirname, '../artifacts/screenshots');
const WIDTHS = [1280, 390];

const PUBLIC_PAGES = [
  { name: 'home', path: '/', heading: 'Unlock Reddit Data at Scale' },
  { name: 'pricing', path: '/pricing', heading: 'Simple, transparent pricing' },
  { name: 'terms', path: '/terms', heading: 'Terms of Service' },
  { name: 'privacy', path: '/privacy', heading: 'Privacy Policy' },
  { name: 'login', path: '/login', heading: 'Log in' },
  { name: 'signup', path: '/signup', heading: 'Create your account' },
  { name: 'forgot-password', path: '/forgot-password', heading: 'Forgot your password?' },
  { name: 'reset-password', path: '/reset-password?token=example', heading: 'Choose a new password' },
];

const SIGNED_IN_PAGES = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'order', path: '/order' },
  { name: 'credits', path: '/credits' },
  { name: 'order-completed', path: '/order-completed' },
];

async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({ path: path.join(DIR, `${name}-${width}.png`), fullPage: true });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of WIDTHS) {
  test(`public pages at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const { name, path: url, heading } of PUBLIC_PAGES) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await shoot(page, name, width);
    }
  });

  test(`signed-in pages at ${width}px`, async ({ page }) => {
    const user = uniqueUser('shots');
    await signUpViaApi(page.request, user);
    await signInViaApi(page, user);
    await page.setViewportSize({ width, height: 900 });
    for (const { name, path: url } of SIGNED_IN_PAGES) {
      await page.goto(url);
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalScroll(page);
      await shoot(page, name, width);
    }
  });
}

test('no page scrolls sideways from 360 px to 1536 px', async ({ page }) => {
  for (const width of [360, 768, 1024, 1536]) {
    await page.setViewportSize({ width, height: 900 });
    for (const { path: url, heading } of PUBLIC_PAGES) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  }
});
