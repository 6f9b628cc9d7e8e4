import { PRIVACY_HELP, REMOVAL_MESSAGES } from '@threadcart/contracts';
import { grantAdminRole } from '../support/admin.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForCorpus } from '../support/orders-helpers.ts';
import { hasMailContaining, latestRemovalConfirmPath } from '../support/outbox.ts';
import { signInViaApi, signUpViaApi, uniqueUser } from '../support/users.ts';

// Removal requests (docs/decisions/036): a person asks through the public form, confirms through the mailed link,
// an administrator approves in the console's queue; the author is then gone from the builder's suggestions.

test.use({ viewport: { width: 1280, height: 900 } });

test('a removal request is sent from the footer, confirmed by mail and approved in the console', async ({
  page,
  browser,
}) => {
  // Waits for the sample corpus, then walks two browsers through the whole flow.
  test.setTimeout(240_000);
  const admin = uniqueUser('admin');
  await signUpViaApi(page.request, admin);
  grantAdminRole(admin.username);
  await signInViaApi(page, admin);
  await waitForCorpus(page);
  const suggest = async () =>
    (
      (await (await page.request.get('/api/corpus/suggest/?field=author')).json()) as {
        suggestions: { name: string }[];
      }
    ).suggestions.map((s) => s.name);
  const author = (await suggest())[0]!;
  expect(author).toBeTruthy();

  // The person: a visitor in a browser of their own.
  const visitor = await browser.newContext();
  const person = await visitor.newPage();
  const email = `${uniqueUser('removal').username}@example.com`;
  await person.goto('/');
  await person.getByRole('contentinfo').getByRole('link', { name: 'Removal Requests' }).click();
  await expect(person).toHaveURL(/\/removal$/);
  await expect(person.getByRole('heading', { level: 1, name: 'Remove your Reddit records' })).toBeVisible();
  await person.getByRole('button', { name: 'Send the request' }).click();
  await expect(person.getByText(REMOVAL_MESSAGES.targetsRequired)).toBeVisible();
  await person.getByRole('textbox', { name: 'Reddit username' }).fill(`u/${author}`);
  await person.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
  await person.getByRole('textbox', { name: 'Statement' }).fill('I wrote these and want them gone.');
  await person.getByRole('button', { name: 'Send the request' }).click();
  await expect(person.getByText(REMOVAL_MESSAGES.received)).toBeVisible();
  await person.goto(await latestRemovalConfirmPath(email));
  await expect(person.getByText(REMOVAL_MESSAGES.confirmed)).toBeVisible();
  await visitor.close();

  // The administrator decides.
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Removal requests' })
    .click();
  const queue = page.getByRole('list', { name: 'Removal requests' });
  const item = queue.getByRole('listitem').filter({ hasText: email });
  await expect(item.getByTestId('admin-removal-targets')).toHaveText(author);
  const approve = item.getByRole('form', { name: 'Approve and erase' });
  await approve.getByLabel('Reason').fill('the author asked, address confirmed');
  await approve.getByRole('button', { name: 'Approve and erase' }).click();
  await expect(page.getByText('No requests.')).toBeVisible();
  await page.getByLabel('Status').selectOption('approved');
  const decided = page
    .getByRole('list', { name: 'Removal requests' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(decided.getByTestId('admin-removal-status')).toHaveText('approved');
  await expect(decided).toContainText('records erased');
  await expect(decided.getByTestId('admin-removal-targets')).toHaveCount(0);
  expect(await suggest()).not.toContain(author);
  await expect.poll(() => hasMailContaining(email, 'We approved your removal request')).toBe(true);
});

test('the order builder offers pseudonymised authors and scrubbed texts with their help', async ({
  page,
}) => {
  const buyer = uniqueUser('buyer');
  await signUpViaApi(page.request, buyer);
  await signInViaApi(page, buyer);
  await page.goto('/order');
  const authors = page.getByLabel('Authors');
  await expect(authors).toBeVisible();
  await expect(page.getByText(PRIVACY_HELP.authors)).toBeVisible();
  await expect(page.getByLabel('Pseudonyms')).toHaveCount(0);
  await authors.selectOption('pseudonymised');
  await expect(page.getByLabel('Pseudonyms')).toBeVisible();
  await expect(page.getByText(PRIVACY_HELP.pseudonyms)).toBeVisible();
  await expect(page.getByText(PRIVACY_HELP.scrub)).toBeVisible();
  for (const label of ['E-mail addresses', 'Phone numbers', 'Links', 'u/ mentions'])
    await expect(page.getByLabel(label)).toBeVisible();
});
