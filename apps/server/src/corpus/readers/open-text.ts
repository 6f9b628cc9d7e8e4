import { spawn } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';

export type Compression = 'none' | 'gzip' | 'zstd';

export interface OpenTextOptions {
  /** Called with the number of (compressed) file bytes read so far, for progress and ETA. */
  readonly onBytes?: (bytesRead: number) => void;
  /** The decompressor command; tests point it elsewhere. */
  readonly zstdCommand?: string;
}

const GZIP_MAGIC = [0x1f, 0x8b];
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

/** The file's compression, read from its magic bytes (the extension is only a fallback for unreadable headers). */
export async function detectCompression(file: string): Promise<Compression> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    const starts = (magic: number[]) => bytesRead >= magic.length && magic.every((b, i) => buffer[i] === b);
    if (starts(ZSTD_MAGIC)) return 'zstd';
    if (starts(GZIP_MAGIC)) return 'gzip';
    return 'none';
  } finally {
    await handle.close();
  }
}

/**
 * The file's text as UTF-8 chunks (split multi-byte characters are reassembled). `.zst` is decoded by the zstd CLI
 * with the 2 GiB window Pushshift files need (`zstd -dcq --long=31`), fed through stdin so that progress can count
 * compressed bytes; its stderr is surfaced and a non-zero exit is an error. Memory stays constant: the stream is
 * pulled, never buffered whole.
 */
export async function* openText(file: string, options: OpenTextOptions = {}): AsyncGenerator<string> {
  const compression = await detectCompression(file);
  let bytesRead = 0;
  const input = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  input.on('data', (chunk) => {
    bytesRead += chunk.length;
    options.onBytes?.(bytesRead);
  });
  if (compression === 'none') {
    input.setEncoding('utf8');
    yield* input as AsyncIterable<string>;
    return;
  }
  if (compression === 'gzip') {
    const gunzip = input.pipe(zlib.createGunzip());
    input.on('error', (error) => gunzip.destroy(error));
    gunzip.setEncoding('utf8');
    yield* gunzip as AsyncIterable<string>;
    return;
  }
  yield* zstdText(file, input, options.zstdCommand ?? 'zstd');
}

async function* zstdText(file: string, input: fs.ReadStream, command: string): AsyncGenerator<string> {
  const child = spawn(command, ['-dcq', '--long=31'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let spawnError: Error | undefined;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    if (stderr.length < 4000) stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      spawnError = error;
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  // zstd stopping early (a corrupt frame) closes its stdin: that is reported through the exit code, not EPIPE.
  child.stdin.on('error', () => undefined);
  input.on('error', (error) => child.stdout.destroy(error));
  input.pipe(child.stdin);
  child.stdout.setEncoding('utf8');
  let isDrained = false;
  try {
    yield* child.stdout as AsyncIterable<string>;
    isDrained = true;
  } finally {
    // Only a reader that stopped early (break, error) ends zstd; after a drained stdout zstd exits by itself.
    if (!isDrained && child.exitCode === null && child.signalCode === null) {
      input.destroy();
      child.kill();
    }
  }
  const code = await exited;
  if (spawnError) {
    const missing = (spawnError as NodeJS.ErrnoException).code === 'ENOENT';
    throw new Error(
      missing
        ? `cannot read ${file}: the zstd command is not installed (apt-get install -y zstd)`
        : `cannot read ${file}: ${spawnError.message}`,
    );
  }
  if (code !== 0) {
    throw new Error(`zstd could not decompress ${file} (exit ${code}): ${stderr.trim() || 'no message'}`);
  }
}
