import type { Readable } from 'node:stream';

/** Where delivered order files live; chosen by configuration (local disk now, an object store later). */
export interface FileStorage {
  /** A fresh path for a file being written; on the same file system as the store, so commit is a rename. */
  tempPath(prefix: string): Promise<string>;
  /** Moves a finished temp file under `key` atomically and returns its size. */
  commit(tempPath: string, key: string): Promise<{ size: number }>;
  /** The stored file (its bytes start to end, inclusive, when given), or undefined when there is none. */
  open(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes temp files whose names start with `prefix` (what a dead writer left behind). */
  removeTemps(prefix: string): Promise<number>;
  /**
   * The directory of a large order's file parts (made when missing), on the same file system as the store: parts
   * outlive a worker's restart, so that the order resumes after them (docs/decisions/045-large-orders.md).
   */
  partsDir(orderId: string): Promise<string>;
  /** Deletes a large order's parts and their directory. */
  removeParts(orderId: string): Promise<void>;
}
