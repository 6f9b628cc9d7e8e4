import { useParams } from 'react-router';
import { ReceiptPage } from '../../features/account/components/receipt-page.tsx';

/** The printable receipt of one payment. */
export default function AccountReceiptRoute() {
  const { id = '' } = useParams();
  return <ReceiptPage paymentId={id} />;
}
