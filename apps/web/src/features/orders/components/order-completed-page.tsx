import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { ORDERS_UI_MESSAGES } from '../messages.ts';

/**
 * Order completed (docs/product.md §2.10): the order is placed and being processed; its status is on the dashboard.
 */
export function OrderCompletedPage() {
  const state = useLocation().state as { orderId?: unknown } | null;
  const orderId = typeof state?.orderId === 'string' ? state.orderId : null;
  const orderLink = orderId ? `/dashboard?order=${encodeURIComponent(orderId)}` : '/dashboard';
  return (
    <Container className="flex flex-1 items-center justify-center py-12">
      <Card className="w-full max-w-xl text-center">
        <div
          aria-hidden="true"
          className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-success-subtle text-3xl text-success"
        >
          ✓
        </div>
        <h1 className="text-2xl font-bold text-text-primary sm:text-3xl">
          {ORDERS_UI_MESSAGES.completedHeading}
        </h1>
        <p className="mt-3 text-text-secondary">
          Your order has been placed and is being processed. You can check its status in your{' '}
          <Link to="/dashboard" className="font-semibold text-secondary-dark underline">
            dashboard
          </Link>
          .
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <Link to={orderLink} className={buttonClasses({ size: 'lg' })}>
            View your order
          </Link>
          <Link to="/" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
            {ORDERS_UI_MESSAGES.goHome}
          </Link>
        </div>
      </Card>
    </Container>
  );
}
