// The hostile-input campaign's cases (docs/decisions/025-hostile-campaign.md): Captures of other users' PayPal orders, CSRF tokens from another session, cookies after logout, revoked API keys, oversized headers.
import { PUBLIC_HOST, JSON_TYPE, asUser, orderBody, type AddCase, type Actors } from './campaign-shared.ts';

export function addSessionCases(a: Actors, add: AddCase): void {
  // ---- Captures of other users' PayPal orders -----------------------------------------------------------------
  for (const [key, orderId] of [
    ['order_id', a.alicePendingPayPalOrder],
    ['orderID', a.alicePendingPayPalOrder],
    ['order_id', a.aliceCompletedPayPalOrder],
    ['order_id', a.alicePendingPayPalOrder.toLowerCase()],
    ['order_id', ` ${a.alicePendingPayPalOrder} `],
  ] as const) {
    add("other users' PayPal orders", {
      name: `capture ${key} ${orderId}`,
      method: 'POST',
      path: '/api/paypal/capture-order/',
      headers: asUser(a.bob),
      body: JSON.stringify({ [key]: orderId }),
    });
    add("other users' PayPal orders", {
      name: `cancel ${orderId}`,
      method: 'POST',
      path: '/api/paypal/cancel-order/',
      headers: asUser(a.bob),
      body: JSON.stringify({ order_id: orderId }),
    });
  }
  add("other users' PayPal orders", {
    name: 'capture with no session',
    method: 'POST',
    path: '/api/paypal/capture-order/',
    headers: JSON_TYPE,
    body: JSON.stringify({ order_id: a.alicePendingPayPalOrder }),
  });
  add("other users' PayPal orders", {
    name: "capture with alice's id and Bob's key",
    method: 'POST',
    path: '/api/paypal/capture-order/',
    headers: { ...JSON_TYPE, authorization: `Token ${a.revokedKey}` },
    body: JSON.stringify({ order_id: a.alicePendingPayPalOrder }),
  });

  // ---- CSRF tokens from another session -----------------------------------------------------------------------
  const crossCsrf = { ...JSON_TYPE, cookie: a.bob.headers.cookie, 'x-csrftoken': a.alice.csrfToken };
  const noCsrf = { ...JSON_TYPE, cookie: a.bob.headers.cookie };
  const csrfTargets: [string, string, string][] = [
    ['POST', '/api/paypal/create-order/', '{"credits_requested":1000}'],
    ['POST', '/api/users/me/api-keys/', '{"name":"stolen"}'],
    ['POST', '/api/auth/keys/', '{"name":"stolen"}'],
    ['PATCH', '/api/users/me/', '{"name":"Pwned"}'],
    [
      'POST',
      '/api/users/me/password/',
      '{"current_password":"Secret123","new_password1":"Pwned1234","new_password2":"Pwned1234"}',
    ],
    ['POST', '/api/users/me/delete/', '{"password":"Secret123","confirm":"DELETE"}'],
    ['POST', '/api/search-queries/create/', orderBody({})],
    ['POST', '/api/users/me/export/', '{}'],
    ['POST', '/api/webhooks/', `{"url":"https://${PUBLIC_HOST}/csrf"}`],
    ['DELETE', `/api/webhooks/${a.aliceWebhookId}/`, '{}'],
    ['POST', `/api/schedules/${a.aliceScheduleId}/pause/`, '{}'],
    ['DELETE', `/api/schedules/${a.aliceScheduleId}/`, '{}'],
    ['POST', '/api/auth/logout/', '{}'],
  ];
  for (const [method, target, body] of csrfTargets) {
    add('CSRF from another session', {
      name: `${target} alice's token`,
      method,
      path: target,
      headers: crossCsrf,
      body,
    });
    add('CSRF from another session', {
      name: `${target} no token`,
      method,
      path: target,
      headers: noCsrf,
      body,
    });
    add('CSRF from another session', {
      name: `${target} forged token`,
      method,
      path: target,
      headers: { ...noCsrf, 'x-csrftoken': 'AAAA.BBBB' },
      body,
    });
  }

  // ---- Cookies after logout -----------------------------------------------------------------------------------
  const old = { ...JSON_TYPE, ...a.carolOld.headers };
  for (const [method, target, body] of [
    ['GET', '/api/users/me/', undefined],
    ['GET', '/api/users/me/credits/', undefined],
    ['GET', '/api/search-queries/list/', undefined],
    ['POST', '/api/auth/token/refresh/', '{}'],
    ['POST', '/api/paypal/create-order/', '{"credits_requested":1000}'],
    ['POST', '/api/users/me/api-keys/', '{"name":"after logout"}'],
    ['PATCH', '/api/users/me/', '{"name":"Ghost"}'],
    ['POST', '/api/users/me/export/', '{}'],
    ['GET', '/api/webhooks/', undefined],
    ['POST', '/api/webhooks/', `{"url":"https://${PUBLIC_HOST}/ghost"}`],
    ['GET', '/api/schedules/', undefined],
  ] as const) {
    add('cookies after logout', {
      name: `${method} ${target}`,
      method,
      path: target,
      headers: old,
      ...(body ? { body } : {}),
    });
    add('cookies after logout', {
      name: `${method} ${target} refresh cookie only`,
      method,
      path: target,
      headers: {
        ...JSON_TYPE,
        cookie: `tc_refresh=${a.carolOld.cookies.tc_refresh}`,
        'x-csrftoken': a.carolOld.csrfToken,
      },
      ...(body ? { body } : {}),
    });
  }

  // ---- Revoked API keys ---------------------------------------------------------------------------------------
  for (const [method, target, body] of [
    ['GET', '/api/users/me/', undefined],
    ['GET', '/api/search-queries/list/', undefined],
    ['POST', '/api/search-queries/create/', orderBody({})],
    ['POST', '/api/paypal/create-order/', '{"credits_requested":1000}'],
    ['POST', '/api/auth/keys/', '{"name":"again"}'],
    ['DELETE', `/api/auth/keys/${a.aliceKeyId}/`, undefined],
    ['GET', '/api/webhooks/', undefined],
    ['POST', '/api/webhooks/', `{"url":"https://${PUBLIC_HOST}/again"}`],
    ['DELETE', `/api/webhooks/${a.aliceWebhookId}/`, undefined],
    ['GET', '/api/schedules/', undefined],
    ['POST', `/api/schedules/${a.aliceScheduleId}/pause/`, '{}'],
  ] as const) {
    add('revoked API keys', {
      name: `${method} ${target}`,
      method,
      path: target,
      headers: { ...JSON_TYPE, authorization: `Token ${a.revokedKey}` },
      ...(body ? { body } : {}),
    });
    add('revoked API keys', {
      name: `${method} ${target} bearer`,
      method,
      path: target,
      headers: { ...JSON_TYPE, authorization: `Bearer ${a.revokedKey}` },
      ...(body ? { body } : {}),
    });
    add('revoked API keys', {
      name: `${method} ${target} altered`,
      method,
      path: target,
      headers: { ...JSON_TYPE, authorization: `Token ${a.revokedKey.slice(0, -1)}x` },
      ...(body ? { body } : {}),
    });
  }

  // ---- Oversized headers --------------------------------------------------------------------------------------
  const big = (n: number) => 'x'.repeat(n);
  const headerCases: [string, Record<string, string>][] = [
    ['20 KB cookie', { cookie: `tc_access=${big(20_000)}` }],
    ['64 KB custom header', { 'x-filler': big(64_000) }],
    ['8 KB authorization', { authorization: `Token ${big(8_000)}` }],
    ['500 headers', Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x-h${i}`, big(40)]))],
    ['12 KB CSRF header', { ...a.bob.headers, 'x-csrftoken': big(12_000) }],
    ['long idempotency key', { ...a.alice.headers, 'idempotency-key': big(10_000) }],
    ['4 KB cookie of many pairs', { cookie: Array.from({ length: 400 }, (_, i) => `c${i}=v`).join('; ') }],
  ];
  for (const [label, headers] of headerCases)
    for (const [method, target, body] of [
      ['GET', '/api/users/me/', undefined],
      ['POST', '/api/search-queries/create/', orderBody({})],
    ] as const)
      add('oversized headers', {
        name: `${label} ${target}`,
        method,
        path: target,
        headers: { ...JSON_TYPE, ...headers },
        ...(body ? { body } : {}),
      });
  add('oversized headers', { name: '20 KB URL', method: 'GET', path: `/api/users/me/?q=${big(20_000)}` });
  add('oversized headers', {
    name: 'huge body past the limit',
    method: 'POST',
    path: '/api/auth/token/',
    headers: JSON_TYPE,
    body: JSON.stringify({ username: big(600 * 1024) }),
  });
}
