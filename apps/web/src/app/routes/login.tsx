import { useLocation } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { readNavigationState } from '../../lib/navigation-state.ts';
import { useSession } from '../../lib/session.tsx';

export default function LoginRoute() {
  const location = useLocation();
  const { hasTimedOut } = useSession();
  return <LoginForm from={readNavigationState(location.state).from} hasTimedOut={hasTimedOut} />;
}
