import { useSearchParams } from 'react-router';
import { PaymentCancelPage } from '../../features/payments/components/payment-cancel-page.tsx';

/** PayPal's cancel address (also /paypal/cancel); a new token starts the page afresh. */
export default function PayCancelRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <PaymentCancelPage key={token ?? ''} token={token} />;
}
