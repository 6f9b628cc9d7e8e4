import type { Order } from '@threadcart/contracts';
import { mockApi, type MockHandler } from '../../testing/mock-api.ts';
import { TEST_USER } from '../../testing/render-app.tsx';

/** Mocks the API for a signed-in user (the session hint set, /api/users/me/ answering) plus the given routes. */
export function mockSignedIn(routes: Record<string, MockHandler> = {}, credits = TEST_USER.credits) {
  window.localStorage.setItem('threadcart.has-session', '1');
  return mockApi({ 'GET /api/users/me/': [200, { user: { ...TEST_USER, credits } }], ...routes });
}

/** An order as the API returns it. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '0190a000-0000-7000-8000-0000000000aa',
    title: 'Python posts',
    timestamp: '2026-11-22T10:00:00.000Z',
    search_type: 'posts',
    format_type: 'json',
    result_count: 100,
    status: 'completed',
    query_string: "(keyword CONTAINS 'python')",
    filters: {
      combinator: 'and',
      not: false,
      rules: [{ field: 'keyword', operator: 'keyword_contains', value: 'python' }],
    },
    there_is_file: true,
    file_name: 'Python posts.json',
    result_files: [],
    records_delivered: 100,
    credits_charged: 100,
    progress: 100,
    error: null,
    sort: 'top',
    sample_seed: null,
    columns: null,
    exclude_purchased: false,
    include_context: false,
    include_comments: 0,
    authors: 'as_is',
    pseudonyms: 'per_order',
    scrub: [],
    ...overrides,
  };
}
