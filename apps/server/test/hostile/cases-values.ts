// The hostile-input campaign's cases (docs/decisions/025-hostile-campaign.md): SQL fragments in values, fields and operators; regexes built to be slow in backtracking engines; numbers as strings, floats, negatives and 2^63; custom credit amounts at and past every bound; unknown fields.
import {
  JSON_TYPE,
  SQL_FRAGMENTS,
  asUser,
  orderBody,
  ruleFilter,
  type AddCase,
  type Actors,
} from './campaign-shared.ts';

export function addValueCases(a: Actors, add: AddCase): void {
  // ---- SQL fragments in values, fields and operators ----------------------------------------------------------
  for (const fragment of SQL_FRAGMENTS) {
    add('SQL fragments', {
      name: `login ${fragment}`,
      method: 'POST',
      path: '/api/auth/token/',
      headers: JSON_TYPE,
      body: JSON.stringify({ username: fragment, password: fragment }),
    });
    add('SQL fragments', {
      name: `field ${fragment}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({ filters: ruleFilter(fragment, 'keyword_contains', 'x') }),
    });
    add('SQL fragments', {
      name: `operator ${fragment}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({ filters: ruleFilter('upvotes', fragment, 1) }),
    });
    add('SQL fragments', {
      name: `schedule ${fragment}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.alice),
      body: orderBody({ schedule: fragment }),
    });
    add('SQL fragments', {
      name: `webhook address ${fragment}`,
      method: 'POST',
      path: '/api/webhooks/',
      headers: asUser(a.alice),
      body: JSON.stringify({ url: fragment }),
    });
    add('SQL fragments', {
      name: `sort ${fragment}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({ sort: fragment }),
    });
    add('SQL fragments', {
      name: `numeric value ${fragment}`,
      method: 'POST',
      path: '/api/search-queries/preview/',
      headers: asUser(a.bob),
      body: orderBody({ filters: ruleFilter('upvotes', 'gte', fragment) }),
    });
    add('SQL fragments', {
      name: `keyword value ${fragment}`,
      method: 'POST',
      path: '/api/search-queries/preview/',
      headers: asUser(a.bob),
      body: orderBody({ filters: ruleFilter('keyword', 'keyword_contains', fragment) }),
      expect: 'harmless',
    });
    add('SQL fragments', {
      name: `subreddit value ${fragment}`,
      method: 'POST',
      path: '/api/search-queries/preview/',
      headers: asUser(a.bob),
      body: orderBody({ filters: ruleFilter('subreddit', 'in', [fragment]) }),
      expect: 'harmless',
    });
    add('SQL fragments', {
      name: `order id ${fragment}`,
      method: 'GET',
      path: `/api/search-queries/${encodeURIComponent(fragment)}/`,
      headers: a.bob.headers,
    });
    add('SQL fragments', {
      name: `capture ${fragment}`,
      method: 'POST',
      path: '/api/paypal/capture-order/',
      headers: asUser(a.bob),
      body: JSON.stringify({ order_id: fragment }),
    });
    add('SQL fragments', {
      name: `ledger page ${fragment}`,
      method: 'GET',
      path: `/api/users/me/ledger/?page=${encodeURIComponent(fragment)}`,
      headers: a.bob.headers,
    });
  }

  // ---- Regexes built to be slow in backtracking engines -------------------------------------------------------
  const slowRegexes = [
    '(a+)+$',
    '(a|aa)+$',
    '(a|a?)+b',
    '(.*a){25}',
    '^(([a-z])+.)+[A-Z]([a-z])+$',
    '(\\w+\\s?)*$',
    '(x+x+)+y',
    '((a*)*)*b',
    'a{1,1000}{1,1000}',
    '(a)\\1',
    '(?=a)a',
    '(?<!a)b',
    '[',
    'a'.repeat(5_000),
  ];
  for (const pattern of slowRegexes)
    for (const target of ['/api/search-queries/preview/', '/api/search-queries/create/'])
      add('slow regexes', {
        name: `${target} /${pattern.slice(0, 30)}/`,
        method: 'POST',
        path: target,
        headers: asUser(target.endsWith('preview/') ? a.bob : a.dave),
        // Dave has no credits, so an order with a valid pattern is still refused (402) after the filter is parsed.
        body: orderBody({ result_count: 10, filters: ruleFilter('regex', 'regex_matches', pattern) }),
        expect: target.endsWith('preview/') ? 'harmless' : 'refused',
      });

  // ---- Numbers as strings, floats, negatives, 2^63 ------------------------------------------------------------
  const numbers = [
    '"10"',
    '10.5',
    '-1',
    '0',
    '9223372036854775808',
    '-9223372036854775809',
    '1e309',
    '1e-7',
    '18446744073709551616',
    'true',
    'null',
    '[10]',
    '{"n":10}',
  ];
  for (const n of numbers) {
    add('numbers', {
      name: `result_count ${n}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({}).replace('"result_count":10', `"result_count":${n}`),
    });
    add('numbers', {
      name: `sample_seed ${n}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({ sort: 'random', result_count: 1_000 }).replace(
        '"result_count":1000',
        `"result_count":1000,"sample_seed":${n}`,
      ),
    });
    add('numbers', {
      name: `exclude_purchased ${n}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({}).replace('"result_count":10', `"result_count":10,"exclude_purchased":${n}`),
    });
    add('numbers', {
      name: `include_comments ${n}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({ format_type: 'ndjson' }).replace(
        '"result_count":10',
        `"result_count":10,"include_comments":${n}`,
      ),
    });
    add('numbers', {
      name: `include_context ${n}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({ search_type: 'comments' }).replace(
        '"result_count":10',
        `"result_count":10,"include_context":${n}`,
      ),
    });
    add('numbers', {
      name: `rerun exclude_purchased ${n} (someone else's order)`,
      method: 'POST',
      path: `/api/search-queries/${a.aliceSearchOrder}/rerun/`,
      headers: asUser(a.dave),
      body: `{"exclude_purchased":${n}}`,
    });
    add('numbers', {
      name: `upvotes gte ${n}`,
      method: 'POST',
      path: '/api/search-queries/create/',
      headers: asUser(a.dave),
      body: orderBody({ result_count: 1_000 })
        .replace('"value":"python"', `"value":${n}`)
        .replace('"keyword"', '"upvotes"')
        .replace('"keyword_contains"', '"gte"'),
    });
    add('numbers', {
      name: `ledger page ${n}`,
      method: 'GET',
      path: `/api/users/me/ledger/?page=${encodeURIComponent(n)}`,
      headers: a.bob.headers,
      expect: 'harmless',
    });
  }

  // ---- Custom credit amounts at and past every bound ----------------------------------------------------------
  const credits: [string, 'refused' | 'accepted'][] = [
    ['0', 'refused'],
    ['-1', 'refused'],
    ['1', 'accepted'],
    ['1000000', 'accepted'],
    ['1000001', 'refused'],
    ['1.5', 'refused'],
    ['0.1', 'refused'],
    ['"1000"', 'refused'],
    ['9007199254740993', 'refused'],
    ['9223372036854775808', 'refused'],
    ['1e309', 'refused'],
    ['-0', 'refused'],
    ['null', 'refused'],
    ['[1000]', 'refused'],
    ['{"value":1000}', 'refused'],
    ['"1e3"', 'refused'],
  ];
  for (const [value, expectation] of credits)
    add('credit amounts', {
      name: `custom ${value}`,
      method: 'POST',
      path: '/api/paypal/create-order/',
      headers: asUser(a.bob),
      body: `{"credits_requested":${value}}`,
      expect: expectation,
    });
  for (const id of [
    '0',
    '-1',
    '99',
    '1.5',
    '"abc"',
    '9223372036854775808',
    '"1; DROP TABLE payments"',
    'null',
    '[]',
  ])
    add('credit amounts', {
      name: `package ${id}`,
      method: 'POST',
      path: '/api/paypal/buy-credits-packages/',
      headers: asUser(a.bob),
      body: `{"package_id":${id}}`,
    });
  for (const value of ['0', '-5', '1.5', '"100"', '9223372036854775808', '1e309'])
    add('credit amounts', {
      name: `admin grant ${value}`,
      method: 'POST',
      path: `/api/admin/users/${a.bob.user.id}/credits/grant/`,
      headers: asUser(a.admin),
      body: `{"credits":${value},"reason":"hostile"}`,
    });
  add('credit amounts', {
    name: 'admin grant as a user',
    method: 'POST',
    path: `/api/admin/users/${a.bob.user.id}/credits/grant/`,
    headers: asUser(a.bob),
    body: '{"credits":1000,"reason":"self"}',
  });

  // ---- Unknown fields -----------------------------------------------------------------------------------------
  const unknownFieldCases: [string, string, Record<string, string>, unknown][] = [
    [
      'POST',
      '/api/search-queries/create/',
      asUser(a.dave),
      {
        ...JSON.parse(orderBody({ result_count: 1_000 })),
        user_id: a.bob.user.id,
        credits_cost: 0,
        status: 'completed',
      },
    ],
    [
      'POST',
      '/api/paypal/create-order/',
      asUser(a.bob),
      { credits_requested: 0, amount: '0.00', currency: 'XXX' },
    ],
    [
      'POST',
      '/api/paypal/capture-order/',
      asUser(a.bob),
      { order_id: a.alicePendingPayPalOrder, user_id: a.alice.user.id },
    ],
    ['POST', '/api/auth/signup/', JSON_TYPE, { username: 'x', role: 'admin', is_staff: true }],
    [
      'PATCH',
      '/api/users/me/',
      asUser(a.bob),
      { email: 'not-an-email', role: 'admin', credits: 1_000_000, is_admin: true },
    ],
    [
      'POST',
      '/api/auth/token/',
      JSON_TYPE,
      { username: a.bob.username, password: 'wrong', mfa: 'skip', __proto__: { admin: true } },
    ],
    ['POST', '/api/users/me/api-keys/', asUser(a.bob), { name: '', scopes: ['admin'] }],
    [
      'POST',
      '/api/search-queries/create/',
      asUser(a.dave),
      { ...JSON.parse(orderBody({ result_count: 1_000 })), constructor: { prototype: { isAdmin: true } } },
    ],
  ];
  for (const [method, target, headers, body] of unknownFieldCases)
    add('unknown fields', {
      name: `${method} ${target}`,
      method,
      path: target,
      headers,
      body: JSON.stringify(body),
    });
  add('unknown fields', {
    name: '__proto__ key',
    method: 'PATCH',
    path: '/api/users/me/',
    headers: asUser(a.bob),
    body: '{"__proto__":{"role":"admin"},"email":"bad"}',
  });
  add('unknown fields', {
    name: 'constructor.prototype key',
    method: 'POST',
    path: '/api/auth/token/',
    headers: JSON_TYPE,
    body: '{"constructor":{"prototype":{"x":1}}}',
  });
}
