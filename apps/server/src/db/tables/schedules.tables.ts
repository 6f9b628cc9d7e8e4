import type { Selectable } from 'kysely';

/** An order request the worker places again every day or week (decision 030). */
export interface OrderSchedulesTable {
  id: string;
  user_id: string;
  cadence: 'daily' | 'weekly';
  status: 'active' | 'paused';
  /** the CreateOrderRequest each run places, JSON */
  request: string;
  /** the title runs start with; null: each run gets the usual "Search …" title */
  title: string | null;
  query_string: string;
  /** runs fall on anchor_at + k × the period */
  anchor_at: string;
  /** the next run's slot; null while paused */
  next_run_at: string | null;
  first_order_id: string;
  last_run_at: string | null;
  last_outcome: 'placed' | 'skipped' | null;
  last_order_id: string | null;
  last_message: string | null;
  runs_placed: number;
  runs_skipped: number;
  created_at: string;
  updated_at: string;
}

export interface ScheduleTables {
  order_schedules: OrderSchedulesTable;
}

export type OrderScheduleRow = Selectable<OrderSchedulesTable>;
