import path from 'node:path';
import type { Page } from '@playwright/test';
import { grantAdminRole } from '../support/admin.ts';
import { expect, test } from '../support/fixtures.ts';
import { approveWithoutBrowser, csrfToken } from '../support/payments-helpers.ts';
import { signInViaApi, signUpViaApi, uniqueUser, type TestUser } from '../support/users.ts';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../artifacts/screenshots');

test.use({ viewport: { width: 1280, height: 900 } });

/** A new administrator (made with the CLI), signed in in this browser. */
async function signInAsAdmin(page: Page): Promise<TestUser> {
  const admin = uniqueUser('admin');
  await signUpViaApi(page.request, admin);
  grantAdminRole(admin.username);
  await signInViaApi(page, admin);
  return admin;
}

async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `admin-${name}.png`), fullPage: true });
}

test('an administrator grants credits to a customer found by search', async ({ page }) => {
  const customer = uniqueUser('cust');
  await signUpViaApi(page.request, customer);
  await signInAsAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Orders per day (30 days)' })).toBeVisible();
  await shoot(page, 'overview');

  await openTab(page, 'Users');
  await page.getByLabel('Search users').fill(customer.username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Open ${customer.username}` }).click();
  const panel = page.getByRole('region', { name: `User ${customer.username}` });
  const balance = panel.getByTestId('admin-user-balance');
  await expect(balance).toHaveText(/credits$/);
  const before = Number((await balance.innerText()).replace(/\D/g, ''));
  const grant = panel.getByRole('form', { name: 'Grant credits' });
  await grant.getByLabel('Credits').fill('500');
  await grant.getByLabel('Reason').fill('goodwill after an outage');
  await grant.getByRole('button', { name: 'Grant credits' }).click();
  await expect(balance).toHaveText(`${(before + 500).toLocaleString('en-US')} credits`);
  await expect(panel.getByText(/admin grant: goodwill after an outage/)).toBeVisible();
  await shoot(page, 'users');

  await openTab(page, 'Audit');
  await expect(
    page.getByRole('table', { name: 'Audit log' }).getByText('credits.grant').first(),
  ).toBeVisible();
  await shoot(page, 'audit');
  await openTab(page, 'Orders');
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await shoot(page, 'orders');
  await openTab(page, 'Corpus');
  await expect(page.getByRole('region', { name: 'Ingest history' })).toBeVisible();
  await shoot(page, 'corpus');
});

test('an administrator refunds a customer’s captured payment through the simulated PayPal', async ({
  page,
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  const buyer = uniqueUser('buyer');
  await signUpViaApi(buyerPage.request, buyer);
  await signInViaApi(buyerPage, buyer);
  const headers = { 'X-CSRFToken': await csrfToken(buyerPage) };
  const created = await buyerPage.request.post('/api/paypal/create-order/', {
    data: { credits_requested: 3000 },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { approval_url: string; order_id: string };
  await approveWithoutBrowser(buyerPage, order.approval_url);
  const captured = await buyerPage.request.post('/api/paypal/capture-order/', {
    data: { order_id: order.order_id },
    headers,
  });
  expect(captured.status(), await captured.text()).toBe(200);
  await buyerContext.close();

  await signInAsAdmin(page);
  await page.goto('/admin/payments');
  const item = page
    .getByRole('listitem')
    .filter({ hasText: buyer.username })
    .filter({ hasText: order.order_id });
  await expect(item.getByTestId('admin-payment-status')).toHaveText('completed');
  const form = item.getByRole('form', { name: 'Refund payment' });
  await form.getByLabel('Reason').fill('customer asked for a refund');
  await form.getByRole('button', { name: 'Refund payment' }).click();
  await expect(item.getByTestId('admin-payment-status')).toHaveText('refunded');
  await shoot(page, 'payments');
});
