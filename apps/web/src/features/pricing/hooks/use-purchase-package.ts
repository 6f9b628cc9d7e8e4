import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { redirectTo } from '../../../lib/browser.ts';
import { useSession } from '../../../lib/session.tsx';
import { useBuyCreditPackage } from '../api/buy-credit-package.ts';
import { describePurchaseError } from '../api/purchase-errors.ts';
import { PRICING_MESSAGES } from '../messages.ts';

/**
 * Buy Now (docs/product.md §5.3): re-check the session, create the PayPal order, send the browser to its approval
 * URL. `pendingId` is the package being bought; every Buy Now button is disabled meanwhile.
 */
export function usePurchasePackage() {
  const { recheck } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const { mutateAsync: buyCreditPackage } = useBuyCreditPackage();

  useEffect(() => {
    // Coming back from PayPal with the Back button restores the page from cache: let the user try again.
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingId(null);
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  const sendToLogin = (message: string) => {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    navigate('/login', { state: { message, from } });
  };

  async function purchase(packageId: number): Promise<void> {
    if (pendingId !== null) return;
    setPendingId(packageId);
    try {
      const user = await recheck();
      if (!user) {
        setPendingId(null);
        sendToLogin(PRICING_MESSAGES.loginToPurchase);
        return;
      }
      const { approvalUrl } = await buyCreditPackage(packageId);
      redirectTo(approvalUrl);
    } catch (error) {
      setPendingId(null);
      const failure = describePurchaseError(error);
      if (failure.kind === 'session-expired') sendToLogin(PRICING_MESSAGES.sessionExpired);
      else toast.error(failure.message);
    }
  }

  return { pendingId, purchase };
}
