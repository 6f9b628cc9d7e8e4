import { expect, test } from '../support/fixtures.ts';
import { creditsBadge, csrfToken, screenshotBothWidths, signUpAndLogIn } from '../support/journey.ts';
import { approveWithoutBrowser } from '../support/simulated-paypal.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('(d) 1,500 custom credits on /credits → approve → +1,500 on the badge and on /credits', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'custom');
  await creditsBadge(page, 1000).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByRole('heading', { name: 'Purchase Credits' })).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('1,000 credits');
  await expect(page.getByRole('list', { name: 'Credit lots' })).toContainText('Sign-up gift');
  await expect(page.getByText('$1.00 per 1,000 credits')).toBeVisible();

  const input = page.getByLabel('Number of credits');
  await expect(input).toHaveValue('1000');
  await input.fill('0');
  await input.press('Enter');
  await expect(page.getByText('Please enter a valid number of credits')).toBeVisible();
  await input.fill('1500');
  await expect(page.getByTestId('credits-total')).toHaveText('$1.50 USD');
  await screenshotBothWidths(page, 'credits');

  // The button's states go by faster than a navigation; record every text it shows until the page is left, in
  // sessionStorage (synchronous, and kept across the same-origin navigation to the simulated PayPal page; a call
  // to an exposed function may be lost when the page unloads right after it).
  await page.evaluate(() => {
    const button = document.querySelector('form[aria-label="Buy credits"] button[type="submit"]')!;
    sessionStorage.setItem('buttonTexts', '[]');
    const record = () => {
      const texts = JSON.parse(sessionStorage.getItem('buttonTexts') ?? '[]') as string[];
      sessionStorage.setItem('buttonTexts', JSON.stringify([...texts, button.textContent ?? '']));
    };
    new MutationObserver(record).observe(button, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Buy Credits' }).click();
  await expect(page).toHaveURL(/\/sim\/paypal\/checkoutnow\?token=/);
  await expect(page.getByTestId('sim-amount')).toHaveText('$1.50 USD');
  const buttonTexts = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('buttonTexts') ?? '[]') as string[],
  );
  // The first state is always seen; the redirect state may last less than a frame before the page is left.
  expect(buttonTexts[0]).toBe('Processing...');
  if (buttonTexts.includes('Redirecting to PayPal...'))
    expect(buttonTexts.indexOf('Processing...')).toBeLessThan(
      buttonTexts.indexOf('Redirecting to PayPal...'),
    );
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/pay\/success\?token=/);
  await expect(page.getByRole('heading', { name: 'Payment Completed!' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByText('Your payment was successful! Your credits have been updated.')).toBeVisible();
  await expect(creditsBadge(page, 2500)).toBeVisible();

  await creditsBadge(page, 2500).click();
  await expect(page.getByTestId('credits-balance')).toHaveText('2,500 credits');
  const lots = page.getByRole('list', { name: 'Credit lots' });
  await expect(lots.getByRole('listitem').filter({ hasText: 'Purchase' })).toContainText('1,500');
  await expect(lots.getByRole('listitem').filter({ hasText: 'Sign-up gift' })).toContainText('1,000');
});

test('the credits screen also captures when PayPal returns to /credits?token=, then drops the token', async ({
  page,
}) => {
  await signUpAndLogIn(page, 'ret');
  const created = await page.request.post('/api/paypal/create-order/', {
    data: { credits_requested: 700 },
    headers: { 'X-CSRFToken': await csrfToken(page) },
  });
  expect(created.status()).toBe(201);
  const { approval_url: approvalUrl, order_id: orderId } = (await created.json()) as {
    approval_url: string;
    order_id: string;
  };
  await approveWithoutBrowser(page, approvalUrl);

  await page.goto(`/credits?token=${encodeURIComponent(orderId)}&PayerID=SIMPAYER`);
  await expect(page.getByText('Payment successful! Your credits have been added.')).toBeVisible();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByTestId('credits-balance')).toHaveText('1,700 credits');
  await expect(creditsBadge(page, 1700)).toBeVisible();

  // Already paid: a second return to the same address must not add credits again.
  await page.goto(`/credits?token=${encodeURIComponent(orderId)}`);
  await expect(page.getByText('Payment successful! Your credits have been added.')).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('1,700 credits');
});
