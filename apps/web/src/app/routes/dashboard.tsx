import { ConfirmEmailNotice } from '../../features/auth/components/confirm-email-notice.tsx';
import { DashboardPage } from '../../features/orders/components/dashboard-page.tsx';
import { SchedulesPanel } from '../../features/schedules/components/schedules-panel.tsx';
import { useSession } from '../../lib/session.tsx';

export default function DashboardRoute() {
  const { user } = useSession();
  return <DashboardPage notice={<ConfirmEmailNotice user={user} />} schedules={<SchedulesPanel />} />;
}
