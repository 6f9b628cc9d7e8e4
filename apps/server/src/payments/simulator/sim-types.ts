import { randomBytes } from 'node:crypto';

export interface SimMoney {
  currency_code: string;
  value: string;
}

export interface SimRefund {
  id: string;
  status: 'COMPLETED';
  amount: SimMoney;
  create_time: string;
}

export interface SimCapture {
  id: string;
  status: string;
  amount: SimMoney;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
  refunds: SimRefund[];
}

export interface SimOrder {
  id: string;
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  unit: {
    reference_id: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: SimMoney;
  };
  returnUrl: string;
  cancelUrl: string;
  /** Created with the deprecated application_context: the approval link is `approve`, not `payer-action`. */
  isLegacy: boolean;
  payerId: string | null;
  /** The payer chose the declining instrument: the next capture fails with INSTRUMENT_DECLINED. */
  shouldDeclineNext: boolean;
  /** Put in the approval page's buttons, so only that page (or the control API) approves the order. */
  nonce: string;
  captures: SimCapture[];
  createTime: string;
}

/** A scripted answer for the next call(s) of one operation (contract tests drive it through /__control/next). */
export interface SimFault {
  op: 'token' | 'create' | 'get' | 'capture' | 'verify';
  /** Answer with this HTTP status (5xx: PayPal's INTERNAL_SERVER_ERROR body) and change nothing. */
  status?: number;
  /** Answer 422 with this issue (INSTRUMENT_DECLINED, say). */
  issue?: string;
  /** Capture, but give the capture this status (PENDING, DECLINED). */
  captureStatus?: string;
  /** Capture, but report another amount or currency than the order's (the tamper test). */
  amountOverride?: string;
  currencyOverride?: string;
  /** Capture, then answer 500 as if the response was lost on the way. */
  dropResponse?: boolean;
  /** How many calls this applies to (default 1). */
  times?: number;
}

export interface SimReply {
  status: number;
  body: unknown;
}

export interface SimRequestLog {
  method: string;
  path: string;
  requestId: string | null;
}

/** PayPal-style upper-case alphanumeric id. */
export function simId(prefix: string, length = 17): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(length);
  let id = prefix;
  for (let i = 0; id.length < length; i += 1) id += alphabet[bytes[i]! % alphabet.length];
  return id;
}

/** PayPal's error body: the actionable code is details[0].issue. */
export function paypalError(status: number, name: string, issue?: string, description?: string): SimReply {
  return {
    status,
    body: {
      name,
      message: description ?? name,
      debug_id: simId('', 13).toLowerCase(),
      ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    },
  };
}
