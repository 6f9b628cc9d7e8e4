import type { PaymentState } from '@threadcart/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { PAYMENT_STATE_LABELS } from '../messages.ts';

const TONES: Record<PaymentState, BadgeTone> = {
  awaiting_payment: 'neutral',
  pending: 'info',
  captured: 'success',
  partially_refunded: 'warning',
  refunded: 'warning',
  failed: 'danger',
  cancelled: 'neutral',
};

export function PaymentStateBadge({ state }: { state: PaymentState }) {
  return <Badge tone={TONES[state]}>{PAYMENT_STATE_LABELS[state]}</Badge>;
}
