import { OrderForm } from '../../features/orders/components/order-form.tsx';
import { useSession } from '../../lib/session.tsx';

export default function OrderRoute() {
  const { isAuthenticated } = useSession();
  return <OrderForm isAuthenticated={isAuthenticated} />;
}
