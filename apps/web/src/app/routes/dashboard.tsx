import { DashboardPage } from '../../features/orders/components/dashboard-page.tsx';

export default function DashboardRoute() {
  return <DashboardPage />;
}
