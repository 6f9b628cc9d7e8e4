import { RERUN_MESSAGES, type RerunOrderResponse } from '@threadcart/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { describeSubmitError } from '../api/order-errors.ts';
import type { DashboardOrder } from '@threadcart/contracts';
import { useRerunOrder } from '../api/rerun-order.ts';

/** What the dashboard says once an order was placed again: that it was, and whether the corpus changed since. */
function RerunResult({ result }: { result: RerunOrderResponse }) {
  const corpus =
    result.corpus_changed === null
      ? RERUN_MESSAGES.unknown
      : result.corpus_changed
        ? RERUN_MESSAGES.changed
        : RERUN_MESSAGES.unchanged;
  return (
    <Alert tone="success">
      <p>
        {RERUN_MESSAGES.placed} {corpus}
      </p>
      {result.corpus_changes.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {result.corpus_changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** "Re-run this order" (docs/decisions/029): the same order again, charged as usual, optionally new records only. */
export function RerunOrder({ order }: { order: DashboardOrder }) {
  const [isExcluding, setIsExcluding] = useState(Boolean(order.exclude_purchased));
  const rerun = useRerunOrder();
  return (
    <div className="space-y-2 border-t border-gray-100 pt-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          isLoading={rerun.isPending}
          onClick={() => rerun.mutate({ id: order.id, excludePurchased: isExcluding })}
        >
          Re-run this order
        </Button>
        <CheckboxField
          label="Only records I have not received"
          checked={isExcluding}
          onChange={(event) => setIsExcluding(event.target.checked)}
        />
      </div>
      {rerun.data && <RerunResult result={rerun.data} />}
      {rerun.error && <Alert tone="error">{describeSubmitError(rerun.error)}</Alert>}
    </div>
  );
}
