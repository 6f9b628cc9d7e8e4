/** What the writers accept as records: an array, any iterable, or an async iterable such as a database cursor. */
export type RecordInput<T> = AsyncIterable<T> | Iterable<T>;

/**
 * One pass over a record input whose first record can be looked at before the pass starts. The iterator is
 * opened on first use (so a cursor is not opened before it is needed) and closed when the pass stops early.
 */
export class RecordSource<T> {
  readonly #input: RecordInput<T>;
  #iterator: AsyncIterator<T> | Iterator<T> | undefined;
  #peeked: IteratorResult<T> | undefined;
  #isDone = false;

  constructor(input: RecordInput<T>) {
    this.#input = input;
  }

  /** The input as an array when it is one, so callers can inspect it without consuming anything. */
  get array(): readonly T[] | undefined {
    return Array.isArray(this.#input) ? (this.#input as readonly T[]) : undefined;
  }

  /** The first record without consuming it; undefined when the input is empty. */
  async peek(): Promise<T | undefined> {
    this.#peeked ??= await this.#advance();
    return this.#peeked.done ? undefined : this.#peeked.value;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    try {
      for (;;) {
        const result = this.#peeked ?? (await this.#advance());
        this.#peeked = undefined;
        if (result.done) return;
        yield result.value;
      }
    } finally {
      await this.close();
    }
  }

  /** Closes an opened, unfinished iterator (a generator's finally runs, a cursor is released); idempotent. */
  async close(): Promise<void> {
    if (this.#iterator === undefined || this.#isDone) return;
    this.#isDone = true;
    await this.#iterator.return?.();
  }

  async #advance(): Promise<IteratorResult<T>> {
    this.#iterator ??= openIterator(this.#input);
    const result = await this.#iterator.next();
    if (result.done) this.#isDone = true;
    return result;
  }
}

function openIterator<T>(input: RecordInput<T>): AsyncIterator<T> | Iterator<T> {
  if (Symbol.asyncIterator in input) return input[Symbol.asyncIterator]();
  return input[Symbol.iterator]();
}
