import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parquetReadObjects } from 'hyparquet';
import { expect, test } from '../support/fixtures.ts';
import { readCreditsBadge, screenshotBothWidths, signUpAndLogIn } from '../support/journey.ts';
import { waitForCorpus } from '../support/orders-helpers.ts';

const RECORDS = 25;

/** The dashboard row of an order (a re-run has the same title: the id tells them apart). */
function orderRow(page: Page, id: string) {
  return page.getByRole('list', { name: 'Orders' }).locator(`li[data-order-id="${id}"]`);
}

interface ListedOrder {
  id: string;
  title: string;
  status: string;
  records_delivered: number | null;
  credits_charged: number | null;
  exclude_purchased: boolean;
  include_context: boolean;
}

async function listOrders(page: Page): Promise<ListedOrder[]> {
  return (await (await page.request.get('/api/search-queries/list/')).json()) as ListedOrder[];
}

test('deliveries: Parquet with thread context, the manifest, and a re-run of new records only', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndLogIn(page, 'ord_deliv');
  await waitForCorpus(page);
  const creditsBefore = await readCreditsBadge(page);

  // The builder: comments, Parquet, thread context (shown for comments only).
  await page.getByRole('link', { name: 'New Order' }).click();
  await page.getByRole('button', { name: 'Active Comments' }).click();
  await expect(page.getByLabel('Content Type')).toHaveValue('comments');
  await expect(page.getByLabel('Top comments per post')).toHaveCount(0);
  await page.getByLabel('Output Format').selectOption('parquet');
  await page.getByRole('checkbox', { name: /Thread context for comments/ }).check();
  await page.getByLabel('Number of Records').fill(String(RECORDS));
  const title = `Threads ${Date.now().toString(36)}`;
  await page.getByLabel('Order Title').fill(title);
  // The dry run has answered; on a busy machine a keyword's count may come back as an estimate (docs/product.md §6.9).
  await expect(page.getByTestId('dry-run-matches')).toHaveText(/matching records?( \(estimate\))?$/);
  await screenshotBothWidths(page, 'order-thread-context');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order Requested Successfully!' })).toBeVisible();

  // The dashboard: the order completes; its details name the option.
  await page.getByRole('link', { name: 'dashboard', exact: true }).click();
  const order = (await listOrders(page)).find((o) => o.title === title)!;
  const row = orderRow(page, order.id);
  const header = row.getByRole('button').first();
  await expect(header).toContainText('completed', { timeout: 120_000 });
  await header.click();
  await expect(row.getByText('Thread context')).toBeVisible();
  Object.assign(
    order,
    (await listOrders(page)).find((o) => o.id === order.id),
  );
  expect(order).toMatchObject({ include_context: true, exclude_purchased: false });
  const delivered = order.records_delivered!;
  expect(delivered).toBeGreaterThan(0);

  // The file: Parquet with the context columns.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download File' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title}.parquet`);
  const bytes = await fs.readFile((await file.path())!);
  const rows = (await parquetReadObjects({
    file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  })) as Record<string, unknown>[];
  expect(rows).toHaveLength(delivered);
  expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['id', 'body', 'post_title', 'parent_body']));
  // The sample corpus holds the posts of its comments: every comment names its post's title.
  for (const record of rows) expect(typeof record.post_title).toBe('string');

  // The manifest opens from the dashboard as a page; its checksum is the downloaded file's, and its JSON downloads.
  await row.getByRole('link', { name: 'Manifest' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${encodeURIComponent(order.id)}/manifest$`));
  await expect(page.getByRole('heading', { level: 1, name: `Manifest: ${title}` })).toBeVisible();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await expect(page.getByText(sha256)).toBeVisible();
  await screenshotBothWidths(page, 'order-manifest');
  const json = await page.request.get(
    (await page.getByRole('link', { name: 'Download JSON' }).getAttribute('href'))!,
  );
  const manifest = (await json.json()) as Record<string, unknown> & {
    file: { sha256: string; name: string; size_bytes: number };
  };
  expect(manifest).toMatchObject({
    order_id: order.id,
    format_type: 'parquet',
    search_type: 'comments',
    include_context: true,
    exclude_purchased: false,
    delivered_count: delivered,
  });
  expect(manifest.file).toMatchObject({ name: `${title}.parquet`, size_bytes: bytes.length });
  expect(manifest.file.sha256).toBe(sha256);
  await page.getByRole('link', { name: '← Back to the order' }).click();
  await expect(page).toHaveURL(/\/dashboard\?order=/);

  // Re-run it for new records only: a new order, charged for what it delivers, none of it received before.
  await row.getByRole('checkbox', { name: 'Only records I have not received' }).check();
  await row.getByRole('button', { name: 'Re-run this order' }).click();
  await expect(row.getByRole('status')).toContainText('Placed again as a new order.');
  await expect(row.getByRole('status')).toContainText(/The corpus has (not )?changed since this order ran/);
  await screenshotBothWidths(page, 'dashboard-rerun');
  await expect
    .poll(async () => (await listOrders(page)).filter((o) => o.title === title).map((o) => o.status), {
      timeout: 120_000,
    })
    .toEqual(['completed', 'completed']);
  const [rerun] = (await listOrders(page)).filter((o) => o.title === title && o.id !== order.id);
  expect(rerun).toMatchObject({ exclude_purchased: true, include_context: true });
  expect(rerun!.credits_charged).toBe(rerun!.records_delivered);
  await expect.poll(() => readCreditsBadge(page)).toBe(creditsBefore - delivered - rerun!.records_delivered!);
  if (rerun!.records_delivered! > 0) {
    const again = await page.request.get(`/api/download/${rerun!.id}/`);
    const body = await again.body();
    const second = (await parquetReadObjects({
      file: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    })) as { id: string }[];
    const first = new Set(rows.map((r) => String(r.id)));
    expect(second.filter((r) => first.has(r.id))).toEqual([]);
  }
});
