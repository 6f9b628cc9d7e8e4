import path from 'node:path';
import type { IngestProgress, IngestSummary } from '../services/corpus/ingest/corpus-ingest.service.ts';

const number = (n: number) => Math.round(n).toLocaleString('en-US');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * A one-line progress bar for a terminal (records, records/s, ETA from the compressed bytes read), redrawn at most
 * every 200 ms with a carriage return, and cleared before the summary is printed.
 */
export function createProgressBar(write: (text: string) => void, now: () => number = Date.now) {
  const started = now();
  let lastDraw = 0;
  let width = 0;
  return {
    update(progress: IngestProgress, force = false) {
      const t = now();
      if (!force && t - lastDraw < 200) return;
      lastDraw = t;
      const elapsed = Math.max((t - started) / 1000, 0.001);
      const fraction = progress.bytesTotal > 0 ? Math.min(progress.bytesRead / progress.bytesTotal, 1) : 0;
      const eta = fraction > 0 ? (elapsed / fraction) * (1 - fraction) : NaN;
      const filled = Math.round(fraction * 24);
      const line =
        `[${'#'.repeat(filled)}${'-'.repeat(24 - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}% ` +
        `${number(progress.read)} records · ${number(progress.read / elapsed)} records/s · ETA ${duration(eta)} · ` +
        `${path.basename(progress.file)} (${progress.fileIndex + 1}/${progress.fileCount})`;
      write(`\r${line.padEnd(width)}`);
      width = line.length;
    },
    clear() {
      if (width > 0) write(`\r${' '.repeat(width)}\r`);
      width = 0;
    },
  };
}

/** The one summary line: read, inserted, updated, unchanged, skipped with reasons and the first places. */
export function formatSummary(summary: IngestSummary, seconds: number): string {
  const skipped = Object.values(summary.skipped).reduce((sum, n) => sum + (n ?? 0), 0);
  const reasons = Object.entries(summary.skipped).map(
    ([reason, count]) =>
      `${reason} ${number(count ?? 0)}: ${summary.firstSkippedLines[reason as 'invalid_json']?.join(', ')}`,
  );
  const rate = seconds > 0 ? ` (${seconds.toFixed(1)} s, ${number(summary.read / seconds)} records/s)` : '';
  return (
    `Ingested ${summary.files} file${summary.files === 1 ? '' : 's'}: read ${number(summary.read)}, ` +
    `inserted ${number(summary.inserted)}, updated ${number(summary.updated)}, ` +
    `unchanged ${number(summary.unchanged)}, skipped ${number(skipped)}` +
    (reasons.length ? ` (${reasons.join('; ')})` : '') +
    (summary.errors.length
      ? `, ${summary.errors.length} file error${summary.errors.length === 1 ? '' : 's'}`
      : '') +
    rate
  );
}
