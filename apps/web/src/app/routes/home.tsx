import { LandingPage } from '../../features/marketing/components/landing-page.tsx';

export default function HomeRoute() {
  return <LandingPage />;
}
