import { CreditsPage } from '../../features/credits/components/credits-page.tsx';

/** Purchase Credits (docs/product.md §2.11); also where a custom purchase may come back with ?token=. */
export default function CreditsRoute() {
  return <CreditsPage />;
}
