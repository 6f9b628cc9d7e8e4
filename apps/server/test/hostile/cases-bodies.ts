// The hostile-input campaign's cases (docs/decisions/025-hostile-campaign.md): Malformed JSON, wrong content types, huge and deeply nested filter trees, NUL bytes and lone surrogates in every string field.
import {
  PUBLIC_HOST,
  JSON_TYPE,
  HOSTILE_STRINGS,
  asUser,
  deepGroupJson,
  orderBody,
  ruleFilter,
  type AddCase,
  type Actors,
} from './campaign-shared.ts';

export function addBodyCases(a: Actors, add: AddCase): void {
  // ---- Malformed JSON -----------------------------------------------------------------------------------------
  const malformed = [
    '{',
    '{"username": ',
    '{"a":1,}',
    "{'a': 1}",
    '[1, 2',
    'nul',
    '{"a": NaN}',
    '{"a": Infinity}',
    '\ufeff{"a":1}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '"' + 'a'.repeat(100) + '',
    '{}}',
    '{"a":1}{"b":2}',
    '[' + '['.repeat(100_000),
  ];
  const jsonTargets: [string, string, Record<string, string>][] = [
    ['POST', '/api/auth/signup/', JSON_TYPE],
    ['POST', '/api/auth/token/', JSON_TYPE],
    ['POST', '/api/search-queries/create/', asUser(a.dave)],
    ['POST', '/api/search-queries/preview/', asUser(a.alice)],
    ['POST', '/api/paypal/create-order/', asUser(a.alice)],
    ['PATCH', '/api/users/me/', asUser(a.alice)],
    ['POST', '/api/webhooks/', asUser(a.alice)],
  ];
  malformed.forEach((body, i) => {
    const [method, target, headers] = jsonTargets[i % jsonTargets.length]!;
    add('malformed JSON', {
      name: `${target} ${JSON.stringify(body.slice(0, 20))}`,
      method,
      path: target,
      headers,
      body,
    });
  });
  for (const [method, target, headers] of jsonTargets) {
    add('malformed JSON', {
      name: `${target} deep array`,
      method,
      path: target,
      headers,
      body: '['.repeat(50_000) + ']'.repeat(50_000),
    });
    add('malformed JSON', {
      name: `${target} invalid UTF-8`,
      method,
      path: target,
      headers,
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
  }

  // ---- Wrong content types ------------------------------------------------------------------------------------
  const contentTypes = [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-16',
    'application/jsonp',
    'application/json, text/plain',
    '',
  ];
  const typeTargets: [string, string, Record<string, string>, string][] = [
    ['POST', '/api/auth/token/', {}, JSON.stringify({ username: a.alice.username, password: 'wrong' })],
    ['POST', '/api/paypal/create-order/', a.alice.headers, JSON.stringify({ credits_requested: 1000 })],
    ['POST', '/api/search-queries/create/', a.dave.headers, orderBody({})],
    ['POST', '/api/paypal/webhook/', {}, a.replayBody],
  ];
  for (const type of contentTypes)
    for (const [method, target, headers, body] of typeTargets)
      add('wrong content type', {
        name: `${target} as ${type || '(none)'}`,
        method,
        path: target,
        headers: { ...headers, ...(type ? { 'content-type': type } : {}) },
        body: type.startsWith('application/x-www')
          ? 'username=alice&password=x'
          : type.includes('utf-16')
            ? Buffer.from(body, 'utf16le')
            : body,
      });

  // ---- Huge and deeply nested filter trees --------------------------------------------------------------------
  const manyRules = (n: number) => ({
    combinator: 'and',
    rules: Array.from({ length: n }, (_, i) => ({
      field: 'keyword',
      operator: 'keyword_contains',
      value: `w${i}`,
    })),
  });
  const wideGroups = {
    combinator: 'or',
    rules: Array.from({ length: 2_000 }, () => ({ combinator: 'and', rules: [] })),
  };
  const trees: [string, unknown][] = [
    ['depth 100', deepGroupJson(100)],
    ['depth 1,000', deepGroupJson(1_000)],
    ['depth 5,000', deepGroupJson(5_000)],
    ['1,001 rules', manyRules(1_001)],
    ['10,000 rules', manyRules(10_000)],
    // Small enough for the body limit, so the parser itself meets 10,000 rules.
    [
      '10,000 compact rules',
      {
        combinator: 'and',
        rules: Array.from({ length: 10_000 }, (_, i) => ({ field: 'upvotes', operator: 'gte', value: i })),
      },
    ],
    ['2,000 empty groups', wideGroups],
    ['rules is an object', { combinator: 'and', rules: { 0: { field: 'keyword' } } }],
    ['nested 200 deep via items', deepGroupJson(200, 'items')],
    ['depth 100,000', deepGroupJson(100_000)],
  ];
  for (const [label, filters] of trees)
    for (const target of ['/api/search-queries/create/', '/api/search-queries/preview/'])
      add('huge / deep filter trees', {
        name: `${target} ${label}`,
        method: 'POST',
        path: target,
        headers: asUser(a.alice),
        body: orderBody({ filters: '@@FILTERS@@' }).replace(
          '"@@FILTERS@@"',
          typeof filters === 'string' ? filters : JSON.stringify(filters),
        ),
      });

  // ---- NUL bytes and lone surrogates in every string field ----------------------------------------------------
  const stringFields: [string, string, Record<string, string>, (s: string) => unknown][] = [
    [
      'POST',
      '/api/auth/signup/',
      JSON_TYPE,
      (s) => ({
        username: s,
        email: 'x@example.com',
        password1: 'Secret123',
        password2: 'Secret123',
        name: 'x',
      }),
    ],
    [
      'POST',
      '/api/auth/signup/',
      JSON_TYPE,
      (s) => ({
        username: `u${Date.now()}`,
        email: `${s}@example.com`,
        password1: 'Secret123',
        password2: 'Secret123',
        name: 'x',
      }),
    ],
    [
      'POST',
      '/api/auth/signup/',
      JSON_TYPE,
      (s) => ({
        username: 'hostile_pw',
        email: 'hp@example.com',
        password1: s,
        password2: 'other',
        name: 'x',
      }),
    ],
    [
      'POST',
      '/api/auth/signup/',
      JSON_TYPE,
      (s) => ({
        username: `n${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        email: `n${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`,
        password1: 'Secret123',
        password2: 'Secret123',
        name: s,
      }),
    ],
    ['PATCH', '/api/users/me/', asUser(a.alice), (s) => ({ name: s })],
    ['POST', '/api/users/me/api-keys/', asUser(a.alice), (s) => ({ name: s })],
    ['POST', '/api/auth/keys/', asUser(a.alice), (s) => ({ name: s })],
    ['POST', '/api/analytics/pageview/', JSON_TYPE, (s) => ({ path: `/x${s}`, title: s })],
    ['POST', '/api/search-queries/create/', asUser(a.dave), (s) => JSON.parse(orderBody({ title: s }))],
    ['POST', '/api/auth/token/', JSON_TYPE, (s) => ({ username: s, password: 'Secret123' })],
    ['POST', '/api/auth/token/', JSON_TYPE, (s) => ({ username: a.bob.username, password: s })],
    ['POST', '/api/auth/confirm-email/', JSON_TYPE, (s) => ({ token: s })],
    ['POST', '/api/auth/password-reset/', JSON_TYPE, (s) => ({ email: s })],
    [
      'POST',
      '/api/auth/password-reset/confirm/',
      JSON_TYPE,
      (s) => ({ token: s, new_password1: 'Secret456', new_password2: 'Secret456' }),
    ],
    ['PATCH', '/api/users/me/', asUser(a.alice), (s) => ({ email: `al${s}ce@example.com` })],
    [
      'POST',
      '/api/users/me/password/',
      asUser(a.alice),
      (s) => ({ current_password: s, new_password1: 'Secret456', new_password2: 'Secret456' }),
    ],
    ['POST', '/api/users/me/delete/', asUser(a.alice), (s) => ({ password: s, confirm: 'DELETE' })],
    ['POST', '/api/paypal/capture-order/', asUser(a.bob), (s) => ({ order_id: s })],
    ['POST', '/api/paypal/cancel-order/', asUser(a.bob), (s) => ({ order_id: s })],
    ['POST', '/api/paypal/buy-credits-packages/', asUser(a.bob), (s) => ({ package_id: s })],
    ['POST', '/api/search-queries/create/', asUser(a.dave), (s) => JSON.parse(orderBody({ sort: s }))],
    ['POST', '/api/search-queries/create/', asUser(a.dave), (s) => JSON.parse(orderBody({ columns: [s] }))],
    [
      'POST',
      '/api/search-queries/create/',
      asUser(a.dave),
      (s) => JSON.parse(orderBody({ filters: ruleFilter(s, 'keyword_contains', 'x') })),
    ],
    [
      'POST',
      '/api/search-queries/create/',
      asUser(a.dave),
      (s) => JSON.parse(orderBody({ filters: ruleFilter('keyword', s, 'x') })),
    ],
    [
      'POST',
      '/api/search-queries/create/',
      asUser(a.dave),
      (s) => JSON.parse(orderBody({ result_count: s })),
    ],
    ['POST', '/api/search-queries/create/', asUser(a.dave), (s) => JSON.parse(orderBody({ format_type: s }))],
    ['POST', '/api/webhooks/', asUser(a.alice), (s) => ({ url: `https://${PUBLIC_HOST}/${s}` })],
    ['POST', '/api/webhooks/', asUser(a.alice), (s) => ({ url: `https://${PUBLIC_HOST}/d`, description: s })],
    ['POST', '/api/search-queries/create/', asUser(a.dave), (s) => JSON.parse(orderBody({ schedule: s }))],
  ];
  for (const [method, target, headers, make] of stringFields)
    for (const [label, value] of Object.entries(HOSTILE_STRINGS))
      add('NUL / lone surrogates', {
        name: `${method} ${target} ${label} ${JSON.stringify(make('§')).slice(0, 40)}`,
        method,
        path: target,
        headers,
        body: JSON.stringify(make(value)),
      });
  // Read-only searches may legitimately run with such a value; they must not fail or write.
  for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
    add('NUL / lone surrogates', {
      name: `preview keyword ${label}`,
      method: 'POST',
      path: '/api/search-queries/preview/',
      headers: asUser(a.bob),
      body: orderBody({ filters: ruleFilter('keyword', 'keyword_contains', value) }),
      expect: 'harmless',
    });
    add('NUL / lone surrogates', {
      name: `suggest ${label}`,
      method: 'GET',
      path: `/api/corpus/suggest/?field=subreddit&q=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) || '%00'}`,
      headers: a.bob.headers,
      expect: 'harmless',
    });
  }
}
