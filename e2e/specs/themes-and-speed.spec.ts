import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { signUpAndLogIn } from '../support/journey.ts';

/** Issue 33: every main page in both themes at 1280 and 390 px: no serious axe violation, a screenshot each; TTI. */

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../docs/screenshots');
const TTI_FILE = path.resolve(import.meta.dirname, '../artifacts/tti.json');

const PUBLIC_PAGES = [
  { name: 'home', path: '/', heading: 'Unlock Reddit Data at Scale' },
  { name: 'pricing', path: '/pricing', heading: /pricing/i },
  { name: 'features', path: '/features', heading: 'Features' },
  { name: 'about', path: '/about', heading: 'About Us' },
  { name: 'refund', path: '/refund', heading: 'Refund Policy' },
  { name: 'data-dictionary', path: '/data-dictionary', heading: 'Data dictionary' },
  { name: 'login', path: '/login', heading: 'Log in' },
];
const APP_PAGES = [
  { name: 'dashboard', path: '/dashboard', heading: 'Dashboard' },
  { name: 'order', path: '/order', heading: 'Create New Order' },
  { name: 'credits', path: '/credits', heading: 'Purchase Credits' },
  { name: 'account', path: '/account', heading: /account/i },
];

async function seriousViolations(page: Page) {
  // The builder's field, operator and combinator selects are named by their title only (react-querybuilder), as in
  // orders-filters.spec.ts.
  const results = await new AxeBuilder({ page })
    .exclude('.rule-fields')
    .exclude('.rule-operators')
    .exclude('.ruleGroup-combinators')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

async function visit(page: Page, target: { path: string; heading: string | RegExp }) {
  await page.goto(target.path);
  await expect(page.getByRole('heading', { name: target.heading }).first()).toBeVisible();
  await expect(page.locator('main [role="status"]')).toHaveCount(0, { timeout: 15_000 });
}

for (const theme of ['light', 'dark'] as const) {
  test(`every main page in the ${theme} theme at 1280 and 390 px: no serious axe violation (screenshots with UPDATE_SCREENSHOTS=1)`, async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await page.emulateMedia({ colorScheme: theme });
    const problems: Record<string, unknown> = {};
    const check = async (target: { name: string; path: string; heading: string | RegExp }) => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await visit(page, target);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const violations = await seriousViolations(page);
        if (violations.length > 0) problems[`${target.name} ${width}`] = violations;
        // The committed screenshots are taken again only when asked (UPDATE_SCREENSHOTS=1), so that a test run
        // leaves the checkout as it was.
        if (process.env.UPDATE_SCREENSHOTS === '1')
          await page.screenshot({
            path: path.join(SCREENSHOTS, `${target.name}-${theme}-${width}.png`),
            fullPage: width === 1280,
          });
      }
    };
    for (const target of PUBLIC_PAGES) await check(target);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpAndLogIn(page, `theme_${theme}`);
    for (const target of APP_PAGES) await check(target);
    expect(problems).toEqual({});
  });
}

// A measurement, not a timed test (speed is judged from bench/RESULTS.md, not by a test that a loaded machine fails):
// it prints the medians and writes them to TTI_FILE; the target (≤ 1 s each) is read there.
test('time to interactive of every app page on localhost: median of 5, recorded', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpAndLogIn(page, 'tti');
  const medians: Record<string, number> = {};
  for (const target of APP_PAGES) {
    const runs: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      // A full load each time (new document): the time from navigation start until the page's heading shows and
      // no loading placeholder is left, read from the page's own clock.
      await page.goto('about:blank');
      await visit(page, target);
      runs.push(await page.evaluate(() => performance.now()));
    }
    runs.sort((a, b) => a - b);
    medians[target.path] = Math.round(runs[2]!);
  }
  fs.mkdirSync(path.dirname(TTI_FILE), { recursive: true });
  fs.writeFileSync(TTI_FILE, JSON.stringify(medians, null, 2));
  console.log(`TTI medians (ms; target ≤ 1000 each): ${JSON.stringify(medians)}`);
  expect(Object.keys(medians)).toHaveLength(APP_PAGES.length);
});
