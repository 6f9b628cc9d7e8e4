/** One JSON text cut out of a file, with the 1-based line it starts on. */
export interface JsonText {
  readonly text: string;
  readonly line: number;
}

/** The largest single JSON value held in memory at once (a whole API Listing, one array element…). */
export const MAX_VALUE_CHARS = 256 * 1024 * 1024;

/**
 * Cuts NDJSON chunks into lines (`\n` or `\r\n`; the last line may lack its newline). Blank lines are dropped.
 * Returns the lines completed by this chunk; call `end()` for the remainder.
 */
export class LineSplitter {
  private rest = '';
  private line = 0;

  push(chunk: string): JsonText[] {
    const out: JsonText[] = [];
    const buffer = this.rest ? this.rest + chunk : chunk;
    let start = 0;
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n', start)) {
      this.line += 1;
      const end = nl > start && buffer.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      if (end > start) out.push({ text: buffer.slice(start, end), line: this.line });
      start = nl + 1;
    }
    this.rest = buffer.slice(start);
    if (this.rest.length > MAX_VALUE_CHARS) throw new Error(`line ${this.line + 1} is longer than 256 MiB`);
    return out;
  }

  end(): JsonText[] {
    const text = this.rest.endsWith('\r') ? this.rest.slice(0, -1) : this.rest;
    this.rest = '';
    this.line += 1;
    return text.trim() ? [{ text, line: this.line }] : [];
  }
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const NEWLINE = 10;

/**
 * Cuts a stream of JSON documents that are not one-per-line (a pretty-printed Listing, a JSON array, several
 * concatenated values) into values without parsing them: each top-level array is opened and its elements come out
 * one by one, every other top-level value comes out whole. So a huge JSON array streams in constant memory and only
 * a single value larger than MAX_VALUE_CHARS is refused. Malformed text comes out as text JSON.parse rejects.
 */
export class JsonValueSplitter {
  private depth = 0;
  private inString = false;
  private isEscaped = false;
  private isInTopArray = false;
  private parts: string[] = [];
  private partsLength = 0;
  private isInValue = false;
  private valueLine = 0;
  private line = 1;

  push(chunk: string): JsonText[] {
    const out: JsonText[] = [];
    let start = this.isInValue ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === NEWLINE) this.line += 1;
      if (this.inString) {
        if (this.isEscaped) this.isEscaped = false;
        else if (c === BACKSLASH) this.isEscaped = true;
        else if (c === QUOTE) this.inString = false;
        continue;
      }
      if (c <= 32) continue;
      const valueDepth = this.isInTopArray ? 1 : 0;
      if (this.depth === valueDepth && this.isInValue && (c === COMMA || c === CLOSE_BRACKET)) {
        out.push(this.finish(chunk, start, i));
        start = -1;
      }
      if (this.depth === 0 && c === OPEN_BRACKET && !this.isInValue) {
        this.isInTopArray = true;
        this.depth = 1;
        continue;
      }
      if (this.depth === valueDepth && this.isInTopArray && (c === COMMA || c === CLOSE_BRACKET)) {
        if (c === CLOSE_BRACKET) {
          this.isInTopArray = false;
          this.depth = 0;
        }
        continue;
      }
      if (!this.isInValue) {
        this.isInValue = true;
        this.valueLine = this.line;
        start = i;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth += 1;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) this.depth -= 1;
      if (this.depth < valueDepth) {
        // A stray closing bracket: cut here so the bad text stays one bad value instead of swallowing the rest.
        out.push(this.finish(chunk, start, i + 1));
        start = -1;
        this.depth = valueDepth;
        continue;
      }
      if (this.depth === valueDepth && (c === CLOSE_BRACE || c === CLOSE_BRACKET) && !this.isInTopArray) {
        out.push(this.finish(chunk, start, i + 1));
        start = -1;
      }
    }
    if (this.isInValue && start !== -1) this.keep(chunk.slice(start));
    return out;
  }

  end(): JsonText[] {
    if (!this.isInValue) return [];
    const text = this.parts.join('');
    this.reset();
    return [{ text, line: this.valueLine }];
  }

  private finish(chunk: string, start: number, end: number): JsonText {
    if (start !== -1) this.keep(chunk.slice(start, end));
    const text = this.parts.join('');
    const line = this.valueLine;
    this.reset();
    return { text, line };
  }

  private keep(piece: string) {
    this.parts.push(piece);
    this.partsLength += piece.length;
    if (this.partsLength > MAX_VALUE_CHARS) {
      throw new Error(`the JSON value starting on line ${this.valueLine} is larger than 256 MiB`);
    }
  }

  private reset() {
    this.parts = [];
    this.partsLength = 0;
    this.isInValue = false;
  }
}
