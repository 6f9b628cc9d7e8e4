import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Compression } from '@threadcart/contracts';
import { createCompressor } from './compression.ts';

// Text is gathered into chunks of about this many UTF-16 units before one write to the compressor.
const CHUNK_CHARS = 64 * 1024;

/**
 * One part of a large order's file: text in, compressed (one gzip member or zstd frame, or as is) into `filePath`.
 * `write` waits while the compressor is behind, so at most a chunk and the streams' buffers are held.
 */
export class PartWriter {
  #pending: string[] = [];
  #chars = 0;
  readonly #compressor;
  readonly #done: Promise<void>;

  private constructor(
    readonly filePath: string,
    compression: Compression,
  ) {
    this.#compressor = createCompressor(compression);
    this.#done = pipeline(this.#compressor, createWriteStream(filePath));
    // Seen by finish() or abort(); not an unhandled rejection meanwhile.
    this.#done.catch(() => undefined);
  }

  static open(filePath: string, compression: Compression): PartWriter {
    return new PartWriter(filePath, compression);
  }

  async write(text: string): Promise<void> {
    this.#pending.push(text);
    this.#chars += text.length;
    if (this.#chars >= CHUNK_CHARS) await this.#flush();
  }

  async #flush(): Promise<void> {
    if (this.#pending.length === 0) return;
    const text = this.#pending.join('');
    this.#pending = [];
    this.#chars = 0;
    if (!this.#compressor.write(text, 'utf8'))
      await Promise.race([once(this.#compressor, 'drain'), this.#done]);
  }

  /** Writes the rest, ends the compressed stream and fsyncs the file; its size in bytes. */
  async finish(): Promise<number> {
    await this.#flush();
    this.#compressor.end();
    await this.#done;
    const handle = await open(this.filePath, 'r+');
    try {
      await handle.sync();
      return (await handle.stat()).size;
    } finally {
      await handle.close();
    }
  }

  /** Stops writing (the caller removes the file). */
  async abort(): Promise<void> {
    this.#pending = [];
    this.#compressor.destroy();
    await this.#done.catch(() => undefined);
  }
}
