import { randomBytes } from 'node:crypto';
import { captureJson, orderJson } from './sim-json.ts';
import {
  paypalError,
  simId,
  type SimCapture,
  type SimFault,
  type SimOrder,
  type SimRefund,
  type SimReply,
  type SimRequestLog,
} from './sim-types.ts';

export interface SimulatorOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  /** The simulator's public base URL (links handed to browsers); a function: a standalone server learns its port late. */
  readonly publicUrl: () => string;
}

const TOKEN_LIFE_SECONDS = 32_400;
const DECIMAL_VALUE = /^\d{1,12}\.\d{2}$/;

/**
 * PayPal's Orders v2 contract as an in-memory state machine (docs/decisions/009-payments.md; https://developer.paypal.com/docs/api/orders/v2/): OAuth tokens, create,
 * get, capture with PayPal-Request-Id replays, the approval decisions, refunds and scripted faults.
 */
export class PayPalSimulator {
  readonly orders = new Map<string, SimOrder>();
  readonly requests: SimRequestLog[] = [];
  /** `op:requestId` → the order it created or captured. */
  private readonly replies = new Map<string, string>();
  private readonly refundReplies = new Map<string, SimReply>();
  private readonly tokens = new Map<string, number>();
  private faults: SimFault[] = [];
  readonly payerId = simId('SIMPAYER', 13);

  constructor(readonly options: SimulatorOptions) {}

  get baseUrl(): string {
    return this.options.publicUrl();
  }

  log(method: string, path: string, requestId: string | null = null): void {
    this.requests.push({ method, path, requestId });
  }

  /** Queues a scripted answer for the next call(s) of an operation. */
  addFault(fault: SimFault): void {
    this.faults.push({ ...fault, times: fault.times ?? 1 });
  }

