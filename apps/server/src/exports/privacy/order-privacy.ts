import { createHmac } from 'node:crypto';
import { DELETED_AUTHOR, type AuthorMode, type ScrubCounts, type ScrubKind } from '@threadcart/contracts';
import { asciiLower } from '@threadcart/contracts';
import type { CommentRecord, PostRecord } from '../../corpus/records.ts';
import type { RecordInput } from '../record-source.ts';
import { TextPass } from './text-pass.ts';

/** Records transformed per batch: one RE2 call covers every text of the batch. */
export const PRIVACY_BATCH = 256;

export interface OrderPrivacyOptions {
  readonly authors: AuthorMode;
  /** the HMAC key of the pseudonyms (per order, or the buyer's own); needed when authors is pseudonymised */
  readonly secret?: string;
  readonly scrub: readonly ScrubKind[];
}

/**
 * An order's privacy options applied to its records as they stream to the writer (docs/decisions/036): authors kept,
 * pseudonymised (`user_` + 12 hex digits of HMAC-SHA-256 of the name's key under the secret: one person, one
 * pseudonym, in `author`, thread context, top comments and u/name mentions) or omitted (empty); `[deleted]` stays;
 * the texts scrubbed of the chosen kinds. Records are transformed PRIVACY_BATCH at a time.
 */
export class OrderPrivacy {
  readonly #options: OrderPrivacyOptions;
  readonly #pseudonyms = new Map<string, string>();
  readonly #texts: TextPass;

  constructor(options: OrderPrivacyOptions) {
    if (options.authors === 'pseudonymised' && !options.secret)
      throw new Error('pseudonymised authors need a secret');
    this.#options = options;
    this.#texts = new TextPass({
      scrub: new Set(options.scrub),
      ...(options.authors === 'pseudonymised' ? { pseudonymOf: this.pseudonymOf } : {}),
    });
  }

  /** Whether the options change the records at all (as_is and no scrub: they pass untouched). */
  get isActive(): boolean {
    return this.#options.authors !== 'as_is' || this.#texts.isActive;
  }

  /** The replacements made so far by token; null when nothing is scrubbed. */
  get scrubCounts(): ScrubCounts | null {
    return this.#options.scrub.length === 0 ? null : { ...this.#texts.counts };
  }

  /** The pseudonym of a name (case-insensitive, as Reddit names are). */
  readonly pseudonymOf = (name: string): string => {
    const key = asciiLower(name);
    let pseudonym = this.#pseudonyms.get(key);
    if (pseudonym === undefined) {
      const hex = createHmac('sha256', this.#options.secret!).update(key).digest('hex');
      pseudonym = `user_${hex.slice(0, 12)}`;
      this.#pseudonyms.set(key, pseudonym);
    }
    return pseudonym;
  };

  #author(name: string): string {
    if (name === DELETED_AUTHOR || this.#options.authors === 'as_is') return name;
    return this.#options.authors === 'omitted' ? '' : this.pseudonymOf(name);
  }

  /** The posts, transformed batch by batch (untouched when the options change nothing). */
  posts(input: RecordInput<PostRecord>): RecordInput<PostRecord> {
    return this.isActive ? this.#inBatches(input, (batch) => this.#posts(batch)) : input;
  }

  /** The comments, transformed batch by batch (untouched when the options change nothing). */
  comments(input: RecordInput<CommentRecord>): RecordInput<CommentRecord> {
    return this.isActive ? this.#inBatches(input, (batch) => this.#comments(batch)) : input;
  }

  async *#inBatches<T>(input: RecordInput<T>, transform: (batch: T[]) => T[]): AsyncGenerator<T> {
    let batch: T[] = [];
    for await (const record of input) {
      batch.push(record);
      if (batch.length >= PRIVACY_BATCH) {
        yield* transform(batch);
        batch = [];
      }
    }
    if (batch.length > 0) yield* transform(batch);
  }

  #posts(batch: PostRecord[]): PostRecord[] {
    const texts = new TextBatch();
    const out = batch.map((post) => {
      const copy: PostRecord = { ...post, author: this.#author(post.author) };
      texts.add(copy, 'title');
      texts.add(copy, 'selftext');
      texts.add(copy, 'url');
      texts.add(copy, 'flair');
      if (post.top_comments)
        copy.top_comments = post.top_comments.map((comment) => {
          const top = { ...comment, author: this.#author(comment.author) };
          texts.add(top, 'body');
          return top;
        });
      return copy;
    });
    texts.apply(this.#texts);
    return out;
  }

  #comments(batch: CommentRecord[]): CommentRecord[] {
    const texts = new TextBatch();
    const out = batch.map((comment) => {
      const copy: CommentRecord = { ...comment, author: this.#author(comment.author) };
      texts.add(copy, 'body');
      if (comment.context) {
        const post = { ...comment.context.post };
        if (post.title !== null) texts.add(post as { title: string }, 'title');
        const parents = comment.context.parents.map((parent) => {
          const copied = { ...parent, author: this.#author(parent.author) };
          texts.add(copied, 'body');
          return copied;
        });
        copy.context = { ...comment.context, post, parents };
      }
      return copy;
    });
    texts.apply(this.#texts);
    return out;
  }
}

/** The text fields of one batch, gathered to go through the pass in one call and written back in place. */
class TextBatch {
  readonly #targets: { object: Record<string, unknown>; field: string }[] = [];
  readonly #texts: string[] = [];

  add<T extends object>(object: T, field: keyof T & string): void {
    const value = (object as Record<string, unknown>)[field];
    if (typeof value !== 'string' || value === '') return;
    this.#targets.push({ object: object as Record<string, unknown>, field });
    this.#texts.push(value);
  }

  apply(pass: TextPass): void {
    if (!pass.isActive) return;
    const replaced = pass.run(this.#texts);
    this.#targets.forEach(({ object, field }, i) => {
      object[field] = replaced[i];
    });
  }
}
