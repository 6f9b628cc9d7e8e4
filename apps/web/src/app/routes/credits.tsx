import { PlaceholderPage } from '../layout/placeholder-page.tsx';

/** Placeholder until issue 7 builds the credits screen. */
export default function CreditsRoute() {
  return <PlaceholderPage title="Purchase Credits">The credits screen is coming soon.</PlaceholderPage>;
}
