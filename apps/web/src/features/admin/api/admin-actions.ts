import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { ADMIN_KEYS, ADMIN_PATHS } from './query-keys.ts';

/** What an operator action sends: the target, and always a reason (it goes to the audit log). */
export type AdminAction =
  | { kind: 'grant' | 'deduct'; userId: string; credits: number; reason: string; customerNote?: string }
  | { kind: 'disable' | 'enable'; userId: string; reason: string }
  | { kind: 'retry' | 'cancel'; orderId: string; reason: string }
  | { kind: 'refund'; paymentId: string; reason: string }
  | { kind: 'approve' | 'reject'; removalId: string; reason: string };

/** Runs one operator action (grant, deduct, disable, enable, retry, cancel, refund). */
export async function runAdminAction(action: AdminAction): Promise<unknown> {
  const { reason } = action;
  switch (action.kind) {
    case 'grant':
    case 'deduct':
      return (
        await apiClient.post(ADMIN_PATHS.credits(action.userId, action.kind), {
          credits: action.credits,
          reason,
          ...(action.customerNote ? { customer_note: action.customerNote } : {}),
        })
      ).data;
    case 'disable':
    case 'enable':
      return (await apiClient.post(ADMIN_PATHS.disabled(action.userId, action.kind), { reason })).data;
    case 'retry':
    case 'cancel':
      return (await apiClient.post(ADMIN_PATHS.orderAction(action.orderId, action.kind), { reason })).data;
    case 'refund':
      return (await apiClient.post(ADMIN_PATHS.refund(action.paymentId), { reason })).data;
    case 'approve':
    case 'reject':
      return (await apiClient.post(ADMIN_PATHS.removalAction(action.removalId, action.kind), { reason }))
        .data;
  }
}

/** The mutation behind every action button; any success refreshes the whole console. */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.all }),
  });
}
