import { Badge } from '../../../components/ui/badge.tsx';
import { displayStatus, statusTone } from '../order-rules.ts';

/** An order's status with the colour of docs/product.md §6.2; an unset status reads as pending. */
export function OrderStatusBadge({ status }: { status: string | null | undefined }) {
  const value = displayStatus(status);
  return (
    <Badge tone={statusTone(status)} className="capitalize">
      {value.replace(/_/g, ' ')}
    </Badge>
  );
}
