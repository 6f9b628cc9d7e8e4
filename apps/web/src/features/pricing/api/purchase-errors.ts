import { classifyError, getDetail } from '../../../lib/api-error.ts';
import { PRICING_MESSAGES } from '../messages.ts';

export class MissingApprovalUrlError extends Error {
  constructor() {
    super(PRICING_MESSAGES.noApprovalUrl);
  }
}

export type PurchaseFailure = { kind: 'session-expired' } | { kind: 'message'; message: string };

/** Turns a purchase failure into what the page does: back to sign-in on a 401, else a message. */
export function describePurchaseError(error: unknown): PurchaseFailure {
  if (error instanceof MissingApprovalUrlError) return { kind: 'message', message: error.message };
  const failure = classifyError(error);
  if (failure.kind === 'response') {
    if (failure.status === 401) return { kind: 'session-expired' };
    return { kind: 'message', message: getDetail(failure.data) ?? PRICING_MESSAGES.paymentFailed };
  }
  if (failure.kind === 'no-response') return { kind: 'message', message: PRICING_MESSAGES.noConnection };
  return { kind: 'message', message: PRICING_MESSAGES.unexpected };
}
