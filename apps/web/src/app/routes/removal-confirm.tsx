import { useSearchParams } from 'react-router';
import { ConfirmRemovalPage } from '../../features/privacy/components/confirm-removal-page.tsx';

export default function RemovalConfirmRoute() {
  const [params] = useSearchParams();
  return <ConfirmRemovalPage token={params.get('token')} />;
}
