import { useParams } from 'react-router';
import { ManifestPage } from '../../features/orders/components/manifest-page.tsx';

/** A completed order's manifest, readable (the JSON is one click away). */
export default function OrderManifestRoute() {
  const { id = '' } = useParams();
  return <ManifestPage orderId={id} />;
}
