import { SCRUB_TOKENS, type ScrubCounts, type ScrubKind } from '@threadcart/contracts';
import RE2 from 're2';
import { combinedPattern, isPhoneNumber, type PatternKind } from './scrub-patterns.ts';

/**
 * Joins a batch's texts for one RE2 pass: a control character no pattern can match across (a text holding it after all
 * is passed alone). Not NUL: node-re2 mishandles it inside a string.
 */
const SEPARATOR = '\u0001';
/** The length of text one RE2 call receives (measured: 4-16 KiB is the fastest; 100 KiB is twice as slow). */
const JOIN_CHARS = 8192;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;
const PROFILE_PATH = /\/(u|user)\/([A-Za-z0-9_-]{2,20})/gi;

export interface TextPassOptions {
  readonly scrub: ReadonlySet<ScrubKind>;
  /** u/name mentions (and profile links) become the name's pseudonym; absent: mentions stay unless scrubbed */
  readonly pseudonymOf?: (name: string) => string;
}

/**
 * The text side of an order's privacy options (docs/decisions/036): one combined RE2 pattern over a batch of texts
 * (joined, so a batch costs one call into RE2 whatever its size) replaces e-mail addresses, links, phone numbers
 * and u/name mentions with their tokens, or a mention (and a profile link) with the name's pseudonym. Counts the
 * replacements by token.
 */
export class TextPass {
  readonly counts: ScrubCounts = { email: 0, phone: 0, url: 0, user: 0 };
  readonly #pattern: RE2 | undefined;
  readonly #groups: Partial<Record<PatternKind, number>>;
  readonly #options: TextPassOptions;

  constructor(options: TextPassOptions) {
    this.#options = options;
    const kinds = new Set<PatternKind>();
    if (options.scrub.has('emails')) kinds.add('email');
    if (options.scrub.has('urls') || options.pseudonymOf) kinds.add('url');
    if (options.scrub.has('phones')) kinds.add('phone');
    if (options.scrub.has('mentions') || options.pseudonymOf) kinds.add('mention');
    const { source, groups } = combinedPattern(kinds);
    this.#groups = groups;
    this.#pattern = kinds.size === 0 ? undefined : new RE2(source, 'g');
  }

  /** Whether the pass changes anything at all. */
  get isActive(): boolean {
    return this.#pattern !== undefined;
  }

  /**
   * The texts with every match replaced, in the same order. They go to RE2 joined in runs of about JOIN_CHARS: one
   * call per run, and node-re2's cost per match grows with the string's length (it maps each match's offset back
   * to UTF-16 from the string's start), so a run is kept short.
   */
  run(texts: readonly string[]): string[] {
    if (!this.#pattern || texts.length === 0) return [...texts];
    const out: string[] = [];
    let start = 0;
    let chars = 0;
    for (let end = 0; end < texts.length; end += 1) {
      chars += texts[end]!.length;
      if (chars >= JOIN_CHARS || end === texts.length - 1) {
        out.push(...this.#runJoined(texts.slice(start, end + 1)));
        start = end + 1;
        chars = 0;
      }
    }
    return out;
  }

  #runJoined(texts: readonly string[]): string[] {
    const before = { ...this.counts };
    const parts = this.#pattern!.replace(texts.join(SEPARATOR), this.#replace).split(SEPARATOR);
    if (parts.length === texts.length) return parts;
    Object.assign(this.counts, before);
    return texts.map((text) => this.#pattern!.replace(text, this.#replace));
  }

  /**
   * A candidate that is not one phone number may hold one among other numbers ("on 2024-01-15 555-123-4567"): its
   * space-separated parts are tried, the longest run from each part first.
   */
  #phonesWithin(candidate: string): string {
    const parts = candidate.split(/(\s+)/);
    let out = '';
    for (let start = 0; start < parts.length;) {
      let end = parts.length - 1;
      while (end >= start && !isPhoneNumber(parts.slice(start, end + 1).join(''))) end -= 2;
      if (end >= start) {
        this.counts.phone += 1;
        out += SCRUB_TOKENS.phones;
        start = end + 1;
      } else {
        out += parts[start]!;
        start += 1;
      }
    }
    return out;
  }

  readonly #replace = (match: string, ...args: unknown[]): string => {
    const group = (kind: PatternKind) => {
      const index = this.#groups[kind];
      return index === undefined ? undefined : (args[index - 1] as string | undefined);
    };
    const { scrub, pseudonymOf } = this.#options;
    if (group('email') !== undefined) {
      this.counts.email += 1;
      return SCRUB_TOKENS.emails;
    }
    if (group('url') !== undefined) {
      const trailing = TRAILING_PUNCTUATION.exec(match)?.[0] ?? '';
      const url = match.slice(0, match.length - trailing.length);
      if (scrub.has('urls')) {
        this.counts.url += 1;
        return SCRUB_TOKENS.urls + trailing;
      }
      return pseudonymOf
        ? url.replace(PROFILE_PATH, (_, kind: string, name: string) => `/${kind}/${pseudonymOf(name)}`) +
            trailing
        : match;
    }
    if (group('phone') !== undefined) {
      if (isPhoneNumber(match)) {
        this.counts.phone += 1;
        return SCRUB_TOKENS.phones;
      }
      return this.#phonesWithin(match);
    }
    const index = this.#groups.mention!;
    const before = args[index] as string;
    const prefix = args[index + 1] as string;
    const name = args[index + 2] as string;
    if (scrub.has('mentions')) {
      this.counts.user += 1;
      return before + SCRUB_TOKENS.mentions;
    }
    return pseudonymOf ? `${before}${prefix}${pseudonymOf(name)}` : match;
  };
}
