import path from 'node:path';
import type { Page } from '@playwright/test';
import { grantAdminRole } from '../support/admin.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForCorpus } from '../support/orders-helpers.ts';
import { csrfToken } from '../support/journey.ts';
import { approveWithoutBrowser } from '../support/simulated-paypal.ts';
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
  // Issue 28 item 7: the internal reason stays with the operators; the customer's ledger shows the customer note.
  await grant.getByLabel('Internal reason (operators only)').fill('outage INC-42 compensation');
  await grant.getByLabel('Customer note (shown in their ledger)').fill('goodwill after an outage');
  await grant.getByRole('button', { name: 'Grant credits' }).click();
  await expect(balance).toHaveText(`${(before + 500).toLocaleString('en-US')} credits`);
  await expect(panel.getByText(/goodwill after an outage/).first()).toBeVisible();
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

test('an administrator cancels a waiting order and retries it; the worker then delivers it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await waitForCorpus(page);

  // A customer queues two large orders (the suite's worker writes a record per 10 ms: each takes about 10 s) and
  // then a small one, which waits behind them: long enough for an operator to act on it.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  const customer = uniqueUser('waiter');
  await signUpViaApi(customerPage.request, customer);
  await signInViaApi(customerPage, customer);
  const me = (await (await customerPage.request.get('/api/users/me/')).json()) as { user: { id: string } };
  const granted = await page.request.post(`/api/admin/users/${me.user.id}/credits/grant/`, {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: { credits: 2000, reason: 'e2e: room for two large orders' },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const customerHeaders = { 'X-CSRFToken': await csrfToken(customerPage) };
  const filters = { combinator: 'and', rules: [{ field: 'keyword', operator: '=', value: 'the' }] };
  const place = async (title: string, resultCount: number) => {
    const response = await customerPage.request.post('/api/search-queries/create/', {
      headers: customerHeaders,
      data: { title, search_type: 'comments', result_count: resultCount, filters },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const stamp = Date.now().toString(36);
  await place(`E2E large 1 ${stamp}`, 1000);
  await place(`E2E large 2 ${stamp}`, 1000);
  const smallTitle = `E2E small ${stamp}`;
  const smallId = await place(smallTitle, 5);

  await page.goto('/admin/orders');
  const item = page.getByRole('listitem', { name: `Order ${smallTitle}` });
  const status = item.getByTestId('admin-order-status');
  await expect(status).toHaveText('pending');
  const cancel = item.getByRole('form', { name: 'Cancel order' });
  await cancel.getByLabel('Reason').fill('customer asked to hold it');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(status).toHaveText('failed');

  const retry = item.getByRole('form', { name: 'Retry order' });
  await retry.getByLabel('Reason').fill('customer wants it after all');
  await retry.getByRole('button', { name: 'Retry order' }).click();
  await expect(status).not.toHaveText('failed');
  await shoot(page, 'retry');

  // The retried order runs like any other: the customer sees it completed with its file.
  await expect
    .poll(
      async () => {
        const orders = (await (await customerPage.request.get('/api/search-queries/list/')).json()) as {
          id: string;
          status: string;
        }[];
        return orders.find((order) => order.id === smallId)?.status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe('completed');
  await customerContext.close();

  await page.goto('/admin/audit');
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByText('order.cancel').first()).toBeVisible();
  await expect(audit.getByText('order.retry').first()).toBeVisible();
});
