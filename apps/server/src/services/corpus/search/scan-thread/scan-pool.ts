import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import Piscina from 'piscina';
import type { Config } from '../../../../config.ts';
import type { SearchLimits } from '../search-steps.ts';
import type { ScanResult, ScanTask, ScanThreadData } from './scan-thread.ts';

/** A scan-lane order's search, as the worker hands it to the thread. */
export type ScanQuery = Omit<ScanTask, 'deadline' | 'progress'>;

export interface ScanPool {
  /**
   * Runs a full-scan search in the scan thread. Aborting the signal ends the thread (a new one starts for the next
   * scan) and rejects with the signal's reason, as searchCorpus does.
   */
  search(query: ScanQuery, limits: SearchLimits & { readonly deadline: number }): Promise<ScanResult>;
  close(): Promise<void>;
}

/**
 * The worker's scan thread (docs/decisions/038-scan-lane-and-budget.md): one thread, at a lower CPU priority, with
 * its own read-only connection, runs the scan lane's one order at a time while the worker's own event loop serves
 * the indexed lane.
 */
export function createScanPool(config: Config): ScanPool {
  const workerData: ScanThreadData = {
    databaseUrl: config.database.url,
    schema: config.database.schema,
    entry: new URL('./scan-thread.ts', import.meta.url).href,
    tsxApi: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href,
  };
  const piscina = new Piscina({
    filename: new URL('./scan-thread.boot.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    niceIncrement: 10,
    workerData,
  });
  return {
    async search(query, { deadline, signal, onProgress }) {
      const channel = new MessageChannel();
      channel.port1.on('message', (fraction: number) => onProgress?.(fraction));
      const task: ScanTask = { ...query, deadline, progress: channel.port2 };
      try {
        return (await piscina.run(task, {
          transferList: [channel.port2] as never,
          ...(signal ? { signal } : {}),
        })) as ScanResult;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw error;
      } finally {
        channel.port1.close();
      }
    },
    close: () => piscina.destroy(),
  };
}
