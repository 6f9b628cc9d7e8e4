import { RemovalRequestForm } from '../../features/privacy/components/removal-request-form.tsx';

export default function RemovalRoute() {
  return <RemovalRequestForm />;
}
