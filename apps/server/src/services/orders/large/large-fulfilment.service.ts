import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { withTransaction } from '../../../db/database.ts';
import {
  appendDeliveredRecords,
  deleteOrderDelivery,
} from '../../../db/repositories/orders/delivered-records.repository.ts';
import { updateLargeProgress } from '../../../db/repositories/orders/orders.repository.ts';
import type { OrderRow } from '../../../db/tables/orders.tables.ts';
import type { Deps } from '../../../deps.ts';
import type { AnyRecord } from '../../../corpus/records.ts';
import { compressionExtension } from '../../../exports/compression.ts';
import { fileNameForOrder, writeOrderFile } from '../../../exports/index.ts';
import type { Section } from '../../../exports/text-encoding.ts';
import { walkMatches, WALK_START } from '../../corpus/search/keyset-walk.ts';
import { LeaseLostError } from '../fulfilment-errors.ts';
import { takeCorpusSnapshot } from '../order-manifest.service.ts';
import { orderPrivacyOf } from '../../privacy/order-privacy.service.ts';
import { parseCheckpoint } from './large-checkpoint.ts';
import { writeLargeParts } from './large-parts.ts';
import {
  compressionOf,
  fileColumnsOf,
  isResumable,
  prepareLargeSearch,
  transformRecords,
} from './large-records.ts';

/** How often a large order's progress (records written, percent, seconds left) is written. */
const PROGRESS_WRITE_INTERVAL_MS = 1_000;

/** What a fulfilment hands to the completion (as the standard path's produceFile does). */
export interface LargeDelivery {
  readonly recordsDelivered: number;
  readonly fileName: string;
  readonly fileKey: string;
  readonly fileSize: number;
  readonly fileSha256: string;
  readonly corpusSnapshot: string;
  readonly scrubCounts: string | null;
}

/**
 * Fulfils a claimed large order's file (docs/decisions/045-large-orders.md): the search walks its index in keyset
 * pages and each page is written as it is read, so memory stays flat whatever result_count is. JSON, NDJSON and CSV
 * are written in parts with a checkpoint after each (a restart resumes after the last one; the file is the parts
 * joined); Parquet and XLSX in one pass, started again from the first record after a restart. The delivered records
 * are kept as they are written (the completion does not hold a million ids); the caller completes the order.
 */
export async function produceLargeFile(
  deps: Deps,
  order: OrderRow,
  workerId: string,
  stop: { isLeaseLost: () => boolean; signal: AbortSignal },
): Promise<LargeDelivery> {
  const checkpoint =
    isResumable(order) && order.large_checkpoint !== null
      ? parseCheckpoint(order.large_checkpoint)
      : undefined;
  if (!checkpoint) {
    // From the first record: nothing of an earlier attempt is kept.
    await deps.storage.removeParts(order.id);
    await deleteOrderDelivery(deps.db, order.id);
  }
  const search = await prepareLargeSearch(deps, order);
  const privacy = await orderPrivacyOf(deps, order);
  const onProgress = progressReporter(deps, order, workerId, stop.isLeaseLost, checkpoint?.written ?? 0);
  const tempPath = await deps.storage.tempPath(`${order.id}.${order.attempts}`);
  let written: { records: number; sha256: string; scrub: string | null };
  if (isResumable(order)) {
    const run = { search, privacy, workerId, signal: stop.signal, onProgress };
    const done = checkpoint?.isDone ? checkpoint : await writeLargeParts(deps, order, checkpoint, run);
    const sha256 = await joinParts(await deps.storage.partsDir(order.id), done.parts, tempPath);
    written = {
      records: done.written,
      sha256,
      scrub: done.scrub === null ? null : JSON.stringify(done.scrub),
    };
  } else {
    const postsTarget = await search.postsTarget();
    let postsWritten = 0;
    const n = Number(order.result_count);
    async function* sectionRecords(section: Section): AsyncGenerator<AnyRecord> {
      const target = section === 'posts' ? postsTarget : n - postsWritten;
      let count = 0;
      if (target <= 0) return;
      for await (const page of walkMatches(deps.db, search.searchOf(section), WALK_START, stop.signal)) {
        const records = page.records.slice(0, target - count).map((keyed) => keyed.record);
        await keepDelivered(deps, order, section, records);
        count += records.length;
        if (section === 'posts') postsWritten = count;
        yield* transformRecords(deps, order, privacy, section, records);
        if (count >= target) return;
      }
    }
    const file = await writeOrderFile({
      format: order.format_type,
      searchType: order.search_type,
      posts: sectionRecords('posts') as AsyncIterable<never>,
      comments: sectionRecords('comments') as AsyncIterable<never>,
      threadContext: Number(order.include_context) === 1,
      filePath: tempPath,
      title: order.title,
      columns: fileColumnsOf(order),
      sampleSeed: order.sample_seed === null ? null : Number(order.sample_seed),
      onRecord: onProgress,
    });
    const scrub = privacy.scrubCounts;
    written = {
      records: file.records,
      sha256: file.sha256,
      scrub: scrub === null ? null : JSON.stringify(scrub),
    };
  }
  const compression = compressionOf(order);
  const seedSuffix = order.sample_seed === null ? '' : ` (seed ${order.sample_seed})`;
  const fileName = fileNameForOrder(order.title, order.format_type, seedSuffix, order.compression);
  const fileKey = `${order.id}-${order.attempts}.${order.format_type}${compressionExtension(compression)}`;
  const corpusSnapshot = JSON.stringify(await takeCorpusSnapshot(deps.db));
  const { size } = await deps.storage.commit(tempPath, fileKey);
  return {
    recordsDelivered: written.records,
    fileName,
    fileKey,
    fileSize: size,
    fileSha256: written.sha256,
    corpusSnapshot,
    scrubCounts: written.scrub,
  };
}

