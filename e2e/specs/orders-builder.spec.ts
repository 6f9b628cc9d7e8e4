import { expect, test } from '../support/fixtures.ts';
import { screenshotBothWidths, signUpAndLogIn } from '../support/journey.ts';

test('journey (e): dragging a rule into a nested group changes the SQL preview', async ({ page }) => {
  await signUpAndLogIn(page, 'ord_dnd');
  await page.goto('/order');
  const preview = page.getByLabel('Query Preview');

  await page.getByLabel('Keyword value').fill('python');
  await page.getByLabel('Keyword value').blur();
  await expect(preview).toHaveValue("(keyword CONTAINS 'python')");

  const root = page.locator('.queryBuilder > .ruleGroup');
  await root.locator(':scope > .ruleGroup-header').getByRole('button', { name: '+ Rule' }).click();
  const second = root.locator(':scope > .ruleGroup-body > .rule').nth(1);
  await second.getByTitle('Field').selectOption('upvotes');
  await second.getByLabel('Post Upvotes minimum').fill('100');
  await second.getByLabel('Post Upvotes minimum').blur();
  await expect(preview).toHaveValue("(keyword CONTAINS 'python' AND upvotes >= 100)");

  await root.locator(':scope > .ruleGroup-header').getByRole('button', { name: '+ Group' }).click();
  const nested = root.locator(':scope > .ruleGroup-body > .ruleGroup');
  await expect(nested).toHaveCount(1);
  await nested.getByTitle('Combinator').selectOption('or');
  // An empty group adds nothing to the query.
  await expect(preview).toHaveValue("(keyword CONTAINS 'python' AND upvotes >= 100)");

  // A drag that has to scroll the page to reach its target loses the drop in headless Chromium: the order
  // options above the builder push it below the fold, so bring the whole builder into view first.
  await preview.scrollIntoViewIfNeeded();
  await second.locator('.queryBuilder-dragHandle').dragTo(nested.locator('.ruleGroup-header'));
  await expect(nested.locator('.rule')).toHaveCount(1);
  await expect(nested.getByLabel('Post Upvotes minimum')).toHaveValue('100');
  await expect(preview).toHaveValue("(keyword CONTAINS 'python' AND (upvotes >= 100))");

  // A second rule in the nested group shows its OR.
  await nested.locator('.ruleGroup-header').getByRole('button', { name: '+ Rule' }).click();
  await nested.getByLabel('Keyword value').fill('django');
  await nested.getByLabel('Keyword value').blur();
  await expect(preview).toHaveValue(
    "(keyword CONTAINS 'python' AND (upvotes >= 100 OR keyword CONTAINS 'django'))",
  );
  await screenshotBothWidths(page, 'order-nested-group');
});
