import { open, type FileHandle } from 'node:fs/promises';

// Text is gathered into chunks of about this many UTF-16 units before one write to the file.
const CHUNK_CHARS = 64 * 1024;

/**
 * A buffered text writer over one file. `push` only gathers; `flushIfFull` writes when a chunk is full and waits
 * for the write, which is what keeps memory flat: at most one chunk is ever held.
 */
export class FileSink {
  #parts: string[] = [];
  #chars = 0;
  #bytes = 0;

  private constructor(readonly handle: FileHandle) {}

  /** Creates (or truncates) the file. */
  static async create(filePath: string): Promise<FileSink> {
    return new FileSink(await open(filePath, 'w'));
  }

  /** Bytes written to the file so far. */
  get bytes(): number {
    return this.#bytes;
  }

  push(text: string): void {
    this.#parts.push(text);
    this.#chars += text.length;
  }

  async flushIfFull(): Promise<void> {
    if (this.#chars >= CHUNK_CHARS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#parts.length === 0) return;
    const buffer = Buffer.from(this.#parts.join(''), 'utf8');
    this.#parts = [];
    this.#chars = 0;
    let offset = 0;
    while (offset < buffer.length) {
      const { bytesWritten } = await this.handle.write(buffer, offset);
      offset += bytesWritten;
    }
    this.#bytes += buffer.length;
  }

  /** Writes what is left, fsyncs and closes; the file is complete on disk when this resolves. */
  async finish(): Promise<number> {
    await this.flush();
    await this.handle.sync();
    await this.handle.close();
    return this.#bytes;
  }

  /** Closes the file without flushing; used on failure, before the partial file is removed. */
  async abort(): Promise<void> {
    this.#parts = [];
    await this.handle.close().catch(() => undefined);
  }
}
