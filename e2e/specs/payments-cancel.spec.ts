import { expect, test } from '../support/fixtures.ts';
import { creditsBadge, screenshotBothWidths, signUpAndLogIn } from '../support/journey.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('(c) Cancel on the simulated approval page → /pay/cancel → dashboard says "Payment cancelled successfully."', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'cancel');
  await page.goto('/pricing');
  await page.getByRole('region', { name: 'Starter Pack' }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/sim\/paypal\/checkoutnow\?token=/);
  await expect(page.getByTestId('sim-amount')).toHaveText('$5.00 USD');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/pay\/cancel\?token=[^&]+$/);
  const cancelUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('Your transaction has been cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Redirecting in [1-5] seconds?$/)).toBeVisible();
  await screenshotBothWidths(page, 'pay-cancel');

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  const banner = page.getByText('Payment cancelled successfully.');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(creditsBadge(page, 1000)).toBeVisible();

  // The cancelled order can no longer be paid, and a second visit is recognised.
  const token = new URL(cancelUrl).searchParams.get('token')!;
  const csrf = ((await (await page.request.get('/api/auth/csrf/')).json()) as { csrfToken: string })
    .csrfToken;
  const capture = await page.request.post('/api/paypal/capture-order/', {
    data: { order_id: token },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(capture.status()).toBe(409);
  await page.goto(cancelUrl);
  await expect(page.getByRole('heading', { name: 'Payment already cancelled' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
});

test.describe('a declined card', () => {
  // The failed capture answers 402 and Chromium logs that response as an error: the one console message expected.
  test.use({
    allowedConsoleMessages: [/Failed to load resource: the server responded with a status of 402/],
  });

  test('a declined card comes back to /pay/success and shows "Payment Verification Failed" without adding credits', async ({
    page,
  }) => {
    await signUpAndLogIn(page, 'decline');
    await page.goto('/pricing');
    await page.getByRole('region', { name: 'Business' }).getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByTestId('sim-amount')).toHaveText('$75.00 USD');
    await page.getByRole('button', { name: 'Decline' }).click();

    await expect(page).toHaveURL(/\/pay\/success\?token=/);
    await expect(page.getByRole('heading', { name: 'Payment Verification Failed' })).toBeVisible();
    await expect(
      page.getByText('There was an issue confirming your payment. Please check your dashboard for updates.'),
    ).toBeVisible();
    await expect(page.getByText(/Your payment was declined/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    await expect(creditsBadge(page, 1000)).toBeVisible();
  });
});
