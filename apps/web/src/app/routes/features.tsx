import { FeaturesContent } from '../../features/marketing/components/info-pages.tsx';

export default function Route() {
  return <FeaturesContent />;
}
