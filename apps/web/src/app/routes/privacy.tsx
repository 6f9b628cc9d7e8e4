import { PrivacyContent } from '../../features/marketing/components/privacy-content.tsx';

export default function PrivacyRoute() {
  return <PrivacyContent />;
}
