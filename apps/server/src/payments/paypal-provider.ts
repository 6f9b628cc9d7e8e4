import { PayPalHttp, type PayPalHttpOptions, type PayPalResponse } from './paypal-http.ts';
import {
  approvalLink,
  errorIssue,
  OrderSchema,
  RefundSchema,
  toOrderView,
  WebhookVerificationSchema,
} from './paypal-schemas.ts';
import {
  centsToValue,
  ORDER_ID_PATTERN,
  ProviderError,
  ProviderUnavailableError,
  valueToCents,
  type CaptureOutcome,
  type CreatedOrder,
  type CreateOrderInput,
  type Money,
  type OrderView,
  type PaymentProvider,
  type ProviderName,
  type RefundView,
} from './provider.ts';

export interface PayPalProviderOptions extends PayPalHttpOptions {
  readonly name: ProviderName;
  /** The webhook id from PayPal's dashboard (not an event id); without it no webhook verifies. */
  readonly webhookId?: string;
  readonly brandName?: string;
  /** Origins besides PayPal's own whose approval links may be handed to the browser (the simulator's). */
  readonly approvalOrigins?: readonly string[];
}

const PAYPAL_APPROVAL_HOSTS = new Set(['www.paypal.com', 'www.sandbox.paypal.com']);
const NOT_APPROVED_ISSUES = new Set(['ORDER_NOT_APPROVED', 'PAYER_ACTION_REQUIRED']);
const TRANSIENT_ISSUES = new Set(['ORDER_COMPLETION_IN_PROGRESS']);
const WEBHOOK_HEADERS = [
  ['auth_algo', 'paypal-auth-algo'],
  ['cert_url', 'paypal-cert-url'],
  ['transmission_id', 'paypal-transmission-id'],
  ['transmission_sig', 'paypal-transmission-sig'],
  ['transmission_time', 'paypal-transmission-time'],
] as const;

/** PayPal Orders v2 (redirect flow) over fetch; the base URL is configuration, so it also drives the simulator. */
export class PayPalRestProvider implements PaymentProvider {
  readonly name: ProviderName;
  private readonly http: PayPalHttp;

