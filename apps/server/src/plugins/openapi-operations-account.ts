import { ACCOUNT_MESSAGES, WEBHOOK_MESSAGES } from '@threadcart/contracts';
import type { OperationTable } from './openapi-tags.ts';

const USER = {
  id: '0193a4e0-1b2c-7d3e-8f40-5a6b7c8d9e0f',
  username: 'data_diver',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  credits: 26000,
  date_joined: '2026-11-02T08:15:30.000Z',
  email_confirmed: true,
  pending_email: null,
  role: 'user',
};
const PAYMENT = {
  id: '0193b1c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  created_at: '2026-11-21T14:02:11.000Z',
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
  credited_at: '2026-11-21T14:03:40.000Z',
};
const EXPORT_ID = '0193c0de-0a1b-7c2d-8e3f-4a5b6c7d8e9f';
const ENDPOINT_ID = '0193b7aa-3e4f-7a5b-8c6d-7e8f9a0b1c2d';
const DELIVERY = {
  id: '0193b7ab-9f0e-7d1c-8b2a-3c4d5e6f7a8b',
  event_id: 'evt_0193b7ab9f0e7d1c',
  event_type: 'order.completed',
  order_id: '0193b7a9-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  status: 'succeeded',
  attempts: 1,
  max_attempts: 5,
  next_attempt_at: null,
  created_at: '2026-11-27T18:30:02.000Z',
  completed_at: '2026-11-27T18:30:03.000Z',
  attempt_log: [
    { attempt: 1, attempted_at: '2026-11-27T18:30:02.500Z', duration_ms: 212, status_code: 200, error: null },
  ],
};
const ENDPOINT = {
  id: ENDPOINT_ID,
  url: 'https://hooks.example.com/threadcart',
  description: 'Data pipeline',
  created_at: '2026-11-25T09:00:00.000Z',
  recent_deliveries: [DELIVERY],
};

