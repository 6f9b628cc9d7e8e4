import { CREDIT_PACKAGES, REMOVAL_MESSAGES } from '@threadcart/contracts';
import type { OperationTable } from './openapi-tags.ts';

const PAYPAL_ORDER = '5O190127TN364715T';
const SIM = 'http://localhost:3000/sim/paypal';
const SIM_ORDER = 'SIM7TN364715T5O19';
const CHECKOUT = {
  approval_url: `https://www.paypal.com/checkoutnow?token=${PAYPAL_ORDER}`,
  order_id: PAYPAL_ORDER,
  credits: 25000,
  amount: '20.00',
  currency: 'USD',
};

/** Payments, Privacy, Service and the PayPal simulator. */
export const PAYMENT_OPERATIONS: OperationTable = {
  'GET /api/credit-packages/': {
    tag: 'Payments',
    access: 'visitor',
    summary: 'List the credit packages',
    description:
      'Open to everyone. The fixed packages of the pricing page (5,000 credits for $5, 25,000 for $20, 100,000 for ' +
      '$75) with their features; a custom amount costs $1 per 1,000 credits.',
    response: { status: 200, example: { packages: CREDIT_PACKAGES } },
  },
  'POST /api/paypal/buy-credits-packages/': {
    tag: 'Payments',
    access: 'user',
    summary: 'Start buying a credit package',
    description:
      'Signed-in users. Creates a PayPal order for the package (`package_id` 1, 2 or 3; 400 `unknown_package` ' +
      'otherwise), priced on the server; send the browser to `approval_url`, then capture on return. 503 when ' +
      'PayPal cannot be reached.',
    body: { package_id: 2 },
    response: { status: 201, example: CHECKOUT },
  },
  'POST /api/paypal/create-order/': {
    tag: 'Payments',
    access: 'user',
    summary: 'Start buying a custom amount of credits',
    description:
      'Signed-in users. `credits_requested` is a whole number from 1 to 1,000,000 (400 "Please enter a valid ' +
      'number of credits" otherwise), priced on the server at $1 per 1,000 credits (rounded up to the cent). ' +
      'Send the browser to `approval_url`.',
    body: { credits_requested: 10000 },
    response: { status: 201, example: { ...CHECKOUT, credits: 10000, amount: '10.00' } },
  },
  'POST /api/paypal/capture-order/': {
    tag: 'Payments',
    access: 'user',
    summary: 'Capture an approved payment and add its credits',
    description:
      'The payment’s owner, on return from PayPal (`order_id`, or `orderID` as the credits screen sends it); ' +
      'another user’s order is 404. Credits are added once however often it is called: 200 `COMPLETED`, or 202 ' +
      '`PENDING` while PayPal holds the payment. 409 `payment_cancelled`, `payment_expired` or `payment_failed` ' +
      'with the reason; 503 when PayPal cannot be reached (checked again later).',
    body: { order_id: PAYPAL_ORDER },
    response: { status: 200, example: { status: 'COMPLETED', credits_added: 25000, credits: 26000 } },
  },
  'POST /api/paypal/cancel-order/': {
    tag: 'Payments',
    access: 'user',
    summary: 'Cancel a payment that was not completed',
    description:
      'The payment’s owner, when they cancel on PayPal’s page; another user’s order is 404. The payment is ' +
      'marked cancelled and nothing is charged; 409 `payment_completed` when it was already captured.',
    body: { order_id: PAYPAL_ORDER },
    response: { status: 200, example: { status: 'CANCELLED' } },
  },
  'POST /api/paypal/webhook/': {
    tag: 'Payments',
    access: 'external',
    summary: 'Receive PayPal’s payment events',
    description:
      'Called by PayPal only: the raw body (up to 256 KiB) and its transmission headers are verified with PayPal ' +
      '(400 `invalid_signature` if forged or altered). Captures, refunds and reversals settle the payment once; a ' +
      'replayed event answers `duplicate`, an event of no interest `ignored`.',
    response: { status: 200, example: { status: 'processed' } },
  },
  'POST /api/removal-requests/': {
    tag: 'Privacy',
    access: 'visitor',
    summary: 'Ask for records of the corpus to be removed',
    description:
      'Open to everyone, no sign-in (JSON only, no CSRF token). Name up to 10 Reddit usernames or up to 100 ' +
      'permalinks or ids (not both), with an e-mail address and a statement; a confirmation link is mailed and ' +
      'the request reaches the operators once it is opened. 400 field errors for bad targets; 5 a client ' +
      'address an hour and 3 per e-mail address a day (429).',
    body: {
      usernames: ['u/throwaway_jane'],
      email: 'jane@example.org',
      statement: 'These are my posts and comments; I no longer want them in datasets.',
    },
    response: { status: 202, example: { detail: REMOVAL_MESSAGES.received } },
  },
  'POST /api/removal-requests/confirm/': {
    tag: 'Privacy',
    access: 'visitor',
    summary: 'Confirm a removal request with its mailed token',
    description:
      'Whoever holds the mailed token (valid 7 days, single use). The request joins the operators’ queue; a used, ' +
      `expired or unknown token is 400 \`invalid_token\` ("${REMOVAL_MESSAGES.tokenInvalid}").`,
    body: { token: 'mQ7rX2vK9pT4wN1bL6cZ8dY3fH0sJ5aE' },
    response: { status: 200, example: { detail: REMOVAL_MESSAGES.confirmed } },
  },
  'GET /api/health/': {
    tag: 'Service',
    access: 'visitor',
    summary: 'Check the service’s health',
    description:
      'Open to everyone, for load balancers and monitors. 200 while the database answers and the file storage ' +
      'can be written (a slow database or storage keeps 200), else 503 naming the part; both carry the event-loop ' +
      'delay, the corpus’s state and the worker’s heartbeat.',
    response: {
      status: 200,
      example: {
        status: 'ok',
        database: 'ok',
        storage: 'ok',
        storage_check_ms: 3,
        event_loop_delay_ms: 12,
        corpus: { state: 'ready', posts: 1250876, comments: 9877410, sample_records: 0 },
        worker: { last_heartbeat_at: '2026-11-28T07:00:05.000Z', heartbeat_age_seconds: 4, alive: true },
      },
    },
  },
  'GET /metrics': {
    tag: 'Service',
    access: 'metrics',
    summary: 'Scrape Prometheus metrics',
    description:
      'For a Prometheus scraper holding `Authorization: Bearer <METRICS_TOKEN>` (401 `metrics_token_invalid` ' +
      'otherwise, compared in constant time); without a configured token the endpoint does not exist (404). Orders ' +
      'by status, the queue, the worker’s heartbeat age, the corpus and the event-loop delay, as Prometheus text.',
    response: {
      status: 200,
      contentType: 'text/plain',
      example:
        '# HELP threadcart_orders Orders by status\n# TYPE threadcart_orders gauge\n' +
        'threadcart_orders{status="completed"} 9790\nthreadcart_orders{status="failed"} 19\n' +
        '# HELP threadcart_order_queue_depth Pending orders a worker may claim now\n' +
        '# TYPE threadcart_order_queue_depth gauge\nthreadcart_order_queue_depth 2\n',
    },
  },
  'POST /api/analytics/pageview/': {
    tag: 'Service',
    access: 'visitor',
    summary: 'Record a page view',
    description:
      'Sent by the web app on each page; anonymous, and no IP address is stored. `path` 1–2,048 characters, ' +
      '`title` up to 300; the body may be at most 4 KiB (413). Limited per client address a minute (429); 204 with ' +
      'no body.',
    body: { path: '/pricing', title: 'Pricing – Threadcart' },
    response: { status: 204 },
  },
  'POST /sim/paypal/v1/oauth2/token': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: get an access token',
    description:
      'PayPal’s OAuth endpoint as the server calls it: Basic credentials and the form body ' +
      '`grant_type=client_credentials`. 401 for wrong credentials.',
    response: {
      status: 200,
      example: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: 'SIMa1B2c3D4e5F6g7H8i9J0kL1m2N3o4P5',
        token_type: 'Bearer',
        app_id: 'APP-SIMULATED',
        expires_in: 32400,
        nonce: '2026-11-28T07:00:00.000Z4f3a2b1c0d9e',
      },
    },
  },
  'POST /sim/paypal/v2/checkout/orders': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: create a checkout order',
    description:
      'PayPal’s Orders v2 create call with a bearer token from the token endpoint (401 without) and the ' +
      '`return_url` and `cancel_url` (400 without). The `payer-action` link is the simulator’s approval page.',
    response: {
      status: 201,
      example: {
        id: SIM_ORDER,
        intent: 'CAPTURE',
        status: 'PAYER_ACTION_REQUIRED',
        create_time: '2026-11-28T07:00:00Z',
        purchase_units: [{ reference_id: 'default', amount: { currency_code: 'USD', value: '20.00' } }],
        links: [
          { href: `${SIM}/v2/checkout/orders/${SIM_ORDER}`, rel: 'self', method: 'GET' },
          { href: `${SIM}/checkoutnow?token=${SIM_ORDER}`, rel: 'payer-action', method: 'GET' },
        ],
      },
    },
  },
  'GET /sim/paypal/v2/checkout/orders/{id}': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: read a checkout order',
    description:
      'PayPal’s Orders v2 read call, with a bearer token from the token endpoint. The order in PayPal’s wire ' +
      'format; 404 `RESOURCE_NOT_FOUND` for an unknown id.',
    parameters: { id: SIM_ORDER },
    response: { status: 200, example: { id: SIM_ORDER, intent: 'CAPTURE', status: 'APPROVED' } },
  },
  'POST /sim/paypal/v2/checkout/orders/{id}/capture': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: capture an approved order',
    description:
      'PayPal’s capture call with a bearer token and a JSON content type (415 otherwise). After a capture the ' +
      'simulator sends `PAYMENT.CAPTURE.COMPLETED` to POST /api/paypal/webhook/, as PayPal does.',
    parameters: { id: SIM_ORDER },
    response: { status: 201, example: { id: SIM_ORDER, intent: 'CAPTURE', status: 'COMPLETED' } },
  },
  'POST /sim/paypal/v2/payments/captures/{id}/refund': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: refund a capture',
    description:
      'PayPal’s refund call with a bearer token, as an operator’s refund makes it. It refunds the whole capture, ' +
      'or `amount.value` of it; 404 `RESOURCE_NOT_FOUND` for an unknown capture.',
    parameters: { id: '3C679366HH908993F' },
    response: { status: 201, example: { id: '1JU08902781691411', status: 'COMPLETED' } },
  },
  'POST /sim/paypal/v1/notifications/verify-webhook-signature': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: verify a webhook signature',
    description:
      'PayPal’s signature check as the webhook route calls it, with a bearer token. The body holds the ' +
      'transmission headers, the webhook id and the event as received; the answer says SUCCESS or FAILURE.',
    response: { status: 200, example: { verification_status: 'SUCCESS' } },
  },
  'GET /sim/paypal/v1/notifications/certs/{id}': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: the webhook signing certificate',
    description:
      'Open, as PayPal’s certificate address is. The public key the simulator signs its webhook events with, as ' +
      'PEM text.',
    parameters: { id: 'CERT-SIMULATED' },
    response: {
      status: 200,
      contentType: 'application/x-pem-file',
      example:
        '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA…\n-----END PUBLIC KEY-----\n',
    },
  },
  'GET /sim/paypal/checkoutnow': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: the approval page',
    description:
      'The page `approval_url` sends the buyer to, with the order as `token`: approve, decline or cancel. 404 page ' +
      'for an unknown or completed order.',
    response: {
      status: 200,
      contentType: 'text/html',
      example: '<!doctype html><title>Pay with PayPal (simulated)</title>…',
    },
  },
  'GET /sim/paypal/checkoutnow/{action}': {
    tag: 'PayPal simulator',
    access: 'external',
    summary: 'Simulated PayPal: approve, decline or cancel, then return',
    description:
      'The approval page’s buttons: `action` is approve, decline or cancel, with the order’s `token` and `nonce`. ' +
      'It redirects (303) to the shop’s return or cancel page; 404 page for a wrong nonce or action.',
    parameters: { action: 'approve' },
    response: { status: 303 },
  },
};
