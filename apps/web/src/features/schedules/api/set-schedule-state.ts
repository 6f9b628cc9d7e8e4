import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScheduleSchema, type Schedule } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { SCHEDULE_KEYS, SCHEDULE_PATHS } from './query-keys.ts';

/** Pauses a schedule (no runs until resumed) or resumes it at its next slot. */
export async function setScheduleState(input: { id: string; action: 'pause' | 'resume' }): Promise<Schedule> {
  const path = input.action === 'pause' ? SCHEDULE_PATHS.pause(input.id) : SCHEDULE_PATHS.resume(input.id);
  const response = await apiClient.post(path);
  return ScheduleSchema.parse(response.data);
}

/** The answer replaces the schedule in the list at once. */
export function useSetScheduleState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setScheduleState,
    onSuccess: (updated) =>
      queryClient.setQueryData<Schedule[]>(SCHEDULE_KEYS.all, (current = []) =>
        current.map((schedule) => (schedule.id === updated.id ? updated : schedule)),
      ),
  });
}
