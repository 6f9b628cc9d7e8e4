import { spawn, spawnSync } from 'node:child_process';
import { createGzip } from 'node:zlib';
import { Duplex, PassThrough, type Transform } from 'node:stream';
import type { Compression } from '@threadcart/contracts';

// A large order's JSON, NDJSON and CSV files are compressed (docs/decisions/045-large-orders.md). Node 20's zlib has
// no zstd: the `zstd` command compresses, when the machine has it.

const ZSTD_LEVEL = '-3';
let zstdAvailable: boolean | undefined;

/** Whether the `zstd` command runs here (checked once). */
export function isZstdAvailable(): boolean {
  zstdAvailable ??= spawnSync('zstd', ['--version'], { stdio: 'ignore' }).status === 0;
  return zstdAvailable;
}

/**
 * A stream that compresses what is written to it: one gzip member or one zstd frame. Members and frames written one
 * after the other make one valid file (RFC 1952 §2.2; zstd's format): a file's parts are compressed one by one.
 */
export function createCompressor(compression: Compression): Transform | Duplex {
  if (compression === 'gzip') return createGzip({ level: 6 });
  if (compression === 'none') return new PassThrough();
  const child = spawn('zstd', [ZSTD_LEVEL, '-q', '-c', '-'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const duplex = Duplex.from({ writable: child.stdin, readable: child.stdout });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) duplex.destroy(new Error(`zstd exited with ${code}`));
  });
  child.on('error', (error) => duplex.destroy(error));
  return duplex;
}

/** The extension a compressed file adds after its format's (`.ndjson.gz`). */
export function compressionExtension(compression: Compression | null): string {
  return compression === 'gzip' ? '.gz' : compression === 'zstd' ? '.zst' : '';
}

/** The Content-Type of a compressed file: the compression's (the format is in the name). */
export function compressedContentType(compression: Compression | null): string | undefined {
  return compression === 'gzip'
    ? 'application/gzip'
    : compression === 'zstd'
      ? 'application/zstd'
      : undefined;
}
