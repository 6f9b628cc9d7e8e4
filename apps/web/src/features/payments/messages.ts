/** Texts of the payment return pages (docs/product.md §2.12, listed in §10.13), word for word. */
export const PAYMENT_PAGE_MESSAGES = {
  noPaymentId: 'No payment ID found.',
  alreadyProcessed: 'Payment already processed',
  verifying: 'Confirming your payment...',
  completedTitle: 'Payment Completed!',
  completedText: 'Your credits have been updated',
  completedBanner: 'Your payment was successful! Your credits have been updated.',
  verificationFailedTitle: 'Payment Verification Failed',
  verificationFailedText:
    'There was an issue confirming your payment. Please check your dashboard for updates.',
  alreadyCancelled: 'Payment already cancelled',
  cancelling: 'Cancelling your payment...',
  cancelledTitle: 'Payment Cancelled',
  cancelledText: 'Your transaction has been cancelled',
  cancelledBanner: 'Payment cancelled successfully.',
  sessionExpiredTitle: 'Session expired. Redirecting...',
  sessionExpiredBanner: 'Your session expired. Please log in again.',
  cancellationFailedTitle: 'Payment Cancellation Failed',
  cancellationFailedText: 'There was an issue cancelling your payment. Please contact support.',
} as const;

const creditsFormat = new Intl.NumberFormat('en-US');
const expiryFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Said under the spec's success text (issue 33: the buyer learns the expiry when buying, not on the Terms page). */
export function creditsExpireOn(credits: number | undefined, expiresAt: string): string {
  const what = credits ? `These ${creditsFormat.format(credits)} credits` : 'These credits';
  return `${what} expire on ${expiryFormat.format(new Date(expiresAt))}.`;
}

/** "Redirecting in N seconds" (docs/product.md §10.13), singular for one. */
export function redirectingIn(seconds: number): string {
  return `Redirecting in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** How long each outcome waits before it moves on (docs/product.md §2.12, §11.4). */
export const PAYMENT_REDIRECT_SECONDS = {
  countdown: 5,
  noToken: 3,
  alreadyDone: 2,
  sessionExpired: 2,
} as const;
