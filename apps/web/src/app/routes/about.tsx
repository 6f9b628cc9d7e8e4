import { AboutContent } from '../../features/marketing/components/info-pages.tsx';

export default function Route() {
  return <AboutContent />;
}
