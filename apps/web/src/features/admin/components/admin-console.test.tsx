import { screen, waitFor, within } from '@testing-library/react';
import type {
  AdminOrder,
  AdminOverview,
  AdminPayment,
  AdminUser,
  AdminUserDetail,
} from '@threadcart/contracts';
import { mockApi, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp, TEST_USER } from '../../../testing/render-app.tsx';
import { ADMIN_FORBIDDEN } from './admin-console.tsx';

const OVERVIEW: AdminOverview = {
  users: { today: 1, days_7: 3, days_30: 9, total: 12 },
  orders: { today: 2, days_7: 5, days_30: 20, total: 40 },
  revenue_cents: { today: 500, days_7: 2500, days_30: 10000 },
  orders_by_status: { completed: 30, failed: 4, pending: 6 },
  worker: { last_heartbeat_at: '2026-11-25T05:00:00.000Z', queue_depth: 6 },
  corpus: { state: 'all', posts: 1000, comments: 3000, sample_records: 4000 },
  daily: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-10-${String(i + 1).padStart(2, '0')}`,
    orders: i,
    revenue_cents: i * 100,
  })),
};
const BOB: AdminUser = {
  id: 'user-bob',
  username: 'bob',
  email: 'bob@example.com',
  name: 'Bob Builder',
  role: 'user',
  credits: 250,
  date_joined: '2026-11-01T10:00:00.000Z',
  disabled_at: null,
};
const detail = (credits: number): AdminUserDetail => ({
  user: { ...BOB, credits },
  orders: [],
  payments: [],
  lots: [],
  ledger: [],
});
const FAILED_ORDER: AdminOrder = {
  id: 'order-1',
  user_id: BOB.id,
  username: 'bob',
  title: 'Python posts',
  status: 'failed',
  search_type: 'posts',
  format_type: 'csv',
  result_count: 10,
  records_delivered: 0,
  credits_charged: 0,
  attempts: 3,
  error: 'The order could not be fulfilled after 3 attempts.',
  has_file: false,
  file_name: null,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
  completed_at: '2026-11-24T10:05:00.000Z',
};
const PAYMENT: AdminPayment = {
  id: 'pay-1',
  user_id: BOB.id,
  username: 'bob',
  provider: 'paypal',
  provider_order_id: '5O190127TN364715T',
  capture_id: '3C679366HH908993F',
  payer_id: 'PAYER1',
  kind: 'package',
  credits: 25000,
  amount_cents: 2000,
  currency: 'USD',
  status: 'completed',
  last_issue: null,
  credited_at: '2026-11-20T09:31:00.000Z',
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:31:00.000Z',
};
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, page_size: 25 });

function adminApi(routes: Record<string, MockHandler> = {}) {
  window.localStorage.setItem('threadcart.has-session', '1');
  return mockApi({
    'GET /api/users/me/': [200, { user: TEST_USER }],
    'GET /api/admin/overview/': [200, OVERVIEW],
    ...routes,
  });
}

const openConsole = async (entry: string) => {
  const view = renderApp(entry);
  await screen.findByRole('heading', { level: 1, name: 'Operator console' }, { timeout: 10_000 });
  return view;
};

it('tells a user who is not an administrator that the console is not theirs, and shows nothing else', async () => {
  adminApi({ 'GET /api/admin/overview/': [403, { detail: 'Forbidden', code: 'permission_denied' }] });
  await openConsole('/admin');
  expect(await screen.findByText(ADMIN_FORBIDDEN)).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
});

it('shows the overview figures and both charts', async () => {
  adminApi();
  await openConsole('/admin');
  expect(await screen.findByText('$100.00')).toBeInTheDocument();
  expect(screen.getByText('6 waiting or running')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Orders per day (30 days)' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Revenue per day (30 days)' })).toBeInTheDocument();
});

it('grants credits to a user found by search, with a reason, and shows the new balance', async () => {
  let credits = 250;
  const api = adminApi({
    'GET /api/admin/users/': [200, page([BOB])],
    [`GET /api/admin/users/${BOB.id}/`]: () => [200, detail(credits)],
    [`POST /api/admin/users/${BOB.id}/credits/grant/`]: () => {
      credits += 100;
      return [200, { credits, audit_id: 'audit-1' }];
    },
  });
  const { user } = await openConsole('/admin/users');
  await user.type(await screen.findByLabelText('Search users'), 'bob');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: 'Open bob' }));
  const panel = await screen.findByRole('region', { name: 'User bob' });
  expect(within(panel).getByTestId('admin-user-balance')).toHaveTextContent('250 credits');
  const form = within(panel).getByRole('form', { name: 'Grant credits' });
  await user.type(within(form).getByLabelText('Credits'), '100');
  await user.type(within(form).getByLabelText('Internal reason (operators only)'), 'outage goodwill');
  await user.click(within(form).getByRole('button', { name: 'Grant credits' }));
  await waitFor(() =>
    expect(within(panel).getByTestId('admin-user-balance')).toHaveTextContent('350 credits'),
  );
  const [grant] = api.callsTo(`POST /api/admin/users/${BOB.id}/credits/grant/`);
  expect(grant!.data).toEqual({ credits: 100, reason: 'outage goodwill' });
  expect(grant!.headers['X-CSRFToken']).toBe('test-csrf-token');
  expect(api.callsTo('GET /api/admin/users/').at(-1)!.config.params).toMatchObject({ q: 'bob', page: 1 });
});

it('retries a failed order with a reason', async () => {
  let status: AdminOrder['status'] = 'failed';
  const api = adminApi({
    'GET /api/admin/orders/': () => [200, page([{ ...FAILED_ORDER, status }])],
    'POST /api/admin/orders/order-1/retry/': () => {
      status = 'pending';
      return [200, { ...FAILED_ORDER, status }];
    },
  });
  const { user } = await openConsole('/admin/orders');
  const form = await screen.findByRole('form', { name: 'Retry order' });
  await user.type(within(form).getByLabelText('Internal reason (operators only)'), 'corpus fixed');
  await user.click(within(form).getByRole('button', { name: 'Retry order' }));
  await waitFor(() => expect(screen.getByTestId('admin-order-status')).toHaveTextContent('pending'));
  expect(api.callsTo('POST /api/admin/orders/order-1/retry/')[0]!.data).toEqual({ reason: 'corpus fixed' });
  expect(screen.getByRole('form', { name: 'Cancel order' })).toBeInTheDocument();
});

it('refunds a captured payment, and shows the provider’s refusal when there is one', async () => {
  let refusals = 1;
  adminApi({
    'GET /api/admin/payments/': [200, page([PAYMENT])],
    'POST /api/admin/payments/pay-1/refund/': () =>
      refusals-- > 0
        ? [502, { detail: 'The payment provider refused the refund.', code: 'refund_refused' }]
        : [200, { ...PAYMENT, status: 'refunded' }],
  });
  const { user } = await openConsole('/admin/payments');
  expect(await screen.findByText(/capture 3C679366HH908993F/)).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Refund payment' });
  await user.type(within(form).getByLabelText('Internal reason (operators only)'), 'customer request');
  await user.click(within(form).getByRole('button', { name: 'Refund payment' }));
  expect(await within(form).findByText('The payment provider refused the refund.')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('Internal reason (operators only)'), 'customer request');
  await user.click(within(form).getByRole('button', { name: 'Refund payment' }));
  expect(await within(form).findByRole('status')).toHaveTextContent('Done: refund payment.');
});
