import { expect, test } from '../support/fixtures.ts';
import { latestConfirmationPath } from '../support/outbox.ts';
import { uniqueUser } from '../support/users.ts';

test('a visitor signs up, signs in, keeps the session, is guarded and logs out', async ({ page }) => {
  test.setTimeout(90_000);
  const user = uniqueUser('journey');
  const banner = (text: string) => page.getByRole('status').filter({ hasText: text });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Reddit Data at Scale' })).toBeVisible();
  await page.getByRole('link', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  // Invalid input: every rule answers as the user types, and submit is refused.
  await page.getByLabel('Username').fill('a!');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(
    page.getByText(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ),
  ).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('different');
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  // Valid input.
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(page.getByText('Passwords must match')).toBeHidden();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(banner('Registration successful! Please log in with your new account.')).toBeVisible();
  await expect(banner('Registration successful!')).toBeHidden({ timeout: 8_000 });

  // Sign in with the keyboard only.
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });

  // The gift waits for the confirmed address (decision 020): the dashboard says so; the mailed link brings it.
  await expect(
    page.getByText(
      `Confirm your e-mail address to receive your 1,000 free credits: open the link we sent to ${user.email}.`,
    ),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: '0 credits' })).toBeVisible();
  await page.goto(await latestConfirmationPath(user.email));
  await expect(
    page.getByText('Your e-mail address is confirmed. Your 1,000 free credits are in your account.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav.getByRole('link', { name: '1,000 credits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link again' })).toBeHidden();

  // A reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();

  // Signed out (cookies gone): the guard sends /dashboard to /login and brings the user back afterwards.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/dashboard?view=all');
  await expect(page).toHaveURL(/\/login$/);
  await expect(banner('Please log in to continue')).toBeVisible();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard\?view=all$/);
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();

  // Logout.
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(banner('You have been logged out.')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(banner('Please log in to continue')).toBeVisible();
});

test('the mobile menu opens the links and closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  const toggle = page.getByRole('button', { name: 'Open main menu' });
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }),
  ).toBeHidden();
  await toggle.click();
  const panel = page.locator('#mobile-menu');
  await expect(panel).toBeVisible();
  await panel.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Why Choose Credit-Based Pricing' })).toBeVisible();
});
