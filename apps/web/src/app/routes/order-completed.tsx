import { PlaceholderPage } from '../layout/placeholder-page.tsx';

/** Placeholder until issue 7 builds the order confirmation. */
export default function OrderCompletedRoute() {
  return <PlaceholderPage title="Order Requested">Your order is being processed.</PlaceholderPage>;
}
