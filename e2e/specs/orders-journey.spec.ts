import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from '../support/fixtures.ts';
import { readCreditsBadge, screenshotBothWidths, signUpAndLogIn } from '../support/journey.ts';
import { hasWholeWord, parseCsv, waitForCorpus } from '../support/orders-helpers.ts';

/**
 * Playwright hands the runner's environment to the server it starts, so WORKER_RECORD_DELAY_MS set for the run
 * slows the real worker enough for the dashboard to show the order pending before it completes.
 */
const IS_WORKER_SLOWED = Number(process.env.WORKER_RECORD_DELAY_MS ?? 0) >= 10;

const RECORDS_REQUESTED = 1000;

type PostRow = { title: string; selftext: string; score: number };

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value)
    return value.richText.map((part) => part.text).join('');
  return String(value);
}

async function readPosts(format: string, filePath: string): Promise<PostRow[]> {
  if (format === 'json') {
    const records = JSON.parse(await fs.readFile(filePath, 'utf8')) as Record<string, unknown>[];
    return records.map((r) => ({
      title: String(r.title ?? ''),
      selftext: String(r.selftext ?? ''),
      score: Number(r.score),
    }));
  }
  if (format === 'csv') {
    return parseCsv(await fs.readFile(filePath, 'utf8')).map((r) => ({
      title: r.title ?? '',
      selftext: r.selftext ?? '',
      score: Number(r.score),
    }));
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(filePath);
  const sheet = workbook.getWorksheet('Posts');
  expect(sheet, 'the workbook has a Posts sheet').toBeDefined();
  const header = (sheet!.getRow(1).values as ExcelJS.CellValue[]).map(cellText);
  const column = (name: string) => header.indexOf(name);
  const rows: PostRow[] = [];
  sheet!.eachRow((row, number) => {
    if (number === 1) return;
    const values = row.values as ExcelJS.CellValue[];
    rows.push({
      title: cellText(values[column('title')]),
      selftext: cellText(values[column('selftext')]),
      score: Number(cellText(values[column('score')])),
    });
  });
  return rows;
}

/** The dashboard row of an order and the status its badge shows. */
function orderRow(page: Page, title: string) {
  return page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: title });
}

for (const format of ['json', 'csv', 'xlsx'] as const) {
  test(`journey (a): a new user orders "High Quality Posts" as ${format} and downloads matching records`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUpAndLogIn(page, `ord_${format}`);
    const isFirst = format === 'json';
    await expect(page.getByText('No orders found. Create your first order to get started.')).toBeVisible();
    if (isFirst) await screenshotBothWidths(page, 'dashboard-empty');
    const creditsBefore = await readCreditsBadge(page);
    expect(creditsBefore).toBe(1000);
    await waitForCorpus(page);

    await page.getByRole('link', { name: 'New Order' }).click();
    await expect(page).toHaveURL(/\/order$/);
    await page.getByRole('button', { name: 'High Quality Posts' }).click();
    await expect(page.getByLabel('Query Preview')).toHaveValue(
      "(keyword CONTAINS 'python' AND upvotes BETWEEN 100 AND 500)",
    );
    const matches = page.getByTestId('dry-run-matches');
    await expect(matches).toHaveText(/^(at least )?[\d,]+ matching records?$/);
    const matchCount = Number((await matches.innerText()).replace(/[^\d]/g, ''));
    expect(matchCount).toBeGreaterThan(0);
    await expect(
      page.getByRole('list', { name: 'Sample records' }).getByRole('listitem').first(),
    ).toBeVisible();
    // The whole gift is reserved; the records the corpus cannot supply come back when the order completes.
    await page.getByLabel('Number of Records').fill(String(RECORDS_REQUESTED));
    await expect(page.getByTestId('dry-run-credits-needed')).toHaveText(
      Math.min(RECORDS_REQUESTED, matchCount).toLocaleString('en-US'),
    );
    const title = `E2E ${format} order ${Date.now().toString(36)}`;
    await page.getByLabel('Order Title').fill(title);
    await page.getByLabel('Output Format').selectOption(format);
    if (isFirst) await screenshotBothWidths(page, 'order');

    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page).toHaveURL(/\/order-completed$/);
    await expect(page.getByRole('heading', { name: 'Order Requested Successfully!' })).toBeVisible();
    if (isFirst) await screenshotBothWidths(page, 'order-completed');
    // The reservation shows at once: the badge follows the order without a reload.
    await expect.poll(() => readCreditsBadge(page)).toBe(creditsBefore - RECORDS_REQUESTED);

    await page.getByRole('link', { name: 'dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const row = orderRow(page, title);
    const header = row.getByRole('button').first();
    await expect(header).toBeVisible();
    const firstStatus = (await header.locator('span.rounded-full').textContent())?.trim();
    test.info().annotations.push({ type: 'first status seen', description: firstStatus });
    if (IS_WORKER_SLOWED) {
      // The worker spends WORKER_RECORD_DELAY_MS per record, so the order is still on its way when the page opens.
      expect(['pending', 'processing']).toContain(firstStatus);
    } else {
      expect(['pending', 'processing', 'completed']).toContain(firstStatus);
    }
    await expect(header).toContainText('completed', { timeout: 120_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    const orders = (await (await page.request.get('/api/search-queries/list/')).json()) as {
      title: string;
      file_name: string;
      records_delivered: number;
    }[];
    const order = orders.find((o) => o.title === title)!;
    expect(order.records_delivered).toBeGreaterThan(0);

    await header.click();
    await expect(row.getByTestId('order-filters')).toBeVisible();
    if (isFirst) await screenshotBothWidths(page, 'dashboard');
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download File' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(order.file_name);
    expect(file.suggestedFilename().endsWith(`.${format}`)).toBe(true);
    const posts = await readPosts(format, (await file.path())!);

    expect(posts).toHaveLength(order.records_delivered);
    expect(posts.length).toBe(Math.min(RECORDS_REQUESTED, matchCount));
    for (const post of posts) {
      expect(hasWholeWord(`${post.title}\n${post.selftext}`, 'python'), post.title).toBe(true);
      expect(post.score).toBeGreaterThanOrEqual(100);
      expect(post.score).toBeLessThanOrEqual(500);
    }
    // Unused reserved credits came back: the balance fell by exactly the records delivered.
    await expect.poll(() => readCreditsBadge(page)).toBe(creditsBefore - posts.length);
  });
}
