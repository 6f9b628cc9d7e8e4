// The hostile-input campaign's cases for issue 28: the API-key takeover chain, alias sign-ups past the network
// limit, and CSV/XLSX formula payloads in orders and dry runs (docs/security.md, issue 28).
import { JSON_TYPE, PUBLIC_HOST, asUser, orderBody, type AddCase, type Actors } from './campaign-shared.ts';

const FORMULA_PAYLOADS = [
  '=1+1',
  "x;=cmd|' /C calc'!A0",
  ' =1+1',
  '\n=1+1',
  '@SUM(1+1)',
  '-2+3',
  '+A1',
  '=HYPERLINK("http://evil.example","x")',
  '\uFF1D1+1',
  '\t=1+1',
];

export function addIssue28Cases(a: Actors, add: AddCase): void {
  // ---- The takeover chain: only an API key in hand --------------------------------------------------------------
  const key = { ...JSON_TYPE, authorization: `Token ${a.aliceLiveKey}` };
  const takeover: [string, string, string | undefined][] = [
    ['PATCH', '/api/users/me/', JSON.stringify({ email: 'attacker@example.com' })],
    [
      'PATCH',
      '/api/users/me/',
      JSON.stringify({ email: 'attacker@example.com', current_password: 'Secret123' }),
    ],
    [
      'POST',
      '/api/users/me/password/',
      '{"current_password":"Secret123","new_password1":"Pwned1234","new_password2":"Pwned1234"}',
    ],
    ['POST', '/api/auth/reauthenticate/', '{"password":"Secret123"}'],
    ['POST', '/api/users/me/api-keys/', '{"name":"minted"}'],
    ['POST', '/api/auth/keys/', '{"name":"minted","scopes":["read","orders"]}'],
    ['POST', '/api/users/me/api-keys/revoke-all/', '{}'],
    ['DELETE', `/api/users/me/api-keys/${a.aliceKeyId}/`, undefined],
    ['GET', '/api/users/me/api-keys/', undefined],
    ['POST', '/api/webhooks/', `{"url":"https://${PUBLIC_HOST}/takeover"}`],
    ['DELETE', `/api/webhooks/${a.aliceWebhookId}/`, undefined],
    ['GET', '/api/webhooks/', undefined],
    ['POST', '/api/users/me/export/', '{}'],
    ['GET', '/api/users/me/export/', undefined],
    ['POST', '/api/users/me/delete/', '{"password":"Secret123","confirm":"DELETE"}'],
  ];
  for (const [method, path, body] of takeover) {
    add('takeover chain (API key)', {
      name: `${method} ${path} with a key${body?.includes('current_password') ? ' and the password' : ''}`,
      method,
      path,
      headers: key,
      ...(body === undefined ? {} : { body }),
    });
  }
  // A read-only key cannot place orders.
  add('takeover chain (API key)', {
    name: 'order with a read-only key',
    method: 'POST',
    path: '/api/search-queries/create/',
    headers: { ...JSON_TYPE, authorization: `Token ${a.aliceReadOnlyKey}` },
    body: orderBody({ result_count: 1 }),
  });

  // ---- Alias sign-ups: the network's limit is spent by the campaign's own users ---------------------------------
  const base = a.alice.user.email;
  const [local, domain] = base.split('@') as [string, string];
  const aliases = [
    `${local}+1@${domain}`,
    `${local}+gift@${domain}`,
    base.toUpperCase(),
    `${local.split('').join('.')}@gmail.com`,
    `${local}+x@googlemail.com`,
    `new_${local}@${domain}`,
  ];
  aliases.forEach((email, i) => {
    add('alias sign-ups', {
      name: `sign up as ${email}`,
      method: 'POST',
      path: '/api/auth/signup/',
      headers: JSON_TYPE,
      body: JSON.stringify({
        username: `alias_${i}_${local}`.slice(0, 30),
        email,
        password1: 'Secret123',
        password2: 'Secret123',
      }),
    });
  });

  // ---- Formula payloads: in an order's title and filter (Dave has no credits: 402) and in dry runs ----------------
  for (const payload of FORMULA_PAYLOADS) {
    add('formula payloads', {
      name: `order titled ${JSON.stringify(payload)}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.daveAgain),
      body: orderBody({ result_count: 1, title: payload }),
    });
    add('formula payloads', {
      name: `dry run for ${JSON.stringify(payload)}`,
      method: 'POST',
      path: '/api/search-queries/preview/',
      headers: asUser(a.bobAgain),
      body: JSON.stringify({
        result_count: 5,
        filters: {
          combinator: 'and',
          rules: [{ field: 'keyword', operator: 'keyword_contains', value: payload }],
        },
      }),
      expect: 'harmless',
    });
  }
}
