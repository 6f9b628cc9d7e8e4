import type { Selectable } from 'kysely';

/** One process's word about itself, overwritten in place (the worker's heartbeat, the sample corpus's load). */
export interface ServiceStatusTable {
  name: string;
  state: string;
  /** JSON object */
  details: string;
  /** ISO-8601 UTC */
  updated_at: string;
}

export interface ServiceStatusTables {
  service_status: ServiceStatusTable;
}

export type ServiceStatusRow = Selectable<ServiceStatusTable>;
