import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { signUpAndLogIn } from '../support/journey.ts';
import { waitForCorpus } from '../support/orders-helpers.ts';

/** Issue 31: the builder's histogram and top lists, a community added as a rule, and the public coverage page. */

const ruleRows = (page: Page) => page.locator('.queryBuilder > .ruleGroup > .ruleGroup-body > .rule');

/** Serious or critical axe violations of the page, or of one part of it (`include`, a CSS selector). */
async function seriousAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test('the builder shows matches over time and the top communities; a community becomes a rule', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(page, 'insights');
  await waitForCorpus(page);
  await page.goto('/order');
  const dryRun = page.getByRole('region', { name: 'Dry run' });
  await page.getByLabel('Keyword value').fill('data');
  const insights = dryRun.getByTestId('dry-run-insights');
  await expect(insights).toBeVisible({ timeout: 30_000 });
  // The chart is drawn (recharts' SVG bars), and its table holds the same figures.
  await expect(insights.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 30_000 });
  const matches = dryRun.getByTestId('dry-run-matches');
  const before = await matches.innerText();
  const communities = insights.getByRole('figure').filter({ hasText: 'Top communities' });
  await communities.getByText('Show as a table').click();
  const first = communities.getByRole('button', { name: /^Only r\// }).first();
  const name = (await first.innerText()).replace('Only r/', '');
  await first.click();
  await expect(ruleRows(page)).toHaveCount(2);
  await expect(page.getByLabel('Query Preview')).toHaveValue(new RegExp(`subreddit IN \\('${name}'\\)`, 'i'));
  await expect(matches).not.toHaveText(before, { timeout: 30_000 });
  // The dry run's panel, where the charts are (the builder's own selects carry title-only labels from before).
  expect(await seriousAxeViolations(page, '[aria-labelledby="dry-run-heading"]')).toEqual([]);
});

test('the coverage page renders its chart and table without signing in', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Corpus coverage' }).click();
  await expect(page).toHaveURL(/\/coverage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Corpus coverage' })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Records per month', includeHidden: true })).toHaveCount(1);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');

for (const theme of ['light', 'dark'] as const) {
  test(`the builder's charts and /coverage in the ${theme} theme at 1280 and 390 px (screenshots with UPDATE_SCREENSHOTS=1)`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: theme });
    await signUpAndLogIn(page, `insights_${theme}`);
    await waitForCorpus(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/order');
      await page.getByLabel('Keyword value').fill('data');
      const insights = page.getByTestId('dry-run-insights');
      await expect(insights.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await seriousAxeViolations(page, '[aria-labelledby="dry-run-heading"]')).toEqual([]);
      if (process.env.UPDATE_SCREENSHOTS === '1')
        await page.screenshot({
          path: path.join(SCREENSHOTS, `order-insights-${theme}-${width}.png`),
          fullPage: true,
        });
      await page.goto('/coverage');
      await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible({ timeout: 30_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      if (process.env.UPDATE_SCREENSHOTS === '1')
        await page.screenshot({
          path: path.join(SCREENSHOTS, `coverage-${theme}-${width}.png`),
          fullPage: true,
        });
    }
  });
}
