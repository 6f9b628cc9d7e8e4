import { z } from 'zod';
import { FORMAT_TYPES, OrderSchema, SCHEDULE_CADENCES, SEARCH_TYPES } from './orders.ts';

/** Scheduled orders (docs/decisions/030-webhooks-and-schedules.md): an order that is placed again every day or week. */

export type ScheduleCadence = (typeof SCHEDULE_CADENCES)[number];
export const SCHEDULE_PERIOD_MS: Record<ScheduleCadence, number> = {
  daily: 86_400_000,
  weekly: 7 * 86_400_000,
};

export const SCHEDULE_MESSAGES = {
  skippedSubject: 'Your scheduled Threadcart order was skipped',
  skipped: (input: {
    username: string;
    title: string;
    cadence: ScheduleCadence;
    reason: string;
    next: string;
    url: string;
  }) =>
    [
      `Hello ${input.username},`,
      '',
      `Your ${input.cadence} order "${input.title}" was due, but it was not placed: ${input.reason}`,
      '',
      `The schedule stays on and tries again at ${input.next} (UTC). Buy credits or pause the schedule on your dashboard:`,
      input.url,
    ].join('\n'),
} as const;

/** The last run of a schedule: an order placed, or a run skipped with the reason. */
export const ScheduleRunSchema = z.object({
  at: z.string(),
  outcome: z.enum(['placed', 'skipped']),
  order_id: z.string().nullable(),
  /** why the run was skipped (the order's refusal, e.g. not enough credits) */
  message: z.string().nullable(),
});
export type ScheduleRun = z.infer<typeof ScheduleRunSchema>;

export const ScheduleSchema = z.object({
  id: z.string(),
  cadence: z.enum(SCHEDULE_CADENCES),
  status: z.enum(['active', 'paused']),
  /** the title each run's order starts with (null: each gets the usual "Search …" title) */
  title: z.string().nullable(),
  search_type: z.enum(SEARCH_TYPES),
  format_type: z.enum(FORMAT_TYPES),
  result_count: z.number().int(),
  query_string: z.string(),
  /** when the next run is placed; null while paused */
  next_run_at: z.string().nullable(),
  last_run: ScheduleRunSchema.nullable(),
  runs_placed: z.number().int(),
  runs_skipped: z.number().int(),
  /** the order placed when the schedule was made */
  first_order_id: z.string(),
  created_at: z.string(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleListResponseSchema = z.object({ schedules: z.array(ScheduleSchema) });
export type ScheduleListResponse = z.infer<typeof ScheduleListResponseSchema>;

/** What placing an order answers: the order, and its schedule when the request asked for one. */
export const PlacedOrderResponseSchema = OrderSchema.extend({ schedule: ScheduleSchema.optional() });
export type PlacedOrderResponse = z.infer<typeof PlacedOrderResponseSchema>;