  constructor(private readonly options: PayPalProviderOptions) {
    this.name = options.name;
    this.http = new PayPalHttp(options);
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    const value = centsToValue(input.amount.cents);
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: 'default',
          custom_id: input.paymentId,
          invoice_id: input.paymentId,
          description: input.description.slice(0, 127),
          amount: { currency_code: input.amount.currency, value },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: this.options.brandName ?? 'Threadcart',
            locale: 'en-US',
            landing_page: 'NO_PREFERENCE',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            payment_method_preference: 'IMMEDIATE_PAYMENT_REQUIRED',
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        },
      },
    };
    const res = await this.http.request('POST', '/v2/checkout/orders', {
      body: JSON.stringify(body),
      headers: { 'paypal-request-id': `create-${input.paymentId}`, prefer: 'return=representation' },
    });
    if (res.status !== 200 && res.status !== 201) throw refusal('create order', res);
    const order = OrderSchema.safeParse(res.body);
    if (!order.success || !ORDER_ID_PATTERN.test(order.data.id)) {
      throw new ProviderError('PayPal answered create order with an unreadable order', res.status);
    }
    const echoed = order.data.purchase_units?.[0]?.amount;
    if (
      echoed &&
      (echoed.currency_code !== input.amount.currency || valueToCents(echoed.value) !== input.amount.cents)
    ) {
      throw new ProviderError(
        'PayPal echoed another amount than the one sent',
        res.status,
        'AMOUNT_MISMATCH',
      );
    }
    const approvalUrl = approvalLink(order.data);
    if (!approvalUrl || !this.isAllowedApprovalUrl(approvalUrl)) {
      throw new ProviderError('PayPal gave no approval link on an allowed host', res.status, 'APPROVAL_LINK');
    }
    return { orderId: order.data.id, approvalUrl, status: order.data.status };
  }

  async captureOrder(orderId: string, options: { requestId: string }): Promise<CaptureOutcome> {
    if (!ORDER_ID_PATTERN.test(orderId)) return { kind: 'not_found' };
    let res: PayPalResponse;
    try {
      res = await this.http.request('POST', `/v2/checkout/orders/${orderId}/capture`, {
        body: '{}',
        headers: { 'paypal-request-id': options.requestId, prefer: 'return=representation' },
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return { kind: 'transient', message: error.message };
      throw error;
    }
    if (res.status === 200 || res.status === 201) {
      const order = OrderSchema.safeParse(res.body);
      // The capture may have happened: an unreadable answer is settled later by reading the order.
      if (!order.success) return { kind: 'transient', message: 'unreadable capture response' };
      return { kind: 'captured', order: toOrderView(order.data) };
    }
    if (res.status === 404) return { kind: 'not_found' };
    if (res.status === 409 || res.status === 429 || res.status >= 500) {
      return { kind: 'transient', message: `PayPal answered ${res.status}` };
    }
    const { issue, description } = errorIssue(res.body);
    if (res.status === 422) {
      if (issue === 'ORDER_ALREADY_CAPTURED') return { kind: 'already_captured' };
      if (NOT_APPROVED_ISSUES.has(issue)) return { kind: 'not_approved', issue, description };
      if (TRANSIENT_ISSUES.has(issue)) return { kind: 'transient', message: issue };
      return { kind: 'declined', issue, description };
    }
    throw refusal('capture', res);
  }

  async getOrder(orderId: string): Promise<OrderView | null> {
    if (!ORDER_ID_PATTERN.test(orderId)) return null;
    const res = await this.http.request('GET', `/v2/checkout/orders/${orderId}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw refusal('get order', res);
    const order = OrderSchema.safeParse(res.body);
    if (!order.success)
      throw new ProviderError('PayPal answered get order with an unreadable order', res.status);
    return toOrderView(order.data);
  }

  async verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<boolean> {
    const webhookId = this.options.webhookId;
    if (!webhookId) return false;
    const fields: string[] = [];
    for (const [field, header] of WEBHOOK_HEADERS) {
      const value = headers[header];
      if (typeof value !== 'string' || value === '') return false;
      fields.push(`${JSON.stringify(field)}:${JSON.stringify(value)}`);
    }
    fields.push(`"webhook_id":${JSON.stringify(webhookId)}`);
    // The event goes back byte for byte: re-serialising it could change it and fail the check.
    const body = `{${fields.join(',')},"webhook_event":${rawBody}}`;
    const res = await this.http.request('POST', '/v1/notifications/verify-webhook-signature', { body });
    if (res.status >= 500 || res.status === 429)
      throw new ProviderUnavailableError(`PayPal answered ${res.status}`);
    const parsed = WebhookVerificationSchema.safeParse(res.body);
    return res.status === 200 && parsed.success && parsed.data.verification_status === 'SUCCESS';
  }

  async refundCapture(
    captureId: string,
    options: { requestId: string; amount?: Money },
  ): Promise<RefundView> {
    if (!ORDER_ID_PATTERN.test(captureId))
      throw new ProviderError('not a capture id', 404, 'INVALID_RESOURCE_ID');
    const body = options.amount
      ? { amount: { currency_code: options.amount.currency, value: centsToValue(options.amount.cents) } }
      : {};
    const res = await this.http.request('POST', `/v2/payments/captures/${captureId}/refund`, {
      body: JSON.stringify(body),
      headers: { 'paypal-request-id': options.requestId, prefer: 'return=representation' },
    });
    if (res.status !== 200 && res.status !== 201) throw refusal('refund', res);
    const refund = RefundSchema.safeParse(res.body);
    if (!refund.success)
      throw new ProviderError('PayPal answered refund with an unreadable refund', res.status);
    const { id, status, amount } = refund.data;
    const cents = amount ? valueToCents(amount.value) : null;
    return {
      id,
      status,
      amount: amount && cents !== null ? { currency: amount.currency_code, cents } : null,
    };
  }

  private isAllowedApprovalUrl(href: string): boolean {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return false;
    }
    if (url.protocol === 'https:' && PAYPAL_APPROVAL_HOSTS.has(url.hostname)) return true;
    return (this.options.approvalOrigins ?? []).includes(url.origin);
  }
}

/** A non-2xx answer as an error: 5xx and 429 mean "unknown outcome", the rest a refusal. */
function refusal(operation: string, res: PayPalResponse): Error {
  if (res.status >= 500 || res.status === 429) {
    return new ProviderUnavailableError(`PayPal ${operation} answered ${res.status}`);
  }
  const { issue } = errorIssue(res.body);
  return new ProviderError(
    `PayPal refused ${operation} (${res.status} ${issue})`,
    res.status,
    issue,
    res.debugId ?? undefined,
  );
}
