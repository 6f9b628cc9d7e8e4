import type { Selectable } from 'kysely';

export type AccountExportStatus = 'pending' | 'processing' | 'ready' | 'failed' | 'expired';

/** A "download my data" request; also its own job: the worker claims pending rows under a lease. */
export interface AccountExportsTable {
  id: string;
  user_id: string;
  status: AccountExportStatus;
  /** storage key of the ZIP once ready */
  file_key: string | null;
  file_size: number | null;
  error: string | null;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** when the ZIP is deleted (order-file retention) */
  expires_at: string | null;
}

export interface AccountExportTables {
  account_exports: AccountExportsTable;
}

export type AccountExportRow = Selectable<AccountExportsTable>;
