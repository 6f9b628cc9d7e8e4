import { RefundContent } from '../../features/marketing/components/info-pages.tsx';

export default function Route() {
  return <RefundContent />;
}
