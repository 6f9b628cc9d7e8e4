import { expect, type Page } from '@playwright/test';

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
