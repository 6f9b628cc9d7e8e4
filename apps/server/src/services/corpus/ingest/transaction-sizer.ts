import type { RowBatch } from '../../../corpus/readers/normalise-stream.ts';

/** SQLite: how long one ingest transaction should hold the write lock that API writes wait for (busy timeout 10 s). */
const LOCK_TARGET_MS = 1000;
/** The smallest transaction is this fraction of a batch. */
const MIN_FRACTION = 8;

/**
 * Cuts the normaliser's batches into transactions that follow how long the last one held SQLite's write lock:
 * after one over twice LOCK_TARGET_MS the next are half as large (down to an eighth of a batch), after one under
 * half of it twice as large again (up to the whole batch). On a busy machine a batch of 10,000 records can hold the
 * lock for seconds; on a quiet one it keeps the large, cheap commits (docs/decisions/042-sqlite-month-ingest-and-size.md).
 * Every transaction is a whole number of eighths of a batch. PostgreSQL: a batch is one transaction.
 */
export class TransactionSizer {
  private rows: number;

  constructor(
    private readonly batchSize: number,
    private readonly isAdaptive: boolean,
  ) {
    this.rows = batchSize;
  }

  /** The smallest transaction this sizer makes (the crash tests' unit of a whole transaction). */
  static smallest(batchSize: number): number {
    return Math.max(1, Math.floor(batchSize / MIN_FRACTION));
  }

  *slices(batch: RowBatch): Generator<RowBatch> {
    if (!this.isAdaptive || batch.rows.length <= this.rows) {
      yield batch;
      return;
    }
    // Each slice's end is fixed before it is yielded: record() may change the size for the next one meanwhile.
    for (let start = 0; start < batch.rows.length;) {
      const end = start + this.rows;
      yield batch.table === 'posts'
        ? { table: 'posts', rows: batch.rows.slice(start, end) }
        : { table: 'comments', rows: batch.rows.slice(start, end) };
      start = end;
    }
  }

  /** Told how long the last transaction took. */
  record(ms: number): void {
    if (!this.isAdaptive) return;
    if (ms > 2 * LOCK_TARGET_MS) {
      this.rows = Math.max(TransactionSizer.smallest(this.batchSize), Math.floor(this.rows / 2));
    } else if (ms < LOCK_TARGET_MS / 2) {
      this.rows = Math.min(this.batchSize, this.rows * 2);
    }
  }
}
