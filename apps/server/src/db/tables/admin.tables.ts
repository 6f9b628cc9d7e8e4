import type { Selectable } from 'kysely';

/** One administrator action; rows are only ever inserted (docs/decisions/022-operator-roles-and-audit.md). */
export interface AdminAuditTable {
  id: string;
  /** The signed-in administrator; null when the command line acted (it has no user). */
  admin_user_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  /** JSON object: what the action changed (credits, statuses, the role before and after…) */
  details: string;
  created_at: string;
}

/** One corpus ingest (CLI or the sample corpus) as it ended: the console's ingest history. */
export interface CorpusIngestsTable {
  id: string;
  is_sample: number;
  files: string;
  records_read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  posts: number;
  comments: number;
  skipped: string;
  errors: string;
  duration_ms: number;
  started_at: string;
  finished_at: string;
}

export interface AdminTables {
  admin_audit: AdminAuditTable;
  corpus_ingests: CorpusIngestsTable;
}

export type AdminAuditRow = Selectable<AdminAuditTable>;
export type CorpusIngestRow = Selectable<CorpusIngestsTable>;
