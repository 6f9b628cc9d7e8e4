import { useSearchParams } from 'react-router';
import { ConfirmEmailPage } from '../../features/auth/components/confirm-email-page.tsx';

export default function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  return <ConfirmEmailPage token={params.get('token')} />;
}
