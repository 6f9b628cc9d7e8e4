import { PlaceholderPage } from '../layout/placeholder-page.tsx';

/** Placeholder until issue 7 builds the order screen. */
export default function OrderRoute() {
  return <PlaceholderPage title="Create New Order">The order form is coming soon.</PlaceholderPage>;
}
