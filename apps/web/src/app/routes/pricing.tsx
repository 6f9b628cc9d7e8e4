import { PricingPage } from '../../features/pricing/components/pricing-page.tsx';

export default function PricingRoute() {
  return <PricingPage />;
}