/** Account and Webhooks. */
export const ACCOUNT_OPERATIONS: OperationTable = {
  'GET /api/users/me/': {
    tag: 'Account',
    access: 'user',
    summary: 'Get the signed-in user',
    description:
      'Any signed-in caller (session or API key). The user with their credit balance, role, and whether the ' +
      'e-mail address is confirmed; 401 `not_authenticated` without a session or key.',
    response: { status: 200, example: { user: USER } },
  },
  'PATCH /api/users/me/': {
    tag: 'Account',
    access: 'session',
    summary: 'Change your name or e-mail address',
    description:
      'Browser session only (403 `session_required` for an API key). `name` up to 200 characters; a new `email` ' +
      'needs `current_password` (or a password proved in the last 10 minutes) and applies only when the link ' +
      'mailed to it is opened, while the old address gets a link that undoes it within 24 hours. Other fields ' +
      '(role, credits) are ignored.',
    body: { name: 'Ada Lovelace', email: 'ada.l@example.org', current_password: 'Correct-Horse-7' },
    response: { status: 200, example: { user: { ...USER, pending_email: 'ada.l@example.org' } } },
  },
  'GET /api/users/me/credits/': {
    tag: 'Account',
    access: 'user',
    summary: 'Get your credit balance and its lots',
    description:
      'Any signed-in caller. The balance and each lot of credits (sign-up gift, purchase, grant) with what is ' +
      'left and when it expires; `expiring_soon_credits` counts those expiring within 7 days.',
    response: {
      status: 200,
      example: {
        credits: 26000,
        lots: [
          {
            id: '0193b1c4-77aa-7b0c-8d1e-2f3a4b5c6d7e',
            source: 'purchase',
            credits_granted: 25000,
            credits_left: 25000,
            created_at: '2026-11-21T14:03:40.000Z',
            expires_at: '2027-02-19T14:03:40.000Z',
            expires_soon: false,
          },
          {
            id: '0193a4e0-2c3d-7e4f-8a5b-6c7d8e9f0a1b',
            source: 'signup_gift',
            credits_granted: 1000,
            credits_left: 1000,
            created_at: '2026-11-02T08:20:00.000Z',
            expires_at: '2026-12-02T08:20:00.000Z',
            expires_soon: true,
          },
        ],
        expiring_soon_credits: 1000,
      },
    },
  },
  'GET /api/users/me/ledger/': {
    tag: 'Account',
    access: 'user',
    summary: 'Page through your credit ledger',
    description:
      'Any signed-in caller. Every change of the balance, newest first, 50 a page: grants, reservations for ' +
      'orders, releases, expiries, clawbacks after refunds and operator adjustments. `page` starts at 1 (400 ' +
      'otherwise).',
    parameters: { page: 1 },
    response: {
      status: 200,
      example: {
        entries: [
          {
            id: '0193b7a9-1a2c-7000-8000-000000000001',
            created_at: '2026-11-27T18:29:58.000Z',
            kind: 'reserve',
            delta: -500,
            lot_id: '0193b1c4-77aa-7b0c-8d1e-2f3a4b5c6d7e',
            lot_source: 'purchase',
            reservation_id: '0193b7a9-1a2b-7000-8000-0000000000aa',
            order_id: '0193b7a9-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
            order_title: 'r/datascience top posts 2025',
            note: null,
          },
        ],
        page: 1,
        page_size: 50,
        total: 1,
      },
    },
  },
  'GET /api/users/me/payments/': {
    tag: 'Account',
    access: 'user',
    summary: 'List your payments',
    description:
      'Any signed-in caller. Every credit purchase, newest first, with PayPal’s order and capture ids and its ' +
      'state (`awaiting_payment`, `pending`, `captured`, `partially_refunded`, `refunded`, `failed`, `cancelled`).',
    response: { status: 200, example: { payments: [PAYMENT] } },
  },
  'GET /api/users/me/payments/{id}/': {
    tag: 'Account',
    access: 'user',
    summary: 'Get the receipt of a payment',
    description:
      'The payment’s owner only: another user’s payment is 404. Everything a printable receipt shows: who was ' +
      'billed, what was bought, and any refunds with the credits they took back.',
    parameters: { id: PAYMENT.id },
    response: {
      status: 200,
      example: {
        ...PAYMENT,
        receipt_number: PAYMENT.id,
        billed_to: { username: 'data_diver', name: 'Ada Lovelace', email: 'ada@example.com' },
        description: 'Professional: 25,000 credits',
        refunds: [],
        refunded_cents: 0,
      },
    },
  },
  'POST /api/users/me/password/': {
    tag: 'Account',
    access: 'session',
    summary: 'Change your password',
    description:
      'Browser session only. `current_password` is checked under the sign-in throttle (400 ' +
      `"${ACCOUNT_MESSAGES.currentPasswordWrong}", 429 after repeated failures); the new one follows the sign-up ` +
      'rules. Every other session is signed out; the answer lists the API keys that still work, so they can be ' +
      'revoked too.',
    body: {
      current_password: 'Correct-Horse-7',
      new_password1: 'New-Horse-42',
      new_password2: 'New-Horse-42',
    },
    response: { status: 200, example: { detail: ACCOUNT_MESSAGES.passwordChanged, api_keys: [] } },
  },
  'POST /api/users/me/delete/': {
    tag: 'Account',
    access: 'session',
    summary: 'Delete your account',
    description:
      'Browser session only, with the password (throttled) and `confirm` set to the word DELETE (400 field errors ' +
      'otherwise). Order files and orders are deleted, sessions, keys, webhooks and schedules end, the account is ' +
      'anonymised and the cookies are cleared; 204 with no body.',
    body: { password: 'Correct-Horse-7', confirm: 'DELETE' },
    response: { status: 204 },
  },
  'POST /api/users/me/export/': {
    tag: 'Account',
    access: 'session',
    summary: 'Ask for a copy of your data',
    description:
      'Browser session with the password proved in the last 10 minutes (403 `reauthentication_required`); no body. ' +
      'The worker builds a ZIP of JSON files (profile, orders, payments, credit lots and ledger, API keys, webhooks, ' +
      'schedules) and mails a link; 202 with the pending export, 409 `export_in_progress` while one is being prepared.',
    response: {
      status: 202,
      example: {
        export: {
          id: EXPORT_ID,
          state: 'pending',
          created_at: '2026-11-28T07:00:00.000Z',
          completed_at: null,
          expires_at: null,
          file_size: null,
          download_url: null,
        },
      },
    },
  },
  'GET /api/users/me/export/': {
    tag: 'Account',
    access: 'session',
    summary: 'List your data exports',
    description:
      'Browser session only. Each export with its state (`pending`, `processing`, `ready`, `failed`, `expired`); ' +
      'a ready one carries its `download_url` until it expires.',
    response: {
      status: 200,
      example: {
        exports: [
          {
            id: EXPORT_ID,
            state: 'ready',
            created_at: '2026-11-28T07:00:00.000Z',
            completed_at: '2026-11-28T07:00:09.000Z',
            expires_at: '2026-12-05T07:00:09.000Z',
            file_size: 48213,
            download_url: `/api/users/me/export/${EXPORT_ID}/download/`,
          },
        ],
      },
    },
  },
  'GET /api/users/me/export/{id}/download/': {
    tag: 'Account',
    access: 'session',
    summary: 'Download a ready data export (ZIP)',
    description:
      'The export’s owner, from a browser session: another user’s export is 404. The ZIP as an attachment; 409 ' +
      '`export_not_ready` before it is built, 410 `export_expired` after its file was deleted.',
    parameters: { id: EXPORT_ID },
    response: { status: 200, contentType: 'application/zip' },
  },
  'POST /api/webhooks/': {
    tag: 'Webhooks',
    access: 'session',
    summary: 'Add a webhook endpoint (its secret shown once)',
    description:
      'Browser session with the password proved in the last 10 minutes. An https:// or http:// address without ' +
      'credentials that resolves to a public internet host (400 with the reason), up to 10 endpoints a user (409 ' +
      '`too_many_webhook_endpoints`). The answer holds the signing `secret`, the only time it is shown; your ' +
      'endpoint uses it to check each request’s HMAC-SHA256 signature.',
    body: { url: 'https://hooks.example.com/threadcart', description: 'Data pipeline' },
    response: {
      status: 201,
      example: {
        ...ENDPOINT,
        recent_deliveries: [],
        secret: 'whsec_Zk3vQ9rT1pXw5nB2mL8cYd4fHa6sJe0uG7iO2kW1qE3',
      },
    },
  },
  'GET /api/webhooks/': {
    tag: 'Webhooks',
    access: 'session',
    summary: 'List your webhook endpoints',
    description:
      'Browser session only (403 `session_required` for an API key). Each endpoint with its latest 5 deliveries, ' +
      'never its secret.',
    response: { status: 200, example: { endpoints: [ENDPOINT] } },
  },
  'DELETE /api/webhooks/{id}/': {
    tag: 'Webhooks',
    access: 'session',
    summary: 'Delete a webhook endpoint',
    description:
      'The endpoint’s owner, from a browser session with the password proved in the last 10 minutes; another ' +
      'user’s endpoint is 404. Its pending deliveries are deleted with it; 204 with no body.',
    parameters: { id: ENDPOINT_ID },
    response: { status: 204 },
  },
  'POST /api/webhooks/{id}/test/': {
    tag: 'Webhooks',
    access: 'session',
    summary: 'Send a test event to an endpoint',
    description:
      'The endpoint’s owner, from a browser session; no body. Queues one `webhook.test` event that the worker ' +
      'signs and sends like any other (the same address checks); 202 with the pending delivery.',
    parameters: { id: ENDPOINT_ID },
    response: {
      status: 202,
      example: {
        delivery: {
          ...DELIVERY,
          event_type: 'webhook.test',
          order_id: null,
          status: 'pending',
          attempts: 0,
          next_attempt_at: '2026-11-28T07:10:00.000Z',
          completed_at: null,
          attempt_log: [],
        },
        detail: WEBHOOK_MESSAGES.testQueued,
      },
    },
  },
  'GET /api/webhooks/{id}/deliveries/': {
    tag: 'Webhooks',
    access: 'session',
    summary: 'Read an endpoint’s delivery log',
    description:
      'The endpoint’s owner, from a browser session; another user’s endpoint is 404. Each delivery, newest first, ' +
      'with every try: when, how long, and the status your endpoint answered or why there was none.',
    parameters: { id: ENDPOINT_ID },
    response: { status: 200, example: { deliveries: [DELIVERY] } },
  },
};
