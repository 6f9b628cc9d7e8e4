import { useEffect, useRef, useState } from 'react';
import { classifyError, getDetail } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.tsx';
import { useCancelPayment, type cancelPayment } from '../api/cancel-payment.ts';
import { hasPaymentFlag, setPaymentFlag } from '../payment-flags.ts';

export type CancelPhase =
  | { kind: 'no-token' }
  | { kind: 'already-cancelled' }
  | { kind: 'cancelling' }
  | { kind: 'cancelled' }
  | { kind: 'session-expired' }
  | { kind: 'failed'; detail?: string };

function initialPhase(token: string | null): CancelPhase {
  if (!token) return { kind: 'no-token' };
  if (hasPaymentFlag('cancelled', token)) return { kind: 'already-cancelled' };
  return { kind: 'cancelling' };
}

async function cancelOnce(
  cancel: typeof cancelPayment,
  token: string,
  recheck: () => Promise<unknown>,
): Promise<CancelPhase> {
  try {
    const status = await cancel(token);
    if (status !== 200) return { kind: 'failed' };
    setPaymentFlag('cancelled', token);
    return { kind: 'cancelled' };
  } catch (error) {
    const failure = classifyError(error);
    if (failure.kind === 'response' && failure.status === 401) {
      void recheck();
      return { kind: 'session-expired' };
    }
    return { kind: 'failed', detail: failure.kind === 'response' ? getDetail(failure.data) : undefined };
  }
}

/**
 * The cancel page's state machine (docs/product.md §2.12): no token, already cancelled (flag), or cancel → cancelled,
 * session expired (401, after which the session is re-checked) or failed. One request per mounted page.
 */
export function usePaymentCancel(token: string | null): CancelPhase {
  const { recheck } = useSession();
  const { mutateAsync: cancel } = useCancelPayment();
  const [phase, setPhase] = useState<CancelPhase>(() => initialPhase(token));
  const requestRef = useRef<Promise<CancelPhase> | null>(null);
  const needsCancel = phase.kind === 'cancelling';

  useEffect(() => {
    if (!token || !needsCancel) return;
    let isActive = true;
    requestRef.current ??= cancelOnce(cancel, token, recheck);
    void requestRef.current.then((next) => {
      if (isActive) setPhase(next);
    });
    return () => {
      isActive = false;
    };
  }, [token, needsCancel, recheck, cancel]);

  return phase;
}
