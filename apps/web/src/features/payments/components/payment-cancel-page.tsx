import { useNavigate, type NavigateOptions } from 'react-router';
import type { NavigationState } from '../../../lib/navigation-state.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { usePaymentCancel, type CancelPhase } from '../hooks/use-payment-cancel.ts';
import { PAYMENT_PAGE_MESSAGES as M, PAYMENT_REDIRECT_SECONDS as S } from '../messages.ts';
import { PaymentStatusCard, type PaymentStatusCardProps } from './payment-status-card.tsx';

interface Outcome {
  card: Omit<PaymentStatusCardProps, 'secondsLeft'>;
  redirect?: { to: string; seconds: number; options?: NavigateOptions };
}

const withMessage = (state: NavigationState): NavigateOptions => ({ state });

function outcomeOf(phase: CancelPhase): Outcome {
  switch (phase.kind) {
    case 'no-token':
      return {
        card: { tone: 'error', title: M.noPaymentId },
        redirect: { to: '/pricing', seconds: S.noToken },
      };
    case 'already-cancelled':
      return {
        card: { tone: 'neutral', title: M.alreadyCancelled },
        redirect: { to: '/dashboard', seconds: S.alreadyDone },
      };
    case 'cancelling':
      return { card: { tone: 'working', title: M.cancelling } };
    case 'cancelled':
      return {
        card: { tone: 'neutral', title: M.cancelledTitle, text: M.cancelledText },
        redirect: {
          to: '/dashboard',
          seconds: S.countdown,
          // docs/product.md §2.12 shows this confirmation in the error style.
          options: withMessage({ message: M.cancelledBanner, messageType: 'error' }),
        },
      };
    case 'session-expired':
      return {
        card: { tone: 'error', title: M.sessionExpiredTitle },
        redirect: {
          to: '/login',
          seconds: S.sessionExpired,
          options: withMessage({ message: M.sessionExpiredBanner }),
        },
      };
    case 'failed':
      return {
        card: {
          tone: 'error',
          title: M.cancellationFailedTitle,
          text: M.cancellationFailedText,
          detail: phase.detail,
        },
        redirect: { to: '/dashboard', seconds: S.countdown },
      };
  }
}

/**
 * /pay/cancel and /paypal/cancel: PayPal sends the payer back here with ?token=<order id> (docs/product.md §2.12).
 */
export function PaymentCancelPage({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const phase = usePaymentCancel(token);
  const { card, redirect } = outcomeOf(phase);
  const secondsLeft = useCountdown(redirect ? phase.kind : null, redirect?.seconds ?? 0, () => {
    if (redirect) void navigate(redirect.to, redirect.options);
  });
  return <PaymentStatusCard {...card} secondsLeft={redirect ? secondsLeft : undefined} />;
}