/** A page's records kept as delivered (Parquet and XLSX; a failed order's are deleted with its delivery). */
async function keepDelivered(
  deps: Deps,
  order: OrderRow,
  section: Section,
  records: readonly AnyRecord[],
): Promise<void> {
  const ids = records.map((record) => record.id);
  await withTransaction(deps.db, async (trx) => {
    await appendDeliveredRecords(trx, {
      orderId: order.id,
      userId: order.user_id,
      posts: section === 'posts' ? ids : [],
      comments: section === 'comments' ? ids : [],
    });
  });
}

/**
 * The progress callback: every PROGRESS_WRITE_INTERVAL_MS it stores the records written, the percentage and the
 * seconds left at this attempt's rate; a write that finds the lease gone (or a lease lost meanwhile) stops the work.
 */
function progressReporter(
  deps: Deps,
  order: OrderRow,
  workerId: string,
  isLeaseLost: () => boolean,
  writtenBefore: number,
) {
  const startedAt = Date.now();
  let lastAt = startedAt;
  const n = Number(order.result_count);
  return async (written: number) => {
    if (isLeaseLost()) throw new LeaseLostError();
    if (deps.config.worker.recordDelayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, deps.config.worker.recordDelayMs));
    const now = Date.now();
    if (now - lastAt < PROGRESS_WRITE_INTERVAL_MS) return;
    lastAt = now;
    const rate = (written - writtenBefore) / Math.max(0.001, (now - startedAt) / 1000);
    const isHeld = await updateLargeProgress(deps.db, {
      orderId: order.id,
      workerId,
      recordsWritten: written,
      progress: Math.min(99, Math.floor((written * 100) / Math.max(1, n))),
      etaSeconds: rate > 0 ? Math.ceil((n - written) / rate) : null,
      nowIso: deps.clock.now().toISOString(),
    });
    if (!isHeld) throw new LeaseLostError();
  };
}

/** Joins the parts 0 … count − 1 into `target` in order; the SHA-256 of the joined file. */
async function joinParts(dir: string, count: number, target: string): Promise<string> {
  const names = (await readdir(dir)).filter((name) => /^\d{6}\.part$/.test(name)).sort();
  if (names.length < count)
    throw new Error(`large order parts missing in ${dir}: ${names.length} of ${count}`);
  const hash = createHash('sha256');
  const out = createWriteStream(target);
  for (const name of names.slice(0, count)) {
    await pipeline(
      createReadStream(path.join(dir, name)),
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          if (out.write(chunk)) callback();
          else out.once('drain', () => callback());
        },
      }),
    );
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  const handle = await open(target, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}
