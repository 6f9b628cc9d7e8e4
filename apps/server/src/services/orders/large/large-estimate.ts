import { gzipSync } from 'node:zlib';
import type { Compression, LargeOrderEstimate } from '@threadcart/contracts';
import type { Deps } from '../../../deps.ts';
import type { AnyRecord } from '../../../corpus/records.ts';
import { csvRowText } from '../../../exports/csv-writer.ts';
import { jsonRecordText } from '../../../exports/json-writer.ts';
import type { ValidOrderRequest } from '../order-request.ts';

/** What the dry run found that the estimate needs: the count and the sample records (each with its kind). */
export interface DryRunFound {
  readonly matches: number;
  readonly isCapped: boolean;
  readonly isEstimate: boolean;
  readonly sample: readonly (AnyRecord & { type: 'post' | 'comment' })[];
}

/**
 * What a large order will be (docs/decisions/045-large-orders.md), for a dry run that says `"size": "large"`: the
 * records it would deliver, the credits it reserves, each text format's expected size (the sample's mean encoded
 * size per record times the records, times the sample's gzip ratio when compressed: a handful of records compress
 * worse than a whole file, so this errs large) and about how long it takes at LARGE_ORDER_RECORDS_PER_SECOND. Parquet
 * is taken as the compressed CSV's size (columnar and compressed, it lands near it).
 */
export function estimateLargeOrder(
  deps: Deps,
  request: ValidOrderRequest,
  found: DryRunFound,
): LargeOrderEstimate {
  const records = Math.min(request.resultCount, found.matches);
  const compression: Compression = request.compression ?? 'gzip';
  const mean = (encode: (record: AnyRecord & { type: 'post' | 'comment' }) => string) => {
    if (found.sample.length === 0) return { bytes: 0, ratio: 1 };
    const text = found.sample.map(encode).join('');
    const bytes = Buffer.byteLength(text, 'utf8');
    return { bytes: bytes / found.sample.length, ratio: gzipSync(text).length / Math.max(1, bytes) };
  };
  const columnsOf = (record: { type: 'post' | 'comment' }) =>
    record.type === 'post' ? request.fileColumns.posts : request.fileColumns.comments;
  const json = mean((record) => jsonRecordText(record, columnsOf(record), false) + ',\n');
  const csv = mean((record) =>
    csvRowText(record, { columns: columnsOf(record), context: [], isSample: false }),
  );
  const sized = (mean: { bytes: number; ratio: number }, as: Compression) =>
    Math.round(records * mean.bytes * (as === 'none' ? 1 : mean.ratio));
  return {
    records,
    records_is_estimate: found.isEstimate || (found.isCapped && request.resultCount > found.matches),
    credits: request.resultCount,
    files: [
      { format_type: 'json', compression, bytes: sized(json, compression) },
      { format_type: 'ndjson', compression, bytes: sized(json, compression) },
      { format_type: 'csv', compression, bytes: sized(csv, compression) },
      { format_type: 'parquet', compression: 'none', bytes: sized(csv, 'gzip') },
    ],
    seconds: Math.max(1, Math.ceil(records / deps.config.largeOrders.recordsPerSecond)),
  };
}
