import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token')} />;
}
