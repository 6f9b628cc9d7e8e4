/** A request limit's counter for one key over one fixed window (docs/decisions/028-request-limits.md). */
export interface RateLimitTable {
  /** HMAC of the bucket and the address or user id: never the address itself */
  key: string;
  hits: number;
  /** epoch milliseconds */
  expires_at: number;
}

export interface RateLimitTables {
  rate_limits: RateLimitTable;
}
