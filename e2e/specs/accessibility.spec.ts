import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/fixtures.ts';

const PAGES = [
  { path: '/', ready: 'Unlock Reddit Data at Scale' },
  { path: '/pricing', ready: 'Why Choose Credit-Based Pricing' },
  { path: '/login', ready: 'Log in' },
  { path: '/signup', ready: 'Create your account' },
];

for (const width of [1280, 390]) {
  for (const { path, ready } of PAGES) {
    test(`${path} at ${width}px has no serious or critical axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ready })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          targets: violation.nodes.map((node) => node.target.join(' ')),
        }));
      expect(blocking).toEqual([]);
    });
  }
}

test('every input of the sign-up and login forms is labelled and reachable by keyboard', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const order: string[] = [];
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return element?.getAttribute('name') ?? element?.textContent?.trim() ?? '';
      }),
    );
  }
  for (const name of ['username', 'email', 'password1', 'password2', 'terms', 'Create Account']) {
    expect(order).toContain(name);
  }
});