  /** The scripted answer for this call, if one is queued (each use counts down). */
  takeFault(op: SimFault['op']): SimFault | undefined {
    const fault = this.faults.find((f) => f.op === op);
    if (!fault) return undefined;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  reset(): void {
    this.orders.clear();
    this.refundReplies.clear();
    this.replies.clear();
    this.tokens.clear();
    this.faults = [];
    this.requests.length = 0;
  }

  /** Every token issued so far stops working (the adapter must fetch a new one). */
  expireTokens(): void {
    this.tokens.clear();
  }

  issueToken(authorization: string | undefined, grantType: unknown): SimReply {
    const fault = this.takeFault('token');
    if (fault?.status) return paypalError(fault.status, 'INTERNAL_SERVER_ERROR');
    const expected = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    if (authorization !== `Basic ${expected}`) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
      };
    }
    if (grantType !== 'client_credentials') {
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' },
      };
    }
    const token = `SIM${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, Date.now() + TOKEN_LIFE_SECONDS * 1000);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-SIMULATED',
        expires_in: TOKEN_LIFE_SECONDS,
        nonce: `${new Date().toISOString()}${randomBytes(6).toString('hex')}`,
      },
    };
  }

  isAuthorized(authorization: string | undefined): boolean {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    const expiresAt = token ? this.tokens.get(token) : undefined;
    return expiresAt !== undefined && expiresAt > Date.now();
  }

  createOrder(body: unknown, requestId: string | null): SimReply {
    const replayed = this.replay('create', requestId);
    if (replayed) return replayed;
    const fault = this.takeFault('create');
    if (fault?.status) return paypalError(fault.status, 'INTERNAL_SERVER_ERROR');
    if (fault?.issue) return paypalError(422, 'UNPROCESSABLE_ENTITY', fault.issue);
    const units = pick(body, 'purchase_units');
    if (pick(body, 'intent') !== 'CAPTURE' || !Array.isArray(units) || units.length !== 1) {
      return paypalError(
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        'intent CAPTURE and one purchase unit',
      );
    }
    const unit: unknown = units[0];
    const currency = pick(unit, 'amount', 'currency_code');
    const value = pick(unit, 'amount', 'value');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'INVALID_CURRENCY_CODE');
    }
    if (typeof value !== 'string' || !DECIMAL_VALUE.test(value)) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION');
    }
    if (Number(value) <= 0) return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE');
    const isLegacy = pick(body, 'application_context') !== undefined;
    const context = isLegacy
      ? pick(body, 'application_context')
      : pick(body, 'payment_source', 'paypal', 'experience_context');
    const returnUrl = pick(context, 'return_url');
    const cancelUrl = pick(context, 'cancel_url');
    if (typeof returnUrl !== 'string' || typeof cancelUrl !== 'string') {
      return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'return_url and cancel_url');
    }
    const text = (key: string) => {
      const v = pick(unit, key);
      return typeof v === 'string' ? v.slice(0, 127) : undefined;
    };
    const order: SimOrder = {
      id: simId('SIM'),
      status: isLegacy ? 'CREATED' : 'PAYER_ACTION_REQUIRED',
      unit: {
        reference_id: text('reference_id') ?? 'default',
        custom_id: text('custom_id'),
        invoice_id: text('invoice_id'),
        description: text('description'),
        amount: { currency_code: currency, value },
      },
      returnUrl,
      cancelUrl,
      isLegacy,
      payerId: null,
      shouldDeclineNext: false,
      nonce: randomBytes(12).toString('base64url'),
      captures: [],
      createTime: new Date().toISOString(),
    };
    this.orders.set(order.id, order);
    return this.remember('create', requestId, order);
  }

  getOrder(orderId: string): SimReply {
    const fault = this.takeFault('get');
    if (fault?.status) return paypalError(fault.status, 'INTERNAL_SERVER_ERROR');
    const order = this.orders.get(orderId);
    if (!order) return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    return { status: 200, body: this.orderJson(order) };
  }

  captureOrder(orderId: string, requestId: string | null, mockIssue?: string): SimReply {
    const replayed = this.replay('capture', requestId);
    if (replayed) return replayed;
    const fault = this.takeFault('capture');
    if (fault?.status) return paypalError(fault.status, 'INTERNAL_SERVER_ERROR');
    const issue = fault?.issue ?? mockIssue;
    if (issue) return paypalError(422, 'UNPROCESSABLE_ENTITY', issue);
    const order = this.orders.get(orderId);
    if (!order) return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order.status === 'COMPLETED') {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    }
    if (order.status !== 'APPROVED') {
      return paypalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    }
    if (order.shouldDeclineNext) {
      order.shouldDeclineNext = false;
      order.status = order.isLegacy ? 'CREATED' : 'PAYER_ACTION_REQUIRED';
      return paypalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'INSTRUMENT_DECLINED',
        'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
      );
    }
    this.completeCapture(order, fault);
    if (fault?.dropResponse) return paypalError(500, 'INTERNAL_SERVER_ERROR');
    return this.remember('capture', requestId, order);
  }

  /** The payer's decision on the approval page (or through the control API). */
  decide(orderId: string, decision: 'approve' | 'decline' | 'cancel'): SimOrder | undefined {
    const order = this.orders.get(orderId);
    if (!order || order.status === 'COMPLETED') return undefined;
    if (decision === 'cancel') return order;
    order.status = 'APPROVED';
    order.payerId = this.payerId;
    order.shouldDeclineNext = decision === 'decline';
    return order;
  }

  /** Captures an approved order outside the API, as if a capture's response had been lost. */
  captureBehindTheScenes(orderId: string): SimCapture | undefined {
    const order = this.orders.get(orderId);
    if (!order || order.status !== 'APPROVED') return undefined;
    return this.completeCapture(order, undefined);
  }

  /** Refunds (all or `value` of) the order's capture. */
  refund(orderId: string, value?: string): { capture: SimCapture; refund: SimRefund } | undefined {
    const capture = this.orders.get(orderId)?.captures[0];
    if (!capture) return undefined;
    const refund: SimRefund = {
      id: simId('SIMR'),
      status: 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: value ?? capture.amount.value },
      create_time: new Date().toISOString(),
    };
    capture.refunds.push(refund);
    const refunded = capture.refunds.reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
    capture.status =
      refunded >= Math.round(Number(capture.amount.value) * 100) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = refund.create_time;
    return { capture, refund };
  }

  /**
   * POST /v2/payments/captures/{id}/refund: refunds all that is left of a capture, or `value` of it; replays the
   * first answer for a PayPal-Request-Id already seen, as PayPal does.
   */
  refundCapture(captureId: string, value: string | undefined, requestId: string | null): SimReply {
    const replayKey = requestId ? `refund:${requestId}` : null;
    const replayed = replayKey ? this.refundReplies.get(replayKey) : undefined;
    if (replayed) return replayed;
    const order = [...this.orders.values()].find((o) => o.captures[0]?.id === captureId);
    const capture = order?.captures[0];
    if (!order || !capture) return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    const capturedCents = Math.round(Number(capture.amount.value) * 100);
    const refundedCents = capture.refunds.reduce(
      (sum, r) => sum + Math.round(Number(r.amount.value) * 100),
      0,
    );
    const leftCents = capturedCents - refundedCents;
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    }
    if (value !== undefined && (!DECIMAL_VALUE.test(value) || Math.round(Number(value) * 100) > leftCents)) {
      return paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    }
    const { refund } = this.refund(order.id, value ?? (leftCents / 100).toFixed(2))!;
    const reply: SimReply = {
      status: 201,
      body: { id: refund.id, status: refund.status, amount: refund.amount, create_time: refund.create_time },
    };
    if (replayKey) this.refundReplies.set(replayKey, reply);
    return reply;
  }

  orderJson(order: SimOrder): Record<string, unknown> {
    return orderJson(order, this.baseUrl);
  }

  captureJson(capture: SimCapture, order: SimOrder): Record<string, unknown> {
    return captureJson(capture, order, this.baseUrl);
  }

  private completeCapture(order: SimOrder, fault: SimFault | undefined): SimCapture {
    const now = new Date().toISOString();
    const capture: SimCapture = {
      id: simId('SIMC'),
      status: fault?.captureStatus ?? 'COMPLETED',
      amount: {
        currency_code: fault?.currencyOverride ?? order.unit.amount.currency_code,
        value: fault?.amountOverride ?? order.unit.amount.value,
      },
      custom_id: order.unit.custom_id,
      invoice_id: order.unit.invoice_id,
      create_time: now,
      update_time: now,
      refunds: [],
    };
    order.captures.push(capture);
    order.status = 'COMPLETED';
    return capture;
  }

  // PayPal keeps a request id for hours and answers a repeat with 200 and the latest state (PayPal-Request-Id: https://developer.paypal.com/reference/guidelines/idempotency/).
  private replay(op: string, requestId: string | null): SimReply | undefined {
    const orderId = requestId ? this.replies.get(`${op}:${requestId}`) : undefined;
    const order = orderId ? this.orders.get(orderId) : undefined;
    return order ? { status: 200, body: this.orderJson(order) } : undefined;
  }

  private remember(op: string, requestId: string | null, order: SimOrder): SimReply {
    if (requestId) this.replies.set(`${op}:${requestId}`, order.id);
    return { status: 201, body: this.orderJson(order) };
  }
}

/** The value at a path of plain JSON objects, or undefined. */
function pick(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
