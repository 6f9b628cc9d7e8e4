import {
  ACCOUNT_MESSAGES,
  DELETE_CONFIRM_WORD,
  EXPIRES_SOON_DAYS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
} from '@threadcart/contracts';

/** Texts of the account page (issue 17); the server's own details come from ACCOUNT_MESSAGES in contracts. */
export const ACCOUNT_UI_MESSAGES = {
  ...ACCOUNT_MESSAGES,
  title: 'Your account',
  loadFailed: 'This could not be loaded. Please try again later.',
  saveFailed: 'Your changes could not be saved. Please try again.',
  noResponse: 'No response from server. Please check your connection and try again.',
  profileSaved: 'Your profile has been saved.',
  emailConfirmationSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your e-mail address changes once you follow it.`,
  emailPending: (email: string) =>
    `Waiting for confirmation of ${email}: follow the link we e-mailed to that address.`,
  usernameFixed: 'Your username cannot be changed.',
  keyNameRequired: 'Please give the key a name',
  keyShownOnce:
    'Copy this key now: it is shown only once. Anyone who has it can use your account and credits.',
  keyCopied: 'Copied',
  noKeys: 'You have no API keys yet.',
  revokeQuestion: 'Revoke this key? Programs using it stop working at once.',
  scopesRequired: 'Choose at least one scope',
  scopeRead: 'read: orders, files, credits, dry runs',
  scopeOrders: 'orders: place, re-run and schedule orders, buy credits',
  scopesNote: 'No key can change your e-mail, password, keys or webhooks, or delete the account.',
  keysStillLive: (count: number) =>
    `${count} API ${count === 1 ? 'key still works' : 'keys still work'}. If someone else may have your password, revoke them.`,
  revokeAllQuestion: 'Revoke every API key? Programs using them stop working at once.',
  noPayments: 'You have made no payments yet.',
  customAmount: 'Custom amount',
  receiptNotFound: 'This receipt was not found.',
  expiringSoon: (credits: string) =>
    `${credits} credits expire within ${EXPIRES_SOON_DAYS} days. Use them in an order before they are gone.`,
  noLedger: 'No credit movements yet.',
  exportPreparing:
    'Your data is being prepared. This page updates when it is ready, and we e-mail you a link.',
  exportReady: 'Your data is ready to download.',
  exportFailed: 'The export failed. Please request a new one.',
  downloadFailed: 'The file could not be downloaded. Please try again.',
  deleteIntro:
    'Deleting your account signs you out everywhere, revokes your API keys and deletes your orders and their files at once. Your account record is kept, without your name or e-mail, for 365 days and then purged. Payment records are kept for 7 years without your personal details.',
  deleteConfirmLabel: `Type ${DELETE_CONFIRM_WORD} to confirm`,
  accountDeleted: 'Your account has been deleted.',
} as const;

/** How each ledger entry reads (decision 002). */
export const LEDGER_KIND_LABELS = {
  grant: 'Credits added',
  reserve: 'Reserved for an order',
  release: 'Returned after the order',
  expire: 'Expired',
  clawback: 'Taken back after a refund',
  adjustment: 'Adjustment',
} as const;

/** Where a lot of credits came from. */
export const LOT_SOURCE_LABELS: Record<string, string> = {
  signup_gift: 'Sign-up gift',
  purchase: 'Purchase',
  admin: 'Adjustment',
};

export const PAYMENT_STATE_LABELS = {
  awaiting_payment: 'Awaiting payment',
  pending: 'Pending',
  captured: 'Captured',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;

export const EXPORT_STATE_LABELS = {
  pending: 'Waiting',
  processing: 'Preparing',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
} as const;

/** Texts of the Webhooks section (decision 030); the server's own details come from WEBHOOK_MESSAGES. */
export const WEBHOOK_UI_MESSAGES = {
  ...WEBHOOK_MESSAGES,
  intro:
    'Threadcart sends a signed JSON POST to your endpoints when one of your orders completes or fails, so a pipeline can fetch the file without polling.',
  verifyHint: `Check each request: the Threadcart-Signature header is t=<time>,v1=<HMAC-SHA256 of "t.body" with the endpoint's secret>. Refuse a signature that does not match or a time more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS / 60} minutes old.`,
  noEndpoints: 'You have no webhook endpoints yet.',
  noDeliveries: 'No deliveries yet. Send a test to try the endpoint.',
  deleteQuestion: 'Delete this endpoint? Deliveries still waiting for it are dropped.',
} as const;

export const WEBHOOK_EVENT_LABELS = {
  'order.completed': 'Order completed',
  'order.failed': 'Order failed',
  'webhook.test': 'Test',
} as const;
