import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../layout/placeholder-page.tsx';

/** Placeholder until issue 7 builds the payment cancel page (it keeps its token query parameter). */
export default function PayCancelRoute() {
  const [params] = useSearchParams();
  return (
    <PlaceholderPage title="Payment Cancelled">
      {params.get('token') ? 'Cancelling your payment.' : 'No payment to cancel.'}
    </PlaceholderPage>
  );
}
