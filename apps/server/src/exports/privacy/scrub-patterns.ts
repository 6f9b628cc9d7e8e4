// The pattern set of the `scrub` order option (docs/decisions/036-privacy-of-the-corpus.md), RE2 syntax: no
// look-around, no back-references, linear time whatever the text. One combined pattern runs once over a batch of
// texts; each kind is one capturing group, in this order (leftmost match wins, then the earlier group).

/** Top-level domains a link written without a scheme must end with (`example.com`, `bit.ly/x`). */
const TLDS =
  'com|org|net|edu|gov|mil|int|info|biz|io|co|ai|app|dev|me|tv|ly|be|gg|to|fm|am|cc|sh|xyz|site|online|tech|' +
  'blog|news|link|page|shop|store|uk|us|ca|au|nz|ie|de|fr|es|it|nl|ch|at|se|no|dk|fi|pl|pt|cz|ru|ua|jp|cn|kr|in|' +
  'br|mx|ar|za|eu|is|gl|im|ms|nu|ws|la|st|so|tk';

/** `@`, or `at` in brackets or between spaces (the obfuscations people write to fool harvesters). */
const AT_SYMBOL = String.raw`\s*(?:@|＠|[\[({<]\s*(?i:at)\s*[\])}>])\s*`;
const DOT_ANY = String.raw`(?:\.|\s*[\[({<]\s*(?i:dot)\s*[\])}>]\s*|\s+(?i:dot)\s+)`;
const DOT_WORDY = String.raw`(?:\s*[\[({<]\s*(?i:dot)\s*[\])}>]\s*|\s+(?i:dot)\s+)`;
const LABEL = String.raw`[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?`;
const LOCAL = String.raw`[a-zA-Z0-9._%+-]*[a-zA-Z0-9_%+-]`;

/**
 * E-mail addresses: `name@example.com`, `name @ example . com` is not (a spaced dot is a sentence), but
 * `name [at] example [dot] com`, `name(at)example(dot)com`, `name at example dot com` are; a plain ` at ` needs a
 * spelt-out dot, so "look at example.com" stays a link.
 */
const EMAIL =
  String.raw`${LOCAL}(?:${AT_SYMBOL}${LABEL}(?:${DOT_ANY}${LABEL})*${DOT_ANY}[a-zA-Z][a-zA-Z]+` +
  String.raw`|\s+(?i:at)\s+${LABEL}(?:${DOT_WORDY}${LABEL})*${DOT_WORDY}[a-zA-Z][a-zA-Z]+)\b`;

/** Links: with a scheme, from `www.`, or a host ending in a known top-level domain, with any path. */
const URL =
  String.raw`(?i:(?:https?|ftp)://|www\.)[^\s<>"'\x00-\x1f]+` +
  String.raw`|\b(?:${LABEL}\.)+(?i:${TLDS})\b(?:[/?#][^\s<>"'\x00-\x1f]*)?`;

/**
 * Phone numbers: an international prefix (`+`, `00`) or a run of digits with separators (space, dot, dash,
 * parentheses); the candidate is checked by isPhoneNumber (7 to 15 digits, not a date, not an address).
 */
const PHONE = String.raw`(?:\+\s?|\()?\d[\d \t.()/-]+\d`;

/** `u/name` and `/u/name` (also `/user/name`) at a line's start or after anything but a letter, digit, `_` or `/`. */
const MENTION = String.raw`(^|[^a-zA-Z0-9_/])(/?(?i:u|user)/)([a-zA-Z0-9_-]+)`;

export type PatternKind = 'email' | 'url' | 'phone' | 'mention';

/** The combined pattern (to compile with flag `g`; letters are matched in either case) of the kinds given, in order, and each kind's group index. */
export function combinedPattern(kinds: ReadonlySet<PatternKind>): {
  readonly source: string;
  readonly groups: Partial<Record<PatternKind, number>>;
} {
  const parts: string[] = [];
  const groups: Partial<Record<PatternKind, number>> = {};
  let next = 1;
  for (const [kind, source, inner] of [
    ['email', EMAIL, 0],
    ['url', URL, 0],
    ['phone', PHONE, 0],
    ['mention', MENTION, 3],
  ] as const) {
    if (!kinds.has(kind)) continue;
    groups[kind] = next;
    parts.push(`(${source})`);
    next += 1 + inner;
  }
  return { source: parts.join('|'), groups };
}

const DATE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/;
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Whether a PHONE candidate is a phone number: 7 to 15 digits; with an international prefix any grouping, else either
 * one run of 10 or 11 digits or at least two groups of three or more digits; never a date or a dotted IPv4 address.
 */
export function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  const text = candidate.trim();
  if (DATE.test(text) || DOTTED_QUAD.test(text)) return false;
  if (text.startsWith('+') || text.startsWith('00')) return digits.length >= 8;
  const groups = text.split(/[^\d]+/).filter((g) => g.length > 0);
  if (groups.length === 1) return digits.length === 10 || digits.length === 11;
  return groups.filter((g) => g.length >= 3).length >= 2;
}
