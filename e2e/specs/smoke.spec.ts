import { expect, test } from '@playwright/test';

test('the landing page loads from the real server without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Unlock Reddit Data at Scale' })).toBeVisible();
  const health = await page.request.get('/api/health/');
  expect(health.status()).toBe(200);
  expect(errors).toEqual([]);
});
