import { useLocation } from 'react-router';
import { SignupForm } from '../../features/auth/components/signup-form.tsx';
import { readNavigationState } from '../../lib/navigation-state.ts';

export default function SignupRoute() {
  const location = useLocation();
  return <SignupForm from={readNavigationState(location.state).from} />;
}
