import { NavLink, Route, Routes } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { hasStatus } from '../../../lib/api-error.ts';
import { useOverview } from '../api/get-overview.ts';
import { AuditPage } from './audit-page.tsx';
import { CorpusPage } from './corpus-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { OverviewPage } from './overview-page.tsx';
import { PaymentsPage } from './payments-page.tsx';
import { RemovalsPage } from './removals-page.tsx';
import { UsersPage } from './users-page.tsx';

const TABS = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/payments', label: 'Payments' },
  { to: '/admin/corpus', label: 'Corpus' },
  { to: '/admin/removals', label: 'Removal requests' },
  { to: '/admin/audit', label: 'Audit' },
] as const;

export const ADMIN_FORBIDDEN = 'The operator console is for administrators only.';

/**
 * The operator console at /admin. The server decides who may see it (every /api/admin/ call checks the role): a
 * 403 on the overview means this user is not an administrator, and nothing else is shown.
 */
export function AdminConsole() {
  const overview = useOverview();
  const isForbidden = overview.isError && hasStatus(overview.error, 403);
  return (
    <Container className="space-y-6 py-8">
      <h1 className="text-3xl font-bold">Operator console</h1>
      {isForbidden && <Alert tone="error">{ADMIN_FORBIDDEN}</Alert>}
      {overview.isPending && <PageLoading />}
      {!isForbidden && !overview.isPending && (
        <>
          <nav aria-label="Console" className="flex flex-wrap gap-2 border-b border-gray-200 pb-2">
            {TABS.map((tab) => (
              <NavLink
                key={tab.to}
                to={tab.to}
                end={'end' in tab}
                className={({ isActive }) =>
                  `rounded px-3 py-1 text-sm ${isActive ? 'bg-secondary-solid text-white' : 'hover:bg-gray-100'}`
                }
              >
                {tab.label}
              </NavLink>
            ))}
          </nav>
          <Routes>
            <Route index element={<OverviewPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="orders" element={<OrdersPage />} />
            <Route path="payments" element={<PaymentsPage />} />
            <Route path="corpus" element={<CorpusPage />} />
            <Route path="removals" element={<RemovalsPage />} />
            <Route path="audit" element={<AuditPage />} />
          </Routes>
        </>
      )}
    </Container>
  );
}
