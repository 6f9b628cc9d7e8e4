import path from 'node:path';
import { readdir, rm } from 'node:fs/promises';
import { CONTEXT_COLUMNS } from '../../../corpus/records.ts';
import { withTransaction } from '../../../db/database.ts';
import { appendDeliveredRecords } from '../../../db/repositories/orders/delivered-records.repository.ts';
import { saveLargeCheckpoint } from '../../../db/repositories/orders/orders.repository.ts';
import type { OrderRow } from '../../../db/tables/orders.tables.ts';
import type { Deps } from '../../../deps.ts';
import { PartWriter } from '../../../exports/part-writer.ts';
import {
  sectionsOf,
  textEncodingOf,
  type Section,
  type TextEncoding,
} from '../../../exports/text-encoding.ts';
import type { OrderPrivacy } from '../../../exports/privacy/order-privacy.ts';
import { walkMatches, WALK_START } from '../../corpus/search/keyset-walk.ts';
import { LeaseLostError } from '../fulfilment-errors.ts';
import { addScrubCounts, serialiseCheckpoint, type LargeCheckpoint } from './large-checkpoint.ts';
import { compressionOf, fileColumnsOf, transformRecords, type LargeSearch } from './large-records.ts';

/** What the parts writer is given besides the order: its search, its privacy, progress, and a stop. */
export interface PartsRun {
  readonly search: LargeSearch;
  readonly privacy: OrderPrivacy;
  readonly workerId: string;
  readonly signal: AbortSignal;
  /** called after each record with the records written so far (throttled by the caller; throws to stop) */
  readonly onProgress: (written: number) => Promise<void>;
}

/** A part's file name: numbered, so that the parts join in order. */
export const partFileName = (index: number) => `${String(index).padStart(6, '0')}.part`;

/**
 * Writes a JSON, NDJSON or CSV large order as parts of `partRecords` records each (compressed one by one), from its
 * checkpoint on (`from`; none: the first record). After each part, one transaction keeps the part's delivered
 * records and the new checkpoint (conditional on the lease), so a restart finds the parts that the checkpoint names
 * and the records they hold, and goes on after the last key (docs/decisions/045-large-orders.md). Resolves with the
 * final checkpoint (isDone) once every part is written.
 */
export async function writeLargeParts(
  deps: Deps,
  order: OrderRow,
  from: LargeCheckpoint | undefined,
  run: PartsRun,
): Promise<LargeCheckpoint> {
  const format = order.format_type as 'json' | 'ndjson' | 'csv';
  const partRecords = deps.config.largeOrders.partRecords;
  const n = Number(order.result_count);
  const dir = await deps.storage.partsDir(order.id);
  await removePartsFrom(dir, from?.parts ?? 0);
  const sections = sectionsOf(order.search_type);
  const postsTarget = from?.postsTarget ?? (await run.search.postsTarget());
  let state: LargeCheckpoint = from ?? {
    parts: 0,
    written: 0,
    posts: 0,
    comments: 0,
    section: sections[0]!,
    position: WALK_START,
    postsTarget,
    isSample: false,
    scrub: null,
    isDone: false,
  };
  const scrubBefore = state.scrub;
  const columns = fileColumnsOf(order);
  const contextColumns =
    Number(order.include_context) === 1 && order.search_type !== 'posts' ? CONTEXT_COLUMNS : [];
  const encodingOf = (isSample: boolean) =>
    textEncodingOf(format, { searchType: order.search_type, isSample, columns, contextColumns });
  // The layout waits for the first record, which says whether the file holds sample data (as writeOrderFile does).
  let encoding: TextEncoding | undefined = from ? encodingOf(from.isSample) : undefined;
  const deferred: ((encoding: TextEncoding) => string)[] = [];
  let part = PartWriter.open(path.join(dir, partFileName(state.parts)), compressionOf(order));
  let ids: Record<Section, string[]> = { posts: [], comments: [] };
  let inPart = 0;
  const emit = async (text: (encoding: TextEncoding) => string) => {
    if (encoding) await part.write(text(encoding));
    else deferred.push(text);
  };
  const fixEncoding = async (isSample: boolean) => {
    encoding = encodingOf(isSample);
    state = { ...state, isSample };
    for (const text of deferred.splice(0)) await part.write(text(encoding));
  };
  const finishPart = async (isDone: boolean) => {
    await part.finish();
    const next: LargeCheckpoint = {
      ...state,
      parts: state.parts + 1,
      scrub: addScrubCounts(scrubBefore, run.privacy.scrubCounts),
      isDone,
    };
    await withTransaction(deps.db, async (trx) => {
      await appendDeliveredRecords(trx, { orderId: order.id, userId: order.user_id, ...ids });
      const isHeld = await saveLargeCheckpoint(trx, {
        orderId: order.id,
        workerId: run.workerId,
        checkpoint: serialiseCheckpoint(next),
        recordsWritten: next.written,
        progress: Math.min(99, Math.floor((next.written * 100) / Math.max(1, n))),
        etaSeconds: null,
        nowIso: deps.clock.now().toISOString(),
      });
      if (!isHeld) throw new LeaseLostError();
    });
    state = next;
    ids = { posts: [], comments: [] };
    inPart = 0;
    if (!isDone) part = PartWriter.open(path.join(dir, partFileName(state.parts)), compressionOf(order));
  };
  try {
    for (let s = sections.indexOf(state.section); s < sections.length; s += 1) {
      const section = sections[s]!;
      // A resumed section was opened in an earlier part (a checkpoint follows a record of it).
      if (!from || section !== from.section) {
        await emit((e) => e.before(section));
        state = { ...state, section, position: WALK_START };
      }
      const target = section === 'posts' ? postsTarget : n - state.posts;
      if (state[section] < target) {
        const walk = walkMatches(deps.db, run.search.searchOf(section), state.position, run.signal);
        for await (const page of walk) {
          const keyed = page.records.slice(0, target - state[section]);
          // A chunk never crosses a part's end, so the privacy's counts at a checkpoint are of the written records.
          for (let start = 0; start < keyed.length;) {
            const chunk = keyed.slice(start, start + (partRecords - inPart));
            let i = 0;
            for await (const record of transformRecords(
              deps,
              order,
              run.privacy,
              section,
              chunk.map((k) => k.record),
            )) {
              if (!encoding) await fixEncoding(record.is_sample === true);
              await part.write(encoding!.record(section, record, state[section]));
              ids[section].push(record.id);
              const position = { rangeIndex: page.rangeIndex, after: chunk[i]!.key };
              state = { ...state, [section]: state[section] + 1, written: state.written + 1, position };
              i += 1;
              inPart += 1;
              await run.onProgress(state.written);
            }
            start += chunk.length;
            if (inPart === partRecords) await finishPart(false);
          }
          if (state[section] >= target) break;
        }
      }
      const count = state[section];
      await emit((e) => e.after(section, count));
    }
    if (!encoding) await fixEncoding(false);
    await finishPart(true);
    return state;
  } catch (error) {
    await part.abort();
    throw error;
  }
}

/** Removes the part files from `index` on: what an interrupted attempt wrote after its last checkpoint. */
async function removePartsFrom(dir: string, index: number): Promise<void> {
  const names = await readdir(dir);
  const stale = names.filter((name) => !/^\d{6}\.part$/.test(name) || Number(name.slice(0, 6)) >= index);
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
}
