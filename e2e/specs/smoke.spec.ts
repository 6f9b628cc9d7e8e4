import { expect, test } from '../support/fixtures.ts';

test('the landing page loads from the real server without console errors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Unlock Reddit Data at Scale' })).toBeVisible();
  const health = await page.request.get('/api/health/');
  expect(health.status()).toBe(200);
});
