import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { SCHEDULE_KEYS, SCHEDULE_PATHS } from './query-keys.ts';

/** Deletes a schedule; the orders it placed stay. */
export async function deleteSchedule(id: string): Promise<void> {
  await apiClient.delete(SCHEDULE_PATHS.schedule(id));
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SCHEDULE_KEYS.all }),
  });
}
