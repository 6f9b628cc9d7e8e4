import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { invalidateMe } from '../../../lib/session.tsx';
import { useCaptureCreditOrder } from '../api/capture-credit-order.ts';
import { failureMessage } from '../api/credit-errors.ts';
import { CREDITS_KEYS } from '../api/query-keys.ts';
import { CREDITS_MESSAGES } from '../messages.ts';

export type ReturnOutcome =
  | { kind: 'none' }
  | { kind: 'capturing' }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string };

async function captureOnce(
  captureCreditOrder: (orderId: string) => Promise<boolean>,
  token: string,
): Promise<ReturnOutcome> {
  try {
    const isPaid = await captureCreditOrder(token);
    return isPaid
      ? { kind: 'success', message: CREDITS_MESSAGES.paymentSuccessful }
      : { kind: 'error', message: CREDITS_MESSAGES.paymentProcessing };
  } catch (error) {
    return { kind: 'error', message: failureMessage(error, CREDITS_MESSAGES.paymentFailed) };
  }
}

/**
 * The credits screen's return from PayPal (docs/product.md §2.11): with ?token= it captures once, refetches the
 * credits and the user (the badge), then removes token (and PayerID) from the address without adding a history entry.
 */
export function useCaptureOnReturn(): ReturnOutcome {
  const queryClient = useQueryClient();
  const { mutateAsync: captureCreditOrder } = useCaptureCreditOrder();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<ReturnOutcome>(() =>
    token ? { kind: 'capturing' } : { kind: 'none' },
  );
  const requestRef = useRef<{ token: string; promise: Promise<ReturnOutcome> } | null>(null);

  useEffect(() => {
    if (!token) return;
    let isActive = true;
    if (requestRef.current?.token !== token) {
      setOutcome({ kind: 'capturing' });
      requestRef.current = { token, promise: captureOnce(captureCreditOrder, token) };
    }
    void requestRef.current.promise.then((next) => {
      if (!isActive) return;
      setOutcome(next);
      if (next.kind === 'success') {
        void queryClient.invalidateQueries({ queryKey: CREDITS_KEYS.summary });
        void invalidateMe(queryClient);
      }
      setParams(
        (current) => {
          const rest = new URLSearchParams(current);
          rest.delete('token');
          rest.delete('PayerID');
          return rest;
        },
        { replace: true },
      );
    });
    return () => {
      isActive = false;
    };
  }, [token, queryClient, setParams, captureCreditOrder]);

  return outcome;
}
