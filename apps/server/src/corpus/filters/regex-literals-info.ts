import {
  ANY,
  andQuery,
  anyOf,
  capLiteralQuery,
  MAX_LITERALS,
  orQuery,
  type LiteralQuery,
} from './regex-literals-query.ts';

/**
 * What a regex node says about its matches (Cox, "Regular Expression Matching with a Trigram Index", 2012), over
 * folded text: every string is lower-case printable ASCII. `exact` is every string the node can match, or null when
 * unknown or too many; every match starts with a string of `prefix` and ends with one of `suffix`; every match
 * satisfies `match`. An exact node keeps `prefix` = `suffix` = `exact` and `match` = 'any'. Each set is a valid
 * statement on its own, so dropping or shortening one (a prefix of a prefix is still a prefix) only widens.
 */
export interface Info {
  readonly emptyable: boolean;
  readonly exact: readonly string[] | null;
  readonly prefix: readonly string[];
  readonly suffix: readonly string[];
  readonly match: LiteralQuery;
}

/** Cox's limits: at most 16 exact strings (and prefixes, suffixes); a class of at most 8 characters is exact. */
export const MAX_EXACT = 16;
export const MAX_CLASS = 8;
// Copies of a repeated node analysed (x{n,m} with n > 4 is treated as x{4,}): bounds work and literal length.
const MAX_REPEAT = 4;
// Intermediate queries may hold more than the final budget so that the simplifier sees the whole picture.
const MAX_INTERMEDIATE_LITERALS = 2 * MAX_LITERALS;

const distinct = (strings: Iterable<string>) => [...new Set(strings)];

// Every x + y, or null when there could be more than MAX_EXACT (the caller then keeps a weaker set).
function product(a: readonly string[], b: readonly string[]): readonly string[] | null {
  if (a.length * b.length > MAX_EXACT) return null;
  if (b.length === 1 && b[0] === '') return a;
  if (a.length === 1 && a[0] === '') return b;
  const result = new Set<string>();
  for (const x of a) for (const y of b) result.add(x + y);
  return [...result];
}

/** The empty string: anchors, empty groups, x{0}. */
export const EMPTY_INFO: Info = { emptyable: true, exact: [''], prefix: [''], suffix: [''], match: ANY };
/** One character the analysis cannot name (., \w, a non-ASCII letter, a large or negated class). */
export const UNKNOWN_CHAR_INFO: Info = {
  emptyable: false,
  exact: null,
  prefix: [''],
  suffix: [''],
  match: ANY,
};
/** Any string at all (x*, and every node not analysed): the widest statement. */
export const ANYTHING_INFO: Info = { ...UNKNOWN_CHAR_INFO, emptyable: true };

// Shortens the strings of a prefix (or suffix) set until at most MAX_EXACT distinct ones remain.
function bound(strings: readonly string[], isSuffix: boolean): readonly string[] {
  let set = distinct(strings);
  if (set.includes('')) return [''];
  let length = 0;
  for (const s of set) length = Math.max(length, s.length);
  while (set.length > MAX_EXACT) {
    length -= 1;
    const shorter = new Set<string>();
    for (const s of set) shorter.add(isSuffix ? s.slice(Math.max(0, s.length - length)) : s.slice(0, length));
    set = [...shorter];
  }
  return set;
}

/** The node matches exactly one of these strings. */
export function exactInfo(strings: readonly string[]): Info {
  const set = distinct(strings);
  const emptyable = set.includes('');
  if (set.length <= MAX_EXACT) return { emptyable, exact: set, prefix: set, suffix: set, match: ANY };
  return { emptyable, exact: null, prefix: bound(set, false), suffix: bound(set, true), match: anyOf(set) };
}

/** Everything the info says, as one query. */
export function queryOfInfo(info: Info): LiteralQuery {
  if (info.exact) return anyOf(info.exact);
  return andQuery([info.match, anyOf(info.prefix), anyOf(info.suffix)]);
}

/** a then b. */
export function concatInfo(a: Info, b: Info): Info {
  const exact = a.exact && b.exact && product(a.exact, b.exact);
  if (exact) return exactInfo(exact);
  // Without a product, a's exact strings alone still start every match (and b's end it).
  const prefix = a.exact
    ? (product(a.exact, b.prefix) ?? a.exact)
    : a.emptyable
      ? [...a.prefix, ...b.prefix]
      : a.prefix;
  const suffix = b.exact
    ? (product(a.suffix, b.exact) ?? b.exact)
    : b.emptyable
      ? [...b.suffix, ...a.suffix]
      : b.suffix;
  // Every match holds an end of a's match followed by a start of b's: strings that cross the join.
  const across = product(a.suffix, b.prefix) ?? [''];
  const match = andQuery([queryOfInfo(a), queryOfInfo(b), anyOf(across)]);
  return {
    emptyable: a.emptyable && b.emptyable,
    exact: null,
    prefix: bound(prefix, false),
    suffix: bound(suffix, true),
    match: capLiteralQuery(match, MAX_INTERMEDIATE_LITERALS),
  };
}

/** a or b. */
export function altInfo(a: Info, b: Info): Info {
  if (a.exact && b.exact) return exactInfo([...a.exact, ...b.exact]);
  return {
    emptyable: a.emptyable || b.emptyable,
    exact: null,
    prefix: bound([...a.prefix, ...b.prefix], false),
    suffix: bound([...a.suffix, ...b.suffix], true),
    match: capLiteralQuery(orQuery([queryOfInfo(a), queryOfInfo(b)]), MAX_INTERMEDIATE_LITERALS),
  };
}

function power(x: Info, count: number): Info {
  let info = EMPTY_INFO;
  for (let i = 0; i < count; i += 1) info = concatInfo(info, x);
  return info;
}

/** x{min,max} (max Infinity for *, + and {n,}). */
export function repeatInfo(x: Info, min: number, max: number): Info {
  if (max === 0) return EMPTY_INFO;
  if (min <= MAX_REPEAT && max - min <= MAX_REPEAT) {
    // Small counts are analysed exactly: x{1,3} = x (x|) (x|), so `colou?r` gives color, colour.
    return concatInfo(power(x, min), power(altInfo(x, EMPTY_INFO), max - min));
  }
  if (min === 0) return ANYTHING_INFO;
  const head = power(x, Math.min(min, MAX_REPEAT));
  // Every match is at least `head` copies of x and ends with a whole match of x (Cox's x+ rule).
  return {
    emptyable: head.emptyable,
    exact: null,
    prefix: head.prefix,
    suffix: x.suffix,
    match: queryOfInfo(head),
  };
}
