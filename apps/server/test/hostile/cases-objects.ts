// The hostile-input campaign's cases (docs/decisions/025-hostile-campaign.md): Path tricks in ids and other users' objects, forged and replayed PayPal webhooks, webhook addresses that reach inside (SSRF).
import { PUBLIC_HOST, JSON_TYPE, asUser, type AddCase, type Actors } from './campaign-shared.ts';

export function addObjectCases(a: Actors, add: AddCase): void {
  // ---- Path tricks in ids -------------------------------------------------------------------------------------
  const ids = [
    '..',
    '../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e',
    '%2e%2e%2f%2e%2e%2f',
    '%252e%252e',
    '..%5c..%5cwindows',
    '%00',
    'abc%00.json',
    '%ff%fe',
    '%',
    '%u002e',
    'x'.repeat(1_000),
    'x'.repeat(12_000),
    a.alice.user.id + '%2f..',
    '-1',
    '9223372036854775808',
  ];
  const idRoutes: [string, (id: string) => string, Record<string, string>][] = [
    ['GET', (id) => `/api/download/${id}/`, a.bob.headers],
    ['GET', (id) => `/api/search-queries/${id}/`, a.bob.headers],
    ['POST', (id) => `/api/search-queries/${id}/rerun/`, asUser(a.bob)],
    ['GET', (id) => `/api/users/me/payments/${id}/`, a.bob.headers],
    ['GET', (id) => `/api/users/me/export/${id}/download/`, a.bob.headers],
    ['DELETE', (id) => `/api/auth/keys/${id}/`, a.bob.headers],
    ['GET', (id) => `/api/admin/orders/${id}/file/`, a.admin.headers],
    ['DELETE', (id) => `/api/webhooks/${id}/`, a.bob.headers],
    ['POST', (id) => `/api/webhooks/${id}/test/`, a.bob.headers],
    ['GET', (id) => `/api/webhooks/${id}/deliveries/`, a.bob.headers],
    ['POST', (id) => `/api/schedules/${id}/pause/`, a.bob.headers],
    ['POST', (id) => `/api/schedules/${id}/resume/`, a.bob.headers],
    ['DELETE', (id) => `/api/schedules/${id}/`, a.bob.headers],
  ];
  for (const id of ids)
    for (const [method, route, headers] of idRoutes)
      add('path tricks in ids', {
        name: `${method} ${route(id).slice(0, 60)}`,
        method,
        path: route(id),
        headers,
      });
  // Alice's own objects through Bob's session: 404, never hers.
  add('path tricks in ids', {
    name: "re-run another user's order",
    method: 'POST',
    path: `/api/search-queries/${a.aliceSearchOrder}/rerun/`,
    headers: asUser(a.bob),
    body: '{}',
  });
  add('path tricks in ids', {
    name: "another user's API key",
    method: 'DELETE',
    path: `/api/auth/keys/${a.aliceKeyId}/`,
    headers: a.bob.headers,
  });
  add('path tricks in ids', {
    name: "another user's API key (account route)",
    method: 'DELETE',
    path: `/api/users/me/api-keys/${a.aliceKeyId}/`,
    headers: a.bob.headers,
  });
  for (const [method, path] of [
    ['DELETE', `/api/webhooks/${a.aliceWebhookId}/`],
    ['POST', `/api/webhooks/${a.aliceWebhookId}/test/`],
    ['GET', `/api/webhooks/${a.aliceWebhookId}/deliveries/`],
    ['POST', `/api/schedules/${a.aliceScheduleId}/pause/`],
    ['POST', `/api/schedules/${a.aliceScheduleId}/resume/`],
    ['DELETE', `/api/schedules/${a.aliceScheduleId}/`],
  ] as const)
    add('path tricks in ids', {
      name: `another user's webhook: ${method} ${path}`,
      method,
      path,
      headers: a.bob.headers,
    });
  add('path tricks in ids', {
    name: 'static path traversal',
    method: 'GET',
    path: '/../../../../etc/passwd',
  });
  add('path tricks in ids', {
    name: 'encoded static path traversal',
    method: 'GET',
    path: '/%2e%2e/%2e%2e/etc/passwd',
  });
  add('path tricks in ids', {
    name: 'api docs traversal',
    method: 'GET',
    path: '/api/docs/static/..%2f..%2f..%2fpackage.json',
  });

  // ---- Forged and replayed PayPal webhooks --------------------------------------------------------------------
  const tampered = a.replayBody.replace(/"value":"[0-9.]+"/, '"value":"999999.00"');
  const webhookCases: [string, Record<string, string>, string, 'refused' | 'harmless'][] = [
    ['replayed, same bytes', a.replayHeaders, a.replayBody, 'harmless'],
    ['replayed again', a.replayHeaders, a.replayBody, 'harmless'],
    ['tampered amount', a.replayHeaders, tampered, 'refused'],
    [
      'tampered event id',
      a.replayHeaders,
      a.replayBody.replace(/"id":"WH-[^"]+"/, '"id":"WH-FORGED"'),
      'refused',
    ],
    ['no signature headers', JSON_TYPE, a.replayBody, 'refused'],
    [
      'wrong signature',
      { ...a.replayHeaders, 'paypal-transmission-sig': 'Zm9yZ2Vk' },
      a.replayBody,
      'refused',
    ],
    [
      'cert url elsewhere',
      { ...a.replayHeaders, 'paypal-cert-url': 'http://169.254.169.254/latest/meta-data/' },
      a.replayBody,
      'refused',
    ],
    [
      'other transmission id',
      { ...a.replayHeaders, 'paypal-transmission-id': 'forged-id' },
      a.replayBody,
      'refused',
    ],
    [
      'old transmission time',
      { ...a.replayHeaders, 'paypal-transmission-time': '2001-01-01T00:00:00Z' },
      a.replayBody,
      'refused',
    ],
    [
      'forged completed for pending order',
      a.replayHeaders,
      a.replayBody.replaceAll(a.aliceCompletedPayPalOrder, a.alicePendingPayPalOrder),
      'refused',
    ],
    ['empty object', a.replayHeaders, '{}', 'refused'],
    ['array', a.replayHeaders, '[]', 'refused'],
    ['not JSON', a.replayHeaders, 'event=PAYMENT.CAPTURE.COMPLETED', 'refused'],
    ['300 KB body', a.replayHeaders, JSON.stringify({ pad: 'x'.repeat(300 * 1024) }), 'refused'],
    [
      'NUL in event type',
      a.replayHeaders,
      a.replayBody.replace('PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.COMPLETED\\u0000'),
      'refused',
    ],
    [
      'lone surrogate in resource id',
      a.replayHeaders,
      a.replayBody.replace(a.aliceCompletedPayPalOrder, '\\ud800'),
      'refused',
    ],
  ];
  for (const [label, headers, body, expectation] of webhookCases)
    add('forged / replayed webhooks', {
      name: label,
      method: 'POST',
      path: '/api/paypal/webhook/',
      headers: { ...JSON_TYPE, ...headers, 'content-type': 'application/json' },
      body,
      expect: expectation,
    });

  // ---- Webhook addresses that reach inside (SSRF) or are not web addresses ------------------------------------
  const insideAddresses = [
    'http://127.0.0.1/',
    'http://127.0.0.1:6379/',
    'http://localhost:8080/hook',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0/',
    'http://0177.0.0.1/',
    'http://2130706433/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://100.100.100.200/latest/meta-data/',
    'http://10.0.0.1/',
    'https://192.168.1.1/',
    'http://172.17.0.1:2375/containers/json',
    'http://127.0.0.1.nip.io/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_FLUSHALL',
    'ftp://example.com/',
    'javascript:alert(1)',
    'data:text/plain,hello',
    '//93.184.215.14/hook',
    '\\\\evil\\share',
    `http://user:pass@${PUBLIC_HOST}/hook`,
    `https://${PUBLIC_HOST}:99999/hook`,
    `https://${PUBLIC_HOST}/${'a'.repeat(3000)}`,
    '',
  ];
  for (const url of insideAddresses)
    add('webhook addresses', {
      name: url.slice(0, 60) || '(empty)',
      method: 'POST',
      path: '/api/webhooks/',
      headers: asUser(a.alice),
      body: JSON.stringify({ url }),
    });
  for (const body of ['{"url":null}', '{"url":["https://93.184.215.14/"]}', '{"url":{"href":"x"}}'])
    add('webhook addresses', {
      name: body,
      method: 'POST',
      path: '/api/webhooks/',
      headers: asUser(a.alice),
      body,
    });
}
