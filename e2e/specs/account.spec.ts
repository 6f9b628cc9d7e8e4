import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { csrfToken } from '../support/journey.ts';
import { approveWithoutBrowser } from '../support/simulated-paypal.ts';
import { expect, test } from '../support/fixtures.ts';
import { signInViaApi, signUpViaApi, uniqueUser, type TestUser } from '../support/users.ts';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../artifacts/screenshots');
const SECTIONS = ['profile', 'password', 'api-keys', 'webhooks', 'payments', 'credits', 'your-data'] as const;

test.use({ viewport: { width: 1280, height: 900 } });

/** A new, confirmed account signed in in this browser, on /account. */
async function openAccountAs(page: Page, prefix: string): Promise<TestUser> {
  const user = uniqueUser(prefix);
  await signUpViaApi(page.request, user);
  await signInViaApi(page, user);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  return user;
}

/** Buys credits through the simulated PayPal without leaving the page's session. */
async function buyCredits(page: Page, credits: number): Promise<void> {
  const headers = { 'X-CSRFToken': await csrfToken(page) };
  const created = await page.request.post('/api/paypal/create-order/', {
    data: { credits_requested: credits },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { approval_url: string; order_id: string };
  await approveWithoutBrowser(page, order.approval_url);
  const captured = await page.request.post('/api/paypal/capture-order/', {
    data: { order_id: order.order_id },
    headers,
  });
  expect(captured.status(), await captured.text()).toBe(200);
}

/** Serious or critical axe violations on the page as it is now. */
async function blockingAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

function sectionOf(page: Page, name: string) {
  return page.getByRole('region', { name });
}

async function shootSection(page: Page, id: (typeof SECTIONS)[number], suffix = '') {
  await page.locator(`#${id}`).screenshot({ path: path.join(SCREENSHOTS, `account-${id}${suffix}.png`) });
}

test('every section of /account, with a purchase, its receipt and a screenshot of each', async ({ page }) => {
  const user = await openAccountAs(page, 'acct');
  const profile = sectionOf(page, 'Profile');
  await expect(profile.getByTestId('username')).toHaveText(user.username);
  await profile.getByLabel('Name').fill('Alice Example');
  await profile.getByLabel('Email').fill(`new.${user.email}`);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText(`We sent a confirmation link to new.${user.email}.`)).toBeVisible();
  await expect(profile.getByLabel('Email')).toHaveValue(user.email);
  await shootSection(page, 'profile', '-email-change');
  await buyCredits(page, 5000);
  await page.reload();
  await expect(profile.getByLabel('Name')).toHaveValue('Alice Example');
  await expect(profile.getByText(`Waiting for confirmation of new.${user.email}`)).toBeVisible();

  const payments = sectionOf(page, 'Payments');
  const row = payments.getByRole('row').filter({ hasText: 'Custom amount' });
  await expect(row).toContainText('5,000');
  await expect(row).toContainText('$5.00');
  await expect(row).toContainText('Captured');
  const credits = sectionOf(page, 'Credits');
  await expect(credits.getByTestId('account-balance')).toHaveText('6,000 credits');
  await expect(credits.getByRole('table', { name: 'Credit lots' }).getByRole('row')).toHaveCount(3);
  await expect(credits.getByRole('table', { name: 'Credit history' })).toContainText('Credits added');
  await page.waitForLoadState('networkidle');
  for (const id of SECTIONS) await shootSection(page, id);
  expect(await blockingAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-1280.png'), fullPage: true });

  await row.getByRole('link', { name: /Receipt/ }).click();
  await expect(page).toHaveURL(/\/account\/payments\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('$5.00');
  expect(await blockingAxeViolations(page)).toEqual([]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-receipt-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();

  // No sideways scrolling from a phone to a tablet (the tables scroll inside their cards).
  for (const width of [768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
  }
  await page.screenshot({ path: path.join(SCREENSHOTS, 'account-390.png'), fullPage: true });
});

test('creates an API key that works as "Authorization: Token", then revokes it', async ({
  page,
  request,
}) => {
  await openAccountAs(page, 'keys');
  const keys = sectionOf(page, 'API keys');
  await expect(keys.getByText('You have no API keys yet.')).toBeVisible();
  await keys.getByLabel('Key name').fill('Research script');
  await keys.getByRole('button', { name: 'Create key' }).click();
  const notice = keys.getByTestId('new-api-key');
  await expect(notice).toContainText('shown only once');
  const key = (await notice.locator('code').textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  await expect(keys.getByTestId('curl-example')).toContainText(`Authorization: Token ${key}`);
  await expect(keys.getByRole('table', { name: 'API keys' })).toContainText('Research script');
  await shootSection(page, 'api-keys', '-created');

  // The key alone (no cookies) lists the orders, as the curl example does.
  const withKey = () =>
    request.get('/api/search-queries/list/', { headers: { Authorization: `Token ${key}` } });
  expect((await withKey()).status()).toBe(200);
  await page.reload();
  await expect(keys.getByRole('table', { name: 'API keys' })).not.toContainText('Never');
  await expect(page.getByText(key)).toBeHidden();

  await keys.getByRole('button', { name: 'Revoke Research script' }).click();
  await keys.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(keys.getByText('You have no API keys yet.')).toBeVisible();
  expect((await withKey()).status()).toBe(401);
});

test('changes the password, ending the other sessions, then signs in with the new one', async ({
  page,
  request,
  playwright,
}) => {
  const user = await openAccountAs(page, 'pwd');
  // Another device signed in as the same user.
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const signedIn = await other.post('/api/auth/token/', {
    data: { username: user.username, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  expect((await other.get('/api/users/me/')).status()).toBe(200);
  const form = sectionOf(page, 'Password');
  await form.getByLabel('Current password', { exact: true }).fill(user.password);
  await form.getByLabel('New password', { exact: true }).fill('Weak');
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('Changed456');
  await form.getByLabel('Confirm new password', { exact: true }).fill('Changed456');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your password has been changed.')).toBeVisible();
  await shootSection(page, 'password', '-changed');

  // This session stays, the other one has ended, and the old password no longer signs in.
  expect((await other.get('/api/users/me/')).status()).toBe(401);
  await other.dispose();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const old = await request.post('/api/auth/token/', {
    data: { username: user.username, password: user.password },
  });
  expect(old.status()).toBe(401);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('Changed456');
  await page.getByRole('button', { name: 'Log In' }).click();
  // Back where the session ended (the guard kept /account as the origin) or on the dashboard.
  await expect(page).toHaveURL(/\/(account|dashboard)$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }),
  ).toBeVisible();
});

test('downloads my data as a ZIP once the worker has made it', async ({ page }) => {
  test.setTimeout(120_000);
  await openAccountAs(page, 'data');
  const data = sectionOf(page, 'Your data');
  await data.getByRole('button', { name: 'Download my data' }).click();
  const link = data.getByRole('link', { name: 'Download ZIP' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(data.getByText('Your data is ready to download.')).toBeVisible();
  await shootSection(page, 'your-data', '-ready');

  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^threadcart-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = fs.readFileSync((await file.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // File names sit uncompressed in a ZIP's headers.
  for (const part of ['profile.json', 'orders.json', 'payments.json', 'ledger.json', 'api_keys.json']) {
    expect(bytes.includes(Buffer.from(part)), part).toBe(true);
  }
});

test('deletes the account: signed out, on the home page, and the old sign-in fails', async ({
  page,
  request,
  consoleProblems,
}) => {
  const user = await openAccountAs(page, 'del');
  const data = sectionOf(page, 'Your data');
  await data.getByRole('button', { name: 'Delete my account', exact: true }).click();
  const form = data.getByRole('form', { name: 'Delete account' });
  await form.getByLabel('Your password', { exact: true }).fill(user.password);
  await form.getByLabel('Type DELETE to confirm').fill('DELETE');
  await shootSection(page, 'your-data', '-delete');
  await form.getByRole('button', { name: 'Delete my account permanently' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Account' })).toBeHidden();

  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // That refused sign-in is the one failed request Chromium logs on purpose here.
  const expected = consoleProblems.filter((line) => line.includes('401'));
  expect(expected).toHaveLength(1);
  consoleProblems.splice(consoleProblems.indexOf(expected[0]!), 1);

  // The e-mail address is free for a new account.
  const again = { ...uniqueUser('del2'), email: user.email };
  const signup = await request.post('/api/auth/signup/', {
    data: {
      username: again.username,
      email: again.email,
      password1: again.password,
      password2: again.password,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
});
