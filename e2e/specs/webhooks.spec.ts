import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures.ts';
import { signInViaApi, signUpViaApi, uniqueUser } from '../support/users.ts';

interface Received {
  signature: string;
  body: string;
}

/** A receiver on this machine (the suite's server runs with WEBHOOK_ALLOW_PRIVATE=true), recording what it gets. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        signature: String(req.headers['threadcart-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hooks/threadcart`, received, close: () => server.close() };
}

/** The documented check: HMAC-SHA256 of `${t}.${body}` with the secret, and a recent `t`. */
function isSignedWith(secret: string, { signature, body }: Received): boolean {
  const t = /(?:^|,)t=(\d+)/.exec(signature)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(signature)?.[1];
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(Buffer.from(v1, 'hex'), expected) && Math.abs(Date.now() / 1000 - Number(t)) <= 300;
}

test('adds a webhook endpoint on /account, copies its secret once, and sends a signed test the worker delivers', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    const user = uniqueUser('hooks');
    await signUpViaApi(page.request, user);
    await signInViaApi(page, user);
    await page.goto('/account#webhooks');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByLabel('Endpoint URL').fill(receiver.url);
    await section.getByLabel('Description (optional)').fill('My pipeline');
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const secretNotice = section.getByTestId('new-webhook-secret');
    await expect(secretNotice).toBeVisible();
    const secret = (await secretNotice.locator('code').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);

    const card = section.getByRole('listitem', { name: 'Webhook My pipeline' });
    await expect(card.getByText(receiver.url)).toBeVisible();
    await card.getByRole('button', { name: 'Send test to My pipeline' }).click();
    // The worker's webhooks.deliver job takes it within seconds; the list follows it until it is delivered.
    const row = card.getByRole('table', { name: 'Deliveries to My pipeline' }).getByRole('row').nth(1);
    await expect(row).toContainText('Delivered', { timeout: 20_000 });
    await expect(row).toContainText('Test');
    await expect(row).toContainText('HTTP 204');
    expect(receiver.received).toHaveLength(1);
    expect(isSignedWith(secret, receiver.received[0]!)).toBe(true);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'webhook.test' });

    await secretNotice.getByRole('button', { name: 'I have copied it' }).click();
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);
    await card.getByRole('button', { name: 'Delete My pipeline' }).click();
    await card.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(section.getByText('You have no webhook endpoints yet.')).toBeVisible();
  } finally {
    receiver.close();
  }
});
