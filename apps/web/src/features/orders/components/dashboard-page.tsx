import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { useSignOutMessage } from '../../../lib/session.tsx';
import { useDashboardData } from '../hooks/use-dashboard-data.ts';
import { ORDERS_UI_MESSAGES, SAMPLE_CORPUS_NOTICE } from '../messages.ts';
import { DashboardStats } from './dashboard-stats.tsx';
import { OrderList } from './order-list.tsx';

/**
 * The dashboard (docs/product.md §2.8): counters, "My Orders" with "New Order", and the live order list; `notice` is
 * what other features show under the heading (the e-mail confirmation notice) and `schedules` what they show above
 * the orders (the scheduled orders), both composed in app/routes/dashboard.tsx.
 */
export function DashboardPage({ notice, schedules }: { notice?: ReactNode; schedules?: ReactNode } = {}) {
  // A 401 that survives the refresh signs the user out; the guard then sends them to /login with this message.
  useSignOutMessage(ORDERS_UI_MESSAGES.loginRequired);
  const { orders, stats } = useDashboardData();
  const [searchParams] = useSearchParams();

  const hasNothing = (orders.isError && !orders.data) || (stats.isError && !stats.data);
  const errorMessage = hasNothing
    ? ORDERS_UI_MESSAGES.loadFailed
    : orders.isError || stats.isError
      ? ORDERS_UI_MESSAGES.loadDataFailed
      : null;
  const retry = () => {
    void orders.refetch();
    void stats.refetch();
  };

  return (
    <Container className="space-y-8 py-8 sm:py-10">
      <h1 className="text-3xl font-bold text-text-primary">Dashboard</h1>
      {notice}
      {errorMessage && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{errorMessage}</span>
          <Button variant="outline" size="sm" onClick={retry}>
            Try again
          </Button>
        </Alert>
      )}
      <DashboardStats stats={stats.data} />
      {stats.data?.corpus_sample === 'all' || stats.data?.corpus_sample === 'mixed' ? (
        <div data-testid="sample-corpus-notice">
          <Alert tone="info" isLive={false}>
            <strong className="font-semibold">Sample data.</strong>{' '}
            {SAMPLE_CORPUS_NOTICE[stats.data.corpus_sample]}
          </Alert>
        </div>
      ) : null}
      {schedules}
      <section aria-labelledby="my-orders" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-orders" className="text-2xl font-semibold text-text-primary">
            My Orders
          </h2>
          <Link to="/order" className={buttonClasses()}>
            New Order
          </Link>
        </div>
        {orders.data ? (
          <OrderList orders={orders.data} openId={searchParams.get('order')} />
        ) : (
          orders.isPending && <PageLoading label="Loading orders" />
        )}
      </section>
    </Container>
  );
}
