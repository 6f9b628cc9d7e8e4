import type { FastifyInstance } from 'fastify';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestConfirmationToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** A port the OS just handed out and released (the app must know its own port before it listens). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Checkout {
  approval_url: string;
  order_id: string;
  amount: string;
}
interface Credits {
  credits: number;
  lots: { credits_left: number; expires_at: string; source: string }[];
}

/** A browser-like client: a cookie jar and the CSRF header on unsafe requests. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly origin: string,
    private readonly app: FastifyInstance,
  ) {}

  async fetch(path: string, init: { method?: string; json?: unknown; redirect?: 'manual' } = {}) {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const csrf = this.cookies.get('csrftoken');
    if (init.method === 'POST' && csrf) headers['x-csrftoken'] = csrf;
    const url = path.startsWith('http') ? path : `${this.origin}${path}`;
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: init.redirect ?? 'follow',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }

  async signUpAndIn(username: string) {
    const password = 'Secret123';
    const body = {
      username,
      email: `${username}@example.com`,
      password1: password,
      password2: password,
      name: username,
    };
    expect((await this.fetch('/api/auth/signup/', { method: 'POST', json: body })).status).toBe(201);
    // The sign-up gift comes with the confirmed address (decision 020): follow the mailed link.
    const token = await latestConfirmationToken(this.app, body.email);
    expect((await this.fetch('/api/auth/confirm-email/', { method: 'POST', json: { token } })).status).toBe(
      200,
    );
    expect(
      (await this.fetch('/api/auth/token/', { method: 'POST', json: { username, password } })).status,
    ).toBe(200);
    expect((await this.fetch('/api/auth/csrf/')).status).toBe(200);
  }

  /** Opens the simulated PayPal page and presses one of its buttons; returns where PayPal sends the browser. */
  async decideOnPayPal(approvalUrl: string, button: 'approve' | 'cancel' | 'decline'): Promise<URL> {
    const page = await this.fetch(approvalUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const form = new RegExp(`<form method="get" action="(checkoutnow/${button})">(.*?)</form>`).exec(html)!;
    const target = new URL(form[1]!, approvalUrl);
    for (const m of form[2]!.matchAll(/name="(\w+)" value="([^"]*)"/g)) target.searchParams.set(m[1]!, m[2]!);
    const res = await this.fetch(target.toString(), { redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }
}

describe('offline purchase end to end over HTTP (the simulated PayPal mounted in the app)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ PORT: String(port), APP_URL: origin });
    await t.app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => t.close());

  const processedWebhooks = async () => {
    const rows = await t.deps.db.selectFrom('webhook_events').select('processed_at').execute();
    return rows.filter((r) => r.processed_at).length;
  };

  it('create-order → approval page → Approve → /pay/success → five concurrent captures grant N once', async () => {
    const browser = new Browser(origin, t.app);
    await browser.signUpAndIn('offline_buyer');
    const created = await browser.fetch('/api/paypal/create-order/', {
      method: 'POST',
      json: { credits_requested: 1000 },
    });
    expect(created.status).toBe(201);
    const { approval_url: approvalUrl, order_id: orderId, amount } = (await created.json()) as Checkout;
    expect(amount).toBe('1.00');
    expect(approvalUrl).toBe(`${origin}/sim/paypal/checkoutnow?token=${orderId}`);

    const page = await (await browser.fetch(approvalUrl)).text();
    expect(page).toContain('$1.00 USD');
    expect(page).toContain('1,000 Threadcart credits');
    expect(page).toContain('no real money is moved');

    const back = await browser.decideOnPayPal(approvalUrl, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(`${origin}/pay/success`);
    expect(back.searchParams.get('token')).toBe(orderId);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]+$/);

    const token = back.searchParams.get('token')!;
    const captures = await Promise.all(
      Array.from({ length: 5 }, () =>
        browser.fetch('/api/paypal/capture-order/', { method: 'POST', json: { order_id: token } }),
      ),
    );
    expect(captures.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(captures.map((r) => r.json()))) as { credits_added: number }[];
    expect(bodies.map((b) => b.credits_added).sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 1000]);

    const credits = (await (await browser.fetch('/api/users/me/credits/')).json()) as Credits;
    expect(credits.credits).toBe(2000);
    const lot = credits.lots.find((l) => l.source === 'purchase');
    expect(lot).toMatchObject({
      credits_left: 1000,
      source: 'purchase',
      expires_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    });

    // The simulator also reports the capture by webhook, verified through the same postback: no second grant.
    await expect.poll(processedWebhooks).toBe(1);
    expect(((await (await browser.fetch('/api/users/me/credits/')).json()) as Credits).credits).toBe(2000);
  });

  it('Cancel returns to /pay/cancel with the token; Decline returns to /pay/success and capture answers 402', async () => {
    const browser = new Browser(origin, t.app);
    await browser.signUpAndIn('offline_canceller');
    const start = async () => {
      const res = await browser.fetch('/api/paypal/create-order/', {
        method: 'POST',
        json: { credits_requested: 500 },
      });
      return (await res.json()) as Checkout;
    };

    const first = await start();
    const cancelled = await browser.decideOnPayPal(first.approval_url, 'cancel');
    expect(cancelled.pathname).toBe('/pay/cancel');
    expect(cancelled.searchParams.get('token')).toBe(first.order_id);
    expect(cancelled.searchParams.has('PayerID')).toBe(false);
    const cancel = await browser.fetch('/api/paypal/cancel-order/', {
      method: 'POST',
      json: { order_id: first.order_id },
    });
    expect(await cancel.json()).toEqual({ status: 'CANCELLED' });

    const second = await start();
    const declined = await browser.decideOnPayPal(second.approval_url, 'decline');
    expect(declined.pathname).toBe('/pay/success');
    const capture = await browser.fetch('/api/paypal/capture-order/', {
      method: 'POST',
      json: { orderID: second.order_id },
    });
    expect(capture.status).toBe(402);
    const retried = await browser.decideOnPayPal(second.approval_url, 'approve');
    expect(retried.pathname).toBe('/pay/success');
    const paid = await browser.fetch('/api/paypal/capture-order/', {
      method: 'POST',
      json: { orderID: second.order_id },
    });
    expect(((await paid.json()) as { credits_added: number }).credits_added).toBe(500);
    // Let the simulator's webhook for this capture finish before the server closes.
    await expect.poll(processedWebhooks).toBe(2);
  });
});
