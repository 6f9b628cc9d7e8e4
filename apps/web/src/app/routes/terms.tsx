import { TermsContent } from '../../features/marketing/components/terms-content.tsx';

export default function TermsRoute() {
  return <TermsContent />;
}
