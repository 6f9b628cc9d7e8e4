import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../layout/placeholder-page.tsx';

/** Placeholder until issue 7 builds the payment return page (it keeps its token query parameter). */
export default function PaySuccessRoute() {
  const [params] = useSearchParams();
  return (
    <PlaceholderPage title="Payment">
      {params.get('token') ? 'Confirming your payment.' : 'No payment to confirm.'}
    </PlaceholderPage>
  );
}
