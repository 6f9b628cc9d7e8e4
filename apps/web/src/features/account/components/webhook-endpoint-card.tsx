import type { WebhookDelivery, WebhookEndpoint } from '@threadcart/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { failureMessage } from '../api/account-errors.ts';
import { useDeleteWebhook } from '../api/delete-webhook.ts';
import { useSendTestWebhook } from '../api/send-test-webhook.ts';
import { formatDateTime } from '../format.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_UI_MESSAGES as M } from '../messages.ts';

/** How a delivery's state reads, and its colour. */
function deliveryState(delivery: WebhookDelivery): { label: string; tone: BadgeTone } {
  switch (delivery.status) {
    case 'succeeded':
      return { label: 'Delivered', tone: 'success' };
    case 'failed':
      return { label: 'Failed', tone: 'danger' };
    case 'delivering':
      return { label: 'Sending', tone: 'info' };
    case 'pending':
      return delivery.attempts === 0
        ? { label: 'Waiting', tone: 'neutral' }
        : { label: `Retry at ${formatDateTime(delivery.next_attempt_at)}`, tone: 'warning' };
  }
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const state = deliveryState(delivery);
  const last = delivery.attempt_log[0];
  return (
    <tr className="align-top">
      <td className="py-2 pr-4 whitespace-nowrap">{WEBHOOK_EVENT_LABELS[delivery.event_type]}</td>
      <td className="py-2 pr-4">
        <Badge tone={state.tone}>{state.label}</Badge>
      </td>
      <td className="py-2 pr-4 whitespace-nowrap">
        {delivery.attempts} of {delivery.max_attempts}
      </td>
      <td className="py-2 pr-4">
        {last ? (last.error ?? `HTTP ${last.status_code}`) : '—'}
        {last && <span className="block text-xs text-text-tertiary">{last.duration_ms} ms</span>}
      </td>
      <td className="py-2 whitespace-nowrap">{formatDateTime(last?.attempted_at ?? delivery.created_at)}</td>
    </tr>
  );
}

/** One endpoint: its address, "Send test" and "Delete" (confirmed), and its latest deliveries. */
export function WebhookEndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const sendTest = useSendTestWebhook();
  const remove = useDeleteWebhook();
  const name = endpoint.description || endpoint.url;
  return (
    <li className="rounded-md border border-gray-200 p-4" aria-label={`Webhook ${name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {endpoint.description && <p className="font-medium text-text-primary">{endpoint.description}</p>}
          <p className="font-mono text-sm break-all text-text-primary">{endpoint.url}</p>
          <p className="text-xs text-text-secondary">Added {formatDateTime(endpoint.created_at)}</p>
        </div>
        <div className="flex items-start gap-2">
          <Button
            size="sm"
            variant="secondary"
            isLoading={sendTest.isPending}
            aria-label={`Send test to ${name}`}
            onClick={() => sendTest.mutate(endpoint.id)}
          >
            Send test
          </Button>
          <ConfirmAction
            label="Delete"
            confirmLabel="Yes, delete"
            ariaLabel={`Delete ${name}`}
            question={M.deleteQuestion}
            isPending={remove.isPending}
            onConfirm={() => remove.mutate(endpoint.id)}
          />
        </div>
      </div>
      {sendTest.isSuccess && (
        <p className="mt-2 text-sm text-text-secondary" role="status">
          {sendTest.data.detail}
        </p>
      )}
      {(sendTest.isError || remove.isError) && (
        <p className="mt-2 text-sm text-danger-dark" role="alert">
          {failureMessage(sendTest.error ?? remove.error)}
        </p>
      )}
      {endpoint.recent_deliveries.length === 0 ? (
        <p className="mt-3 text-sm text-text-secondary">{M.noDeliveries}</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-label={`Deliveries to ${name}`}>
            <thead className="border-b border-gray-200 text-xs text-text-secondary uppercase">
              <tr>
                <th className="py-2 pr-4 font-semibold">Event</th>
                <th className="py-2 pr-4 font-semibold">Status</th>
                <th className="py-2 pr-4 font-semibold">Tries</th>
                <th className="py-2 pr-4 font-semibold">Last answer</th>
                <th className="py-2 font-semibold">When</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {endpoint.recent_deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
