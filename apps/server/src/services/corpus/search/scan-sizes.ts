// How many rows the planner's statements read at most, and how large a lookup may be to drive from (decision 016).

/** Lookups are used when they list at most this many rows for a count (past it, a scan in storage order). */
export const COUNT_LOOKUP_LIMIT = 100_000;
/** Bounds of the lookup size a listing drives from (see lookupLimitFor). */
export const LIST_LOOKUP_MIN = 2_000;
export const LIST_LOOKUP_MAX = 100_000;
/** Rows a scan reads per statement: small first (a dry run's sample is often in the first rows), then larger. */
export const FIRST_CHUNK = 1_000;
export const MAX_CHUNK = 40_000;
/** Rows per statement of a count in storage order (the database counts them). */
export const STORAGE_CHUNK_ROWS = 50_000;
/**
 * Rows per statement of a scan in storage order whose rows come here (to be kept, or checked by RE2). The server
 * stops a statement at the deadline, but not the reading of its result: 50,000 posts took 600-700 ms to arrive at
 * 10M records, past a dry run's count deadline by 450 ms.
 */
export const STORAGE_READ_ROWS = 5_000;
/**
 * Largest lookup a listing drives from when the first chunk of a scan in result order shows matches sparse (see
 * chooseSparseLookup), and the time a search must have left to do so.
 */
export const SPARSE_LOOKUP_MAX = 400_000;
export const SPARSE_MIN_TIME_MS = 10_000;
/**
 * PostgreSQL: largest name range a listing chooses its best rows from in the name index alone (index-only, then the
 * chosen rows by id; decision 046). Index entries cost about a twentieth of a row read from the table.
 */
export const COVERED_LIST_MAX = 500_000;
