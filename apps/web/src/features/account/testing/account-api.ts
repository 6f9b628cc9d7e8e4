import { screen } from '@testing-library/react';
import type { AccountPayment, DataExport, LedgerEntry } from '@threadcart/contracts';
import { mockApi, type MockHandler } from '../../../testing/mock-api.ts';
import { renderApp, TEST_USER } from '../../../testing/render-app.tsx';

export const ACCOUNT_USER = {
  ...TEST_USER,
  name: 'Alice Example',
  email_confirmed: true,
  pending_email: null,
};

export const ROUTES = {
  me: 'GET /api/users/me/',
  updateMe: 'PATCH /api/users/me/',
  password: 'POST /api/users/me/password/',
  keys: 'GET /api/users/me/api-keys/',
  createKey: 'POST /api/users/me/api-keys/',
  revokeKey: (id: string) => `DELETE /api/users/me/api-keys/${id}/`,
  revokeAllKeys: 'POST /api/users/me/api-keys/revoke-all/',
  reauthenticate: 'POST /api/auth/reauthenticate/',
  payments: 'GET /api/users/me/payments/',
  payment: (id: string) => `GET /api/users/me/payments/${id}/`,
  credits: 'GET /api/users/me/credits/',
  ledger: 'GET /api/users/me/ledger/',
  exports: 'GET /api/users/me/export/',
  requestExport: 'POST /api/users/me/export/',
  deleteAccount: 'POST /api/users/me/delete/',
  logout: 'POST /api/auth/logout/',
  webhooks: 'GET /api/webhooks/',
  createWebhook: 'POST /api/webhooks/',
  deleteWebhook: (id: string) => `DELETE /api/webhooks/${id}/`,
  testWebhook: (id: string) => `POST /api/webhooks/${id}/test/`,
} as const;

export const PAYMENT: AccountPayment = {
  id: '0190a000-0000-7000-8000-0000000000p1',
  created_at: '2026-11-20T09:30:00.000Z',
  kind: 'package',
  package_id: 2,
  package_name: 'Professional',
  credits: 25000,
  amount_cents: 2000,
  amount: '20.00',
  currency: 'USD',
  provider: 'paypal',
  paypal_order_id: '5O190127TN364715T',
  paypal_capture_id: '3C679366HH908993F',
  state: 'captured',
  credited_at: '2026-11-20T09:31:00.000Z',
};

export function ledgerEntry(index: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: `entry-${index}`,
    created_at: '2026-11-21T10:00:00.000Z',
    kind: 'reserve',
    delta: -100,
    lot_id: 'lot-1',
    lot_source: 'signup_gift',
    reservation_id: 'res-1',
    order_id: 'order-1',
    order_title: `Order ${index}`,
    note: null,
    ...overrides,
  };
}

export function dataExport(overrides: Partial<DataExport> = {}): DataExport {
  return {
    id: 'export-1',
    state: 'pending',
    created_at: '2026-11-24T08:00:00.000Z',
    completed_at: null,
    expires_at: null,
    file_size: null,
    download_url: null,
    ...overrides,
  };
}

/** A signed-in user whose account endpoints answer with empty data unless a test says otherwise. */
export function accountApi(routes: Record<string, MockHandler> = {}) {
  window.localStorage.setItem('threadcart.has-session', '1');
  return mockApi({
    [ROUTES.me]: [200, { user: ACCOUNT_USER }],
    [ROUTES.keys]: [200, { keys: [] }],
    [ROUTES.payments]: [200, { payments: [] }],
    [ROUTES.credits]: [200, { credits: 1000, lots: [], expiring_soon_credits: 0 }],
    [ROUTES.ledger]: [200, { entries: [], page: 1, page_size: 50, total: 0 }],
    [ROUTES.exports]: [200, { exports: [] }],
    [ROUTES.webhooks]: [200, { endpoints: [] }],
    ...routes,
  });
}

/** Renders the app at /account (or another entry) and waits for the lazy page. */
export async function openAccount(entry = '/account') {
  const view = renderApp(entry);
  await screen.findByRole('heading', { level: 1, name: 'Your account' }, { timeout: 10_000 });
  return view;
}

/** The section whose heading has this name. */
export function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}
