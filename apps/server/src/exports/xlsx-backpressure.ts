import { once } from 'node:events';
import type ExcelJS from 'exceljs';

/**
 * ExcelJS's streaming worksheet writes every committed row into a buffer (StreamBuf) that is piped into the zip
 * entry and ignores backpressure: if rows are committed faster than the zip deflates them (always, with a
 * synchronous record source, since the event loop never turns) the whole sheet piles up in memory. Each sheet's
 * buffer feeds its zip entry through one PassThrough (archiver-utils' normalizeInputSource); when that
 * PassThrough holds more than MAX_QUEUED_BYTES, the writer waits for its 'drain' before committing more rows.
 *
 * This reads ExcelJS 4.4 and archiver-utils internals (`worksheet.stream.pipes`, readable-stream 2's
 * `_writableState`); if they change, it falls back to letting the event
 * loop turn every YIELD_EVERY rows, and the memory test in write-order-file.memory.test.ts tells.
 */
export interface Backpressure {
  /** Resolves when more rows may be committed; rejects when the file has failed. */
  wait(): Promise<void> | undefined;
}

const YIELD_EVERY = 256;

// Bytes allowed to queue in front of the zip before rows wait: enough to keep deflate busy while rows are made.
const MAX_QUEUED_BYTES = 1024 * 1024;

interface WritableLike extends NodeJS.EventEmitter {
  _writableState?: { length?: number; needDrain?: boolean };
}

export function sheetBackpressure(sheet: ExcelJS.Worksheet, failure: Promise<never>): Backpressure {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const target = pipes?.[0] as WritableLike | undefined;
  if (target === undefined || typeof target.once !== 'function') {
    let rows = 0;
    return {
      wait: () => {
        rows += 1;
        if (rows % YIELD_EVERY !== 0) return undefined;
        return Promise.race([new Promise<void>((resolve) => setImmediate(resolve)), failure]);
      },
    };
  }
  return {
    wait: () => {
      const state = target._writableState;
      // 'drain' comes once the queue is empty, and only if a write found it over its high-water mark.
      if (!state?.needDrain || (state.length ?? 0) < MAX_QUEUED_BYTES) return undefined;
      return Promise.race([once(target, 'drain').then(() => undefined), failure]);
    },
  };
}
