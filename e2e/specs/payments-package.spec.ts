import { expect, test } from '../support/fixtures.ts';
import { creditsBadge, screenshotBothWidths, signUpAndLogIn } from '../support/journey.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('(b) Professional on /pricing → simulated approval → /pay/success countdown → dashboard +25,000; the same success URL again is "already processed"', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'pro');
  await expect(creditsBadge(page, 1000)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  const professional = page.getByRole('region', { name: 'Professional' });
  await expect(professional).toContainText('$20');
  await screenshotBothWidths(page, 'pricing');
  await professional.getByRole('button', { name: 'Buy Now' }).click();

  await expect(page).toHaveURL(/\/sim\/paypal\/checkoutnow\?token=/);
  await expect(page.getByTestId('sim-amount')).toHaveText('$20.00 USD');
  await screenshotBothWidths(page, 'paypal-approval');
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/pay\/success\?token=[^&]+&PayerID=/);
  const successUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Payment Completed!' })).toBeVisible();
  await expect(page.getByText('Your credits have been updated', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Redirecting in [1-5] seconds?$/)).toBeVisible();
  await expect(creditsBadge(page, 26000)).toBeVisible();
  await screenshotBothWidths(page, 'pay-success');

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByText('Your payment was successful! Your credits have been updated.')).toBeVisible();
  await expect(creditsBadge(page, 26000)).toBeVisible();

  // The same return address again, in this tab (the per-payment flag) ...
  await page.goto(successUrl);
  await expect(page.getByRole('heading', { name: 'Payment already processed' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  // ... and in another tab, which has no flag: the server answers credits_added 0 and nothing is added twice.
  const other = await page.context().newPage();
  await other.goto(successUrl);
  await expect(other.getByRole('heading', { name: 'Payment already processed' })).toBeVisible();
  await expect(creditsBadge(other, 26000)).toBeVisible();
  await expect(other).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  await expect(creditsBadge(other, 26000)).toBeVisible();
});
