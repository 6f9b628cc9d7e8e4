import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { screenshotBothWidths, signUpAndLogIn } from '../support/journey.ts';
import { waitForCorpus } from '../support/orders-helpers.ts';

const TITLE = 'Science in November 2022';
const SEED = '4242';

/**
 * Serious or critical axe violations in the rules' value editors. (The builder's own field, operator and combinator
 * selects are named by their title only, which axe reports as label-title-only; they are not checked here.)
 */
async function editorViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('.rule')
    .exclude('.rule-fields')
    .exclude('.rule-operators')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test('issue 12: a subreddit from a suggestion, a date range and removed = false, placed as a seeded random sample', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndLogIn(page, 'ord_flt');
  await waitForCorpus(page);
  await page.goto('/order');
  await page.getByLabel('Order Title').fill(TITLE);
  await page.getByLabel('Content Type').selectOption('both');
  const preview = page.getByLabel('Query Preview');
  const root = page.locator('.queryBuilder > .ruleGroup');
  const rules = root.locator(':scope > .ruleGroup-body > .rule');
  const addRule = () =>
    root.locator(':scope > .ruleGroup-header').getByRole('button', { name: '+ Rule' }).click();

  // 1. The default keyword rule becomes a subreddit rule, filled from the corpus's suggestions.
  await rules.nth(0).getByTitle('Field').selectOption('subreddit');
  const names = page.getByRole('combobox', { name: 'Subreddit value' });
  await names.pressSequentially('r/sci');
  const science = page.getByRole('option', { name: /^r\/science, [\d,]+ records?$/ });
  await expect(science).toBeVisible();
  await expect(names).toHaveAttribute('aria-expanded', 'true');
  expect(await editorViolations(page)).toEqual([]);
  await science.click();
  await expect(page.getByRole('list', { name: 'Subreddit chosen' })).toHaveText('r/science×');
  await expect(preview).toHaveValue("(subreddit IN ('science'))");

  // 2. A date range, typed into the two date boxes.
  await addRule();
  await rules.nth(1).getByTitle('Field').selectOption('created');
  await rules.nth(1).getByLabel('Created from').fill('2022-11-01');
  await rules.nth(1).getByLabel('Created to').fill('2022-11-30');
  await rules.nth(1).getByLabel('Created to').blur();

  // 3. removed = false: the switch starts off.
  await addRule();
  await rules.nth(2).getByTitle('Field').selectOption('removed');
  await expect(rules.nth(2).getByRole('switch', { name: 'Removed or Deleted' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(preview).toHaveValue(
    "(subreddit IN ('science') AND created BETWEEN '2022-11-01' AND '2022-11-30' AND removed = false)",
  );

  // The live dry run counts them (once it has settled on this query: it keeps the last count while it asks). On a
  // busy machine the count may come back as an estimate ("≈ 5 matching records (estimate)").
  const dryRun = page.getByRole('region', { name: 'Dry run' });
  const matches = dryRun.getByTestId('dry-run-matches');
  const COUNT = /^(≈ )?[\d,.]+[KM]? matching records?( \(estimate\))?$/;
  await expect(dryRun).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(matches).toHaveText(COUNT);
  expect(Number((await matches.innerText()).replace(/[^\d]/g, ''))).toBeGreaterThan(0);

  // 4. A random sample with a chosen seed.
  await page.getByLabel('Sort').selectOption('random');
  await page.getByLabel('Sample seed').fill(SEED);
  await expect(dryRun).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(matches).toHaveText(COUNT);
  await screenshotBothWidths(page, 'order-filters');
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page).toHaveURL(/\/order-completed$/);

  // 5. The dashboard shows the sort and the seed.
  await page.goto('/dashboard');
  const row = page.locator('li', { has: page.getByText(TITLE, { exact: true }) });
  await expect(row.getByRole('button').first()).toContainText(`Random sample · Seed ${SEED}`);
  await row.getByRole('button').first().click();
  await expect(
    row.getByText(
      "(subreddit IN ('science') AND created BETWEEN '2022-11-01' AND '2022-11-30' AND removed = false)",
    ),
  ).toBeVisible();
});
