import { useNavigate, type NavigateOptions } from 'react-router';
import { useCountdown } from '../hooks/use-countdown.ts';
import { usePaymentSuccess, type SuccessPhase } from '../hooks/use-payment-success.ts';
import { creditsExpireOn, PAYMENT_PAGE_MESSAGES as M, PAYMENT_REDIRECT_SECONDS as S } from '../messages.ts';
import { PaymentStatusCard, type PaymentStatusCardProps } from './payment-status-card.tsx';

interface Outcome {
  card: Omit<PaymentStatusCardProps, 'secondsLeft'>;
  redirect?: { to: string; seconds: number; options?: NavigateOptions };
}

function outcomeOf(phase: SuccessPhase): Outcome {
  switch (phase.kind) {
    case 'no-token':
      return {
        card: { tone: 'error', title: M.noPaymentId },
        redirect: { to: '/pricing', seconds: S.noToken },
      };
    case 'already-processed':
      return {
        card: { tone: 'success', title: M.alreadyProcessed },
        redirect: { to: '/dashboard', seconds: S.alreadyDone, options: { replace: true } },
      };
    case 'verifying':
      return { card: { tone: 'working', title: M.verifying } };
    case 'completed':
      return {
        card: {
          tone: 'success',
          title: M.completedTitle,
          text: M.completedText,
          detail: phase.expiresAt ? creditsExpireOn(phase.creditsAdded, phase.expiresAt) : undefined,
        },
        redirect: {
          to: '/dashboard',
          seconds: S.countdown,
          options: { state: { message: M.completedBanner } },
        },
      };
    case 'failed':
      return {
        card: {
          tone: 'error',
          title: M.verificationFailedTitle,
          text: M.verificationFailedText,
          detail: phase.detail,
        },
        redirect: { to: '/dashboard', seconds: S.countdown },
      };
  }
}

/**
 * /pay/success and /paypal/success: PayPal sends the payer back here with ?token=<order id> (docs/product.md §2.12).
 */
export function PaymentSuccessPage({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const phase = usePaymentSuccess(token);
  const { card, redirect } = outcomeOf(phase);
  const secondsLeft = useCountdown(redirect ? phase.kind : null, redirect?.seconds ?? 0, () => {
    if (redirect) void navigate(redirect.to, redirect.options);
  });
  return <PaymentStatusCard {...card} secondsLeft={redirect ? secondsLeft : undefined} />;
}
