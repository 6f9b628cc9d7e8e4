import { PAYMENT_MESSAGES } from '@threadcart/contracts';
import { useEffect, useRef, useState } from 'react';
import { classifyError, getDetail } from '../../../lib/api-error.ts';
import { useInvalidateMe } from '../../../lib/session.tsx';
import { useCapturePayment, type capturePayment } from '../api/capture-payment.ts';
import { hasPaymentFlag, setPaymentFlag } from '../payment-flags.ts';

export type SuccessPhase =
  | { kind: 'no-token' }
  | { kind: 'already-processed' }
  | { kind: 'verifying' }
  | { kind: 'completed'; creditsAdded?: number; expiresAt?: string }
  | { kind: 'failed'; detail?: string };

function initialPhase(token: string | null): SuccessPhase {
  if (!token) return { kind: 'no-token' };
  if (hasPaymentFlag('captured', token)) return { kind: 'already-processed' };
  return { kind: 'verifying' };
}

/** Captures once; 200 sets the flag, and credits_added 0 means another visit (maybe another tab) already did. */
async function confirmPayment(
  capture: typeof capturePayment,
  token: string,
  refreshUser: () => Promise<void>,
): Promise<SuccessPhase> {
  try {
    const { status, body } = await capture(token);
    if (status !== 200) return { kind: 'failed', detail: PAYMENT_MESSAGES.processing };
    setPaymentFlag('captured', token);
    void refreshUser();
    if (body?.credits_added === 0) return { kind: 'already-processed' };
    return {
      kind: 'completed',
      creditsAdded: body?.credits_added,
      expiresAt: body?.credits_expire_at ?? undefined,
    };
  } catch (error) {
    const failure = classifyError(error);
    return { kind: 'failed', detail: failure.kind === 'response' ? getDetail(failure.data) : undefined };
  }
}

/**
 * The success page's state machine (docs/product.md §2.12): no token, already processed (flag), or capture →
 * completed or failed. One capture per mounted page even under StrictMode's double effects; the page is keyed by
 * token.
 */
export function usePaymentSuccess(token: string | null): SuccessPhase {
  const refreshUser = useInvalidateMe();
  const { mutateAsync: capture } = useCapturePayment();
  const [phase, setPhase] = useState<SuccessPhase>(() => initialPhase(token));
  const requestRef = useRef<Promise<SuccessPhase> | null>(null);
  const needsCapture = phase.kind === 'verifying';

  useEffect(() => {
    if (!token || !needsCapture) return;
    let isActive = true;
    requestRef.current ??= confirmPayment(capture, token, refreshUser);
    void requestRef.current.then((next) => {
      if (isActive) setPhase(next);
    });
    return () => {
      isActive = false;
    };
  }, [token, needsCapture, refreshUser, capture]);

  return phase;
}
