import { OrderCompletedPage } from '../../features/orders/components/order-completed-page.tsx';

export default function OrderCompletedRoute() {
  return <OrderCompletedPage />;
}
