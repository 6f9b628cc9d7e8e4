// The tables of bench:scale (bench/scale.ts): percentiles, the ingest, query and health tables against their targets,
// and writing the Scale section into bench/RESULTS.md.
import type { IngestBenchResult } from './corpus-ingest.ts';
import { SCALE_QUERIES } from './scale-queries.ts';

export const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
export const percentile = (values: number[], p: number) =>
  values.length === 0 ? NaN : sorted(values)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
export const ms = (value: number) =>
  Number.isNaN(value) ? '–' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const num = (value: number) => Math.round(value).toLocaleString('en-US');

export interface QueryResult {
  readonly searchMs: number[];
  readonly dryRunMs: number[];
  /** create → completed through the API and its worker (indexed queries; absent in runs saved before issue 36) */
  readonly completedMs?: number[];
  readonly matches: number;
  readonly isExact: boolean;
  readonly low: number;
  readonly high: number;
  readonly ids: string;
  /** dry runs that did not answer 200 */
  readonly failures: number;
}

export interface DialectResult {
  readonly label: string;
  readonly ingest: IngestBenchResult | undefined;
  readonly ingestNote: string;
  readonly sizeBytes: number;
  readonly queries: QueryResult[];
  readonly healthIdle: number[];
  readonly healthHostile: number[];
  readonly hostileDryRuns: number;
  readonly hostileFailures: number;
}

/** A bulk load's two parts, for the ingest cell; records/s is over both. */
export const bulkNote = (ingest: IngestBenchResult) =>
  ingest.bulk
    ? `; bulk: load ${ingest.bulk.loadSeconds.toFixed(0)} s + index build ${ingest.bulk.indexSeconds.toFixed(0)} s`
    : '';

export const target = (met: boolean) => (met ? 'met' : '**missed**');

export function table(results: DialectResult[], parsePerSecond: number): string[] {
  const lines: string[] = [];
  const ingestColumns = [
    'database',
    'records',
    'ingest',
    'records/s',
    'JSON.parse records/s',
    'ratio',
    'database size',
    'target ≥ 60,000/s',
  ];
  lines.push(`| ${ingestColumns.join(' | ')} |`, `|${ingestColumns.map(() => ' --- |').join('')}`);
  for (const r of results) {
    const rate = r.ingest?.recordsPerSecond ?? NaN;
    lines.push(
      `| ${r.label} | ${r.ingest ? num(r.ingest.records) : '–'} | ${r.ingest ? `${r.ingest.seconds.toFixed(0)} s (${r.ingestNote})` : '–'} | ` +
        `${num(rate)} | ${num(parsePerSecond)} | ${(rate / parsePerSecond).toFixed(2)} | ${(r.sizeBytes / 2 ** 30).toFixed(1)} GiB | ` +
        `${target(rate >= 60_000)} |`,
    );
  }
  lines.push('');
  const columns = ['query'];
  for (const r of results)
    columns.push(
      `${r.label} matches`,
      `${r.label} order search p50 / p95`,
      `${r.label} create → completed p50 / p95`,
      `${r.label} dry run p50 / p95`,
    );
  columns.push('targets');
  lines.push(`| ${columns.join(' | ')} |`, `|${columns.map(() => ' --- |').join('')}`);
  SCALE_QUERIES.forEach((query, i) => {
    const cells = [query.name.replace(/\|/g, '\\|')];
    const checks: boolean[] = [];
    for (const r of results) {
      const q = r.queries[i];
      if (!q) {
        cells.push('–', '–', '–', '–');
        continue;
      }
      const completed = q.completedMs ?? [];
      const completed95 = percentile(completed, 95);
      const search95 = percentile(q.searchMs, 95);
      const dry95 = percentile(q.dryRunMs, 95);
      cells.push(
        q.isExact ? `${num(q.matches)} (exact)` : `≈ ${num(q.matches)} (${num(q.low)}–${num(q.high)})`,
        `${ms(percentile(q.searchMs, 50))} / ${ms(search95)} (${q.searchMs.length} runs)`,
        completed.length === 0
          ? '–'
          : `${ms(percentile(completed, 50))} / ${ms(completed95)} (${completed.length} orders)`,
        `${ms(percentile(q.dryRunMs, 50))} / ${ms(dry95)}${q.failures > 0 ? ` (${q.failures} not 200)` : ''}`,
      );
      checks.push(dry95 <= 1000);
      if (query.isIndexed) checks.push(dry95 <= 300, search95 <= 2000);
      if (query.isIndexed && completed.length > 0) checks.push(completed95 <= 2000);
    }
    cells.push(
      query.isIndexed
        ? `dry run ≤ 300 ms, order and create → completed ≤ 2 s: ${target(checks.every(Boolean))}`
        : `dry run ≤ 1 s: ${target(checks.every(Boolean))}`,
    );
    lines.push(`| ${cells.join(' | ')} |`);
  });
  lines.push('');
  lines.push(
    '| database | health p99 idle | health p99, 4 hostile dry runs | ratio | hostile dry runs answered | target ≤ 100 ms and ≤ 2× idle |',
  );
  lines.push('| --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const idle = percentile(r.healthIdle, 99);
    const busy = percentile(r.healthHostile, 99);
    lines.push(
      `| ${r.label} | ${ms(idle)} (${r.healthIdle.length} requests) | ${ms(busy)} (${r.healthHostile.length}) | ` +
        `${(busy / idle).toFixed(2)}× | ${r.hostileDryRuns}${r.hostileFailures > 0 ? ` (${r.hostileFailures} not 200)` : ''} | ` +
        `${target(busy <= 100 && busy <= 2 * idle)} |`,
    );
  }
  return lines;
}
