import { useLocation } from 'react-router';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { readNavigationState } from '../../lib/navigation-state.ts';

export default function ForgotPasswordRoute() {
  const location = useLocation();
  return <ForgotPasswordForm from={readNavigationState(location.state).from} />;
}
