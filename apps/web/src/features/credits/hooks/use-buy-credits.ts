import { useEffect, useState } from 'react';
import { redirectTo } from '../../../lib/browser.ts';
import { useCreateCreditOrder } from '../api/create-credit-order.ts';
import { failureMessage } from '../api/credit-errors.ts';
import { isValidCredits } from '../credit-amount.ts';
import { CREDITS_MESSAGES } from '../messages.ts';

export type BuyState = 'idle' | 'creating' | 'redirecting';

/**
 * Buy Credits (docs/product.md §2.11): check the amount (no request when invalid), create the PayPal order, then send
 * the browser to its approval address. `error` is the message to show under the form.
 */
export function useBuyCredits() {
  const [state, setState] = useState<BuyState>('idle');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync: createCreditOrder } = useCreateCreditOrder();

  useEffect(() => {
    // Back from PayPal restores the page from cache: let the user try again.
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setState('idle');
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  async function buy(credits: number | null): Promise<void> {
    if (state !== 'idle') return;
    if (!isValidCredits(credits)) {
      setError(CREDITS_MESSAGES.invalidCredits);
      return;
    }
    setError(null);
    setState('creating');
    try {
      const approvalUrl = await createCreditOrder(credits);
      setState('redirecting');
      redirectTo(approvalUrl);
    } catch (failure) {
      setState('idle');
      setError(failureMessage(failure, CREDITS_MESSAGES.createFailed));
    }
  }

  return { state, error, clearError: () => setError(null), buy };
}
