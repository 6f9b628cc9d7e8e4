import { PAYMENT_MESSAGES } from '@threadcart/contracts';

/** Texts of the Purchase Credits screen (docs/product.md §10.12), word for word. */
export const CREDITS_MESSAGES = {
  rate: '$1.00 per 1,000 credits',
  buy: 'Buy Credits',
  processing: 'Processing...',
  redirecting: 'Redirecting to PayPal...',
  confirming: 'Confirming your payment...',
  paymentSuccessful: 'Payment successful! Your credits have been added.',
  invalidCredits: PAYMENT_MESSAGES.invalidCredits,
  createFailed: PAYMENT_MESSAGES.createFailed,
  paymentFailed: PAYMENT_MESSAGES.paymentFailed,
  paymentProcessing: PAYMENT_MESSAGES.processing,
} as const;
