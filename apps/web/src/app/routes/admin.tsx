import { AdminConsole } from '../../features/admin/components/admin-console.tsx';

export default function AdminRoute() {
  return <AdminConsole />;
}
