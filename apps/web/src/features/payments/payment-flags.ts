/**
 * The per-payment "captured" and "cancelled" flags of docs/product.md §2.12, kept in sessionStorage (this tab only).
 * They only spare a repeated request: the server is idempotent and answers credits_added 0 to a second capture.
 * They are deliberately not cleared when the page is left (docs/decisions/015-purchase-pages.md).
 */
export type PaymentFlag = 'captured' | 'cancelled';

const flagKey = (flag: PaymentFlag, paymentId: string) => `threadcart.payment.${flag}.${paymentId}`;

export function hasPaymentFlag(flag: PaymentFlag, paymentId: string): boolean {
  try {
    return window.sessionStorage.getItem(flagKey(flag, paymentId)) === '1';
  } catch {
    return false;
  }
}

export function setPaymentFlag(flag: PaymentFlag, paymentId: string): void {
  try {
    window.sessionStorage.setItem(flagKey(flag, paymentId), '1');
  } catch {
    // storage may be disabled: the server still refuses to credit twice
  }
}
