import { expect, test } from '../support/fixtures.ts';
import { signUpAndLogIn } from '../support/journey.ts';

// Issue 15: a daily order made in the builder is listed on the dashboard with its next run, and can be paused.
test('a daily order is a schedule on the dashboard, and pausing it stops its runs', async ({ page }) => {
  await signUpAndLogIn(page, 'sched');
  await page.goto('/order');
  await page.getByLabel('Order Title').fill('Nightly python');
  await page.getByLabel('Keyword value').fill('python');
  await page.getByLabel('Keyword value').blur();
  await page.getByLabel('Repeat').selectOption('daily');
  await expect(page.getByText(/Placed now and again at this time every day or week/)).toBeVisible();
  await page.getByRole('button', { name: 'Create Order' }).click();
  await expect(page).toHaveURL(/\/order-completed$/);

  await page.goto('/dashboard');
  const schedules = page.getByRole('region', { name: 'Scheduled orders' });
  const item = schedules.getByRole('listitem', { name: 'Schedule Nightly python' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Daily', { exact: true })).toBeVisible();
  await expect(item.getByText('Active', { exact: true })).toBeVisible();
  await expect(item.getByText(/^Next run: /)).toBeVisible();
  await expect(item.getByText(/: order placed$/)).toBeVisible();
  // The order the schedule placed is in the order list below.
  await expect(page.getByRole('button', { name: /^Nightly python \d/ })).toBeVisible();

  await item.getByRole('button', { name: 'Pause Nightly python' }).click();
  await expect(item.getByText('Paused', { exact: true })).toBeVisible();
  await expect(item.getByText('Paused: no runs until you resume it.')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Resume Nightly python' })).toBeVisible();

  // The server holds it paused: no next run, also after a reload.
  const listed = (await (await page.request.get('/api/schedules/')).json()) as {
    schedules: { title: string; status: string; next_run_at: string | null; cadence: string }[];
  };
  expect(listed.schedules).toEqual([
    expect.objectContaining({
      title: 'Nightly python',
      cadence: 'daily',
      status: 'paused',
      next_run_at: null,
    }),
  ]);
  await page.reload();
  await expect(
    page.getByRole('listitem', { name: 'Schedule Nightly python' }).getByText('Paused', { exact: true }),
  ).toBeVisible();
});
