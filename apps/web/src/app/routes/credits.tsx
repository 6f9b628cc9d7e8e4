import { CreditsPage } from '../../features/credits/components/credits-page.tsx';

/** Purchase Credits (spec §2); also where a custom purchase may come back with ?token=. */
export default function CreditsRoute() {
  return <CreditsPage />;
}
