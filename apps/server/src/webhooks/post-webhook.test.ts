import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { postToTarget, resolveWebhookTarget, WebhookSendError } from './post-webhook.ts';
import { isPublicAddress } from './public-address.ts';

const POST = {
  body: '{"hello":"world"}',
  headers: { 'content-type': 'application/json' },
  maxResponseBytes: 64 * 1024,
};

describe('public addresses', () => {
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:80b::200e', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.128.0.1', true],
    ['0.0.0.0', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['203.0.113.5', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['2002:a00:1::1', false],
    ['2001::1', false],
    ['localhost', false],
    ['not an address', false],
  ])('%s is public: %s', (address, isPublic) => {
    expect(isPublicAddress(address)).toBe(isPublic);
  });
});

describe('posting a webhook over real HTTP', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('connects only to the checked address, whatever the host name would resolve to now (no DNS rebinding)', async () => {
    // `.invalid` never resolves (RFC 6761): the request can only arrive through the pinned address.
    const url = new URL(`http://rebinding.invalid:${receiver.port}/pinned?x=1`);
    const status = await postToTarget(
      { url, host: url.hostname, address: '127.0.0.1', family: 4 },
      { ...POST, timeoutMs: 2000 },
    );
    expect(status).toBe(200);
    const got = receiver.received.at(-1)!;
    expect(got).toMatchObject({ path: '/pinned?x=1', body: POST.body });
    expect(got.headers.host).toBe(`rebinding.invalid:${receiver.port}`);
    await expect(resolveWebhookTarget(url.href, { allowPrivate: true })).rejects.toThrow(WebhookSendError);
  });

  it('checks the resolved address of a name, not the name', async () => {
    const url = `http://localhost:${receiver.port}/by-name`;
    await expect(resolveWebhookTarget(url, { allowPrivate: false })).rejects.toThrow(
      /^Webhooks go only to public internet addresses: localhost is (127\.0\.0\.1|::1),/,
    );
    const allowed = await resolveWebhookTarget(url, { allowPrivate: true });
    expect(['127.0.0.1', '::1']).toContain(allowed.address);
    expect(await resolveWebhookTarget('https://93.184.215.14/x', { allowPrivate: false })).toMatchObject({
      address: '93.184.215.14',
      family: 4,
    });
  });

  it('reads a bounded part of an answer and hangs up, long before the timeout', async () => {
    receiver.answerWith({ status: 200, isEndless: true });
    const url = new URL(receiver.url('/endless'));
    const status = await postToTarget(
      { url, host: url.hostname, address: '127.0.0.1', family: 4 },
      { ...POST, timeoutMs: 8000 },
    );
    expect(status).toBe(200);
    for (let waited = 0; receiver.endlessOpenMs.length === 0 && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // Without the bound the client would read until the 8 s deadline cut it off.
    expect(receiver.endlessOpenMs[0]).toBeLessThan(4000);
  });

  it('says why a connection failed', async () => {
    const closed = await startWebhookReceiver();
    const port = closed.port;
    await closed.close();
    const url = new URL(`http://127.0.0.1:${port}/gone`);
    await expect(
      postToTarget(
        { url, host: url.hostname, address: '127.0.0.1', family: 4 },
        { ...POST, timeoutMs: 2000 },
      ),
    ).rejects.toThrow('The connection was refused.');
  });
});
