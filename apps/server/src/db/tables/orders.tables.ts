import type { Generated, Selectable } from 'kysely';

export type OrderRowStatus = 'pending' | 'processing' | 'completed' | 'failed';
/** The worker's lanes: a scan-lane order never holds back an indexed one (docs/decisions/038). */
export type OrderLane = 'indexed' | 'scan';
/** The worker's claim loops: the two lanes of standard orders, and large orders beside them (docs/decisions/045). */
export type WorkerLane = OrderLane | 'large';

/** An order is also its own job (docs/product.md §6.7): the worker claims rows here under a renewable lease. */
export interface OrdersTable {
  id: string;
  user_id: string;
  title: string;
  search_type: 'posts' | 'comments' | 'both';
  format_type: 'json' | 'csv' | 'xlsx' | 'ndjson' | 'parquet';
  result_count: number;
  /** the canonical filter tree, JSON */
  filters: string;
  query_string: string;
  sort: Generated<'top' | 'new' | 'old' | 'most_discussed' | 'random'>;
  /** the seed of a random sample; null for the other sorts */
  sample_seed: number | null;
  /** JSON array of the file's columns in order; null = the default layout */
  columns: string | null;
  /** 1: leave out the records this user received in earlier orders (docs/decisions/029) */
  exclude_purchased: Generated<number>;
  /** 1: comments come with their post's title and their parent chain (docs/decisions/029) */
  include_context: Generated<number>;
  /** posts come with up to this many top comments (0: none) */
  include_comments: Generated<number>;
  /** as_is | pseudonymised | omitted (docs/decisions/036) */
  authors: Generated<'as_is' | 'pseudonymised' | 'omitted'>;
  /** per_order | per_account: whose secret makes the pseudonyms */
  pseudonyms: Generated<'per_order' | 'per_account'>;
  /** JSON array of the scrubbed kinds; null: none */
  scrub: string | null;
  /** JSON { email, phone, url, user }: replacements made in the file's texts; null when nothing was scrubbed */
  scrub_counts: string | null;
  status: OrderRowStatus;
  /** scan: no index narrows the search, it reads every stored record of its types (docs/decisions/038) */
  lane: Generated<OrderLane>;
  /** a scan-lane order: the records it reads, charged to the user's daily scan budget at placement */
  scan_records: Generated<number>;
  /** standard, or large: up to MAX_ORDER_RECORDS, fulfilled in the large lane (docs/decisions/045) */
  size: Generated<'standard' | 'large'>;
  /** a large order's JSON, NDJSON or CSV compression; null otherwise */
  compression: 'gzip' | 'zstd' | 'none' | null;
  /** records written to the file so far (a large order's progress) */
  records_written: Generated<number>;
  /** about how many seconds a running large order has left; null when not known */
  eta_seconds: number | null;
  /** JSON LargeCheckpoint: the parts written and the keyset position after them */
  large_checkpoint: string | null;
  progress: number;
  records_delivered: number | null;
  credits_charged: number | null;
  reservation_id: string;
  error: string | null;
  file_name: string | null;
  /** storage key of the delivered file */
  file_key: string | null;
  file_size: number | null;
  /** hex SHA-256 of the delivered file, set at completion (null for orders completed before the manifest) */
  file_sha256: string | null;
  /** JSON CorpusSnapshot of the corpus the order ran on, set at completion (docs/decisions/026) */
  corpus_snapshot: string | null;
  idempotency_key: string | null;
  /** sha256 of the request payload, to tell a retry from a different order under the same key */
  request_hash: string;
  attempts: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  next_attempt_at: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface OrderTables {
  orders: OrdersTable;
}

export type OrderRow = Selectable<OrdersTable>;
