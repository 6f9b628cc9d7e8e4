import { queryOptions, useQuery } from '@tanstack/react-query';
import { ScheduleListResponseSchema, type Schedule } from '@threadcart/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { SCHEDULE_KEYS, SCHEDULE_PATHS } from './query-keys.ts';

/** The caller's scheduled orders, oldest first. */
export async function listSchedules(): Promise<Schedule[]> {
  const response = await apiClient.get(SCHEDULE_PATHS.list);
  return ScheduleListResponseSchema.parse(response.data).schedules;
}

export const schedulesQueryOptions = () =>
  queryOptions({ queryKey: SCHEDULE_KEYS.all, queryFn: listSchedules });

export function useSchedules() {
  return useQuery(schedulesQueryOptions());
}
