import { useSearchParams } from 'react-router';
import { PaymentSuccessPage } from '../../features/payments/components/payment-success-page.tsx';

/** PayPal's return address (also /paypal/success); a new token starts the page afresh. */
export default function PaySuccessRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <PaymentSuccessPage key={token ?? ''} token={token} />;
}
