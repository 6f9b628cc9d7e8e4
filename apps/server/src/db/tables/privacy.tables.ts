import type { Selectable } from 'kysely';

export type RemovalRequestKind = 'usernames' | 'ids';
export type RemovalRequestStatus = 'unconfirmed' | 'pending' | 'approved' | 'rejected';

/** A person's request to have their records removed (docs/decisions/036-privacy-of-the-corpus.md). */
export interface RemovalRequestsTable {
  id: string;
  kind: RemovalRequestKind;
  /** JSON array of the usernames or record ids asked for; `[]` once the request is decided */
  targets: string;
  target_count: number;
  email: string;
  statement: string;
  status: RemovalRequestStatus;
  /** SHA-256 of the confirmation token; null once confirmed */
  token_hash: string | null;
  token_expires_at: string;
  created_at: string;
  confirmed_at: string | null;
  decided_at: string | null;
  /** the administrator who decided */
  decided_by: string | null;
  reason: string | null;
  records_erased: number | null;
}

export type SuppressionKind = 'post' | 'comment' | 'author';

/** A record or an author that no ingest may store again: an id, or an HMAC of the author name's key. */
export interface CorpusSuppressionsTable {
  kind: SuppressionKind;
  value: string;
  request_id: string;
  created_at: string;
}

/** Server-made secrets: the suppression key, and each buyer's key for pseudonyms stable across orders. */
export interface PrivacyKeysTable {
  name: string;
  secret: string;
  created_at: string;
}

export interface PrivacyTables {
  removal_requests: RemovalRequestsTable;
  corpus_suppressions: CorpusSuppressionsTable;
  privacy_keys: PrivacyKeysTable;
}

export type RemovalRequestRow = Selectable<RemovalRequestsTable>;
