/** An amount in integer minor units (cents) and its ISO currency code. */
export interface Money {
  readonly currency: string;
  readonly cents: number;
}

export interface CreateOrderInput {
  /** Our payment row id: PayPal's custom_id and invoice_id, and the base of the idempotency keys. */
  readonly paymentId: string;
  readonly amount: Money;
  readonly description: string;
  readonly returnUrl: string;
  readonly cancelUrl: string;
}

export interface CreatedOrder {
  readonly orderId: string;
  readonly approvalUrl: string;
  readonly status: string;
}

/** One capture of an order as the provider reports it; amount is null when it could not be read. */
export interface CaptureView {
  readonly id: string;
  readonly status: string;
  readonly amount: Money | null;
  readonly customId: string | null;
}

export interface OrderView {
  readonly id: string;
  readonly status: string;
  readonly captures: readonly CaptureView[];
  readonly payerId: string | null;
  /** The link the payer must visit again (after a declined instrument, say), when the provider gave one. */
  readonly approvalUrl: string | null;
}

/** What a capture call ended in, mapped from PayPal's answers (https://developer.paypal.com/docs/api/orders/v2/#orders_capture). */
export type CaptureOutcome =
  | { readonly kind: 'captured'; readonly order: OrderView }
  | { readonly kind: 'already_captured' }
  | { readonly kind: 'not_approved'; readonly issue: string; readonly description: string }
  | { readonly kind: 'declined'; readonly issue: string; readonly description: string }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'transient'; readonly message: string };

/** A refund the provider made of a capture. */
export interface RefundView {
  readonly id: string;
  readonly status: string;
  readonly amount: Money | null;
}

export type ProviderName = 'paypal' | 'simulated';

/** The payment provider the services talk to: PayPal's REST contract, whoever speaks it. */
export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  captureOrder(orderId: string, options: { requestId: string }): Promise<CaptureOutcome>;
  /** The order, or null when the provider does not know it; throws ProviderUnavailableError when unreachable. */
  getOrder(orderId: string): Promise<OrderView | null>;
  /** True when the provider confirms the webhook's signature (the raw body exactly as received). */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<boolean>;
  /**
   * Refunds a capture: all that is left of it, or `amount`. Throws ProviderError when refused (already refunded,
   * say) and ProviderUnavailableError when the outcome is unknown (retry with the same requestId).
   */
  refundCapture(captureId: string, options: { requestId: string; amount?: Money }): Promise<RefundView>;
}

/** The provider refused a call for a reason that retrying will not fix (our request or our account). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(message);
  }
}

/** The provider could not be reached or answered 5xx/429 after retries: the outcome is unknown. */
export class ProviderUnavailableError extends Error {}

/** PayPal order ids: upper-case letters and digits, 1–36 characters; checked before one goes into a URL. */
export const ORDER_ID_PATTERN = /^[A-Z0-9]{1,36}$/;

/** "5.00" for 500 cents. */
export const centsToValue = (cents: number) => (cents / 100).toFixed(2);

/** 500 for "5.00"; null for anything that is not a plain amount with at most two decimals. */
export function valueToCents(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
