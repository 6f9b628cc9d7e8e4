import fc from 'fast-check';
import { findRegexError } from '../src/corpus/filters/regex.ts';

/**
 * fast-check arbitraries of RE2 patterns and of texts built to match them, shared by the literal-analysis property
 * test and the database property tests of the trigram prefilter. Patterns mix case and include the characters that
 * make case-insensitive matching subtle: ſ (matches s), the Kelvin sign (matches k), ß, é, Greek sigmas.
 */
export type RegexTree =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'class'; readonly pattern: string; readonly members: string }
  | { readonly kind: 'anchor'; readonly pattern: string }
  | { readonly kind: 'group'; readonly open: string; readonly child: RegexTree }
  | { readonly kind: 'alt' | 'concat'; readonly children: readonly RegexTree[] }
  | { readonly kind: 'repeat'; readonly child: RegexTree; readonly min: number; readonly max: number | null };

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ODD_CHARS = [
  'ſ',
  '\u212a',
  'ß',
  'é',
  'É',
  'σ',
  'ς',
  'Σ',
  'ı',
  'İ',
  ' ',
  '-',
  '.',
  '(',
  '+',
  '?',
  '[',
  '|',
  '$',
  '/',
  '0',
  '7',
];
const WORDS = ['python', 'Pandas', 'zzq', 'KELVIN', 'straße', 'class', 'Sky', 'data', 'café'];
// RE2 accepts these; JavaScript's syntax (and so the literal analysis) reads them otherwise or refuses them.
const RE2_ONLY_CLASSES: readonly [string, string][] = [
  ['[]a]', ']a'],
  ['[[:digit:]]', '0123456789'],
  ['[[:digit:][a]', '5[a'],
  ['[]a[]', ']a['],
];
// Each class with characters that it matches (under the case-insensitive flag) for building texts.
const CLASSES: readonly [string, string][] = [
  ['[a-c]', 'abcABC'],
  ['[^x]', 'aſ é'],
  ['\\d', '0123456789'],
  ['\\w', 'aZ_9kK'],
  ['\\s', ' \t\n'],
  ['\\S', 'aé'],
  ['\\W', ' -é'],
  ['.', 'aé ſ'],
  ['[Kk]', 'kK\u212a'],
  ['[sS]', 'sSſ'],
  ['[xyz]', 'xYz'],
  ['[A-Fa-f0-9]', 'aF3'],
  ['[é-ë]', 'éêË'],
  ['\\p{L}', 'aéσ'],
  ['[ſ]', 'sSſ'],
  ['[.-]', '.-'],
  ...RE2_ONLY_CLASSES,
];
const ANCHORS = ['^', '$', '\\b', '\\B'];
const GROUP_OPENS = ['(', '(?:', '(?<name>', '(?i:', '(?-i:'];
const SYNTAX = new Set('^$\\.*+?()[]{}|/');

const literalArb = fc
  .oneof(
    fc.constantFrom(...WORDS),
    fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 6 }),
    fc.string({
      unit: fc.oneof(fc.constantFrom(...LETTERS), fc.constantFrom(...ODD_CHARS)),
      minLength: 1,
      maxLength: 6,
    }),
  )
  .map((text): RegexTree => ({ kind: 'literal', text }));
const classArb = fc
  .constantFrom(...CLASSES)
  .map(([pattern, members]): RegexTree => ({ kind: 'class', pattern, members }));
const anchorArb = fc.constantFrom(...ANCHORS).map((pattern): RegexTree => ({ kind: 'anchor', pattern }));
const boundsArb = fc.oneof(
  fc.constantFrom<[number, number | null]>([0, null], [1, null], [0, 1]),
  fc.integer({ min: 0, max: 3 }).map((n): [number, number | null] => [n, n]),
  fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }))
    .map(([n, extra]): [number, number | null] => [n, n + extra]),
  fc.integer({ min: 1, max: 6 }).map((n): [number, number | null] => [n, null]),
);

const { tree: treeArb } = fc.letrec<{ tree: RegexTree; atom: RegexTree }>((tie) => ({
  atom: fc.oneof(
    { weight: 4, arbitrary: literalArb },
    { weight: 3, arbitrary: classArb },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...GROUP_OPENS), tie('tree'))
        .map(([open, child]): RegexTree => ({ kind: 'group', open, child })),
    },
    {
      weight: 1,
      arbitrary: fc
        .array(tie('tree'), { minLength: 2, maxLength: 3 })
        .map((children): RegexTree => ({ kind: 'alt', children })),
    },
  ),
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: tie('atom') },
    { weight: 1, arbitrary: anchorArb },
    {
      weight: 2,
      arbitrary: fc
        .tuple(tie('atom'), boundsArb)
        .map(([child, [min, max]]): RegexTree => ({ kind: 'repeat', child, min, max })),
    },
    {
      weight: 3,
      arbitrary: fc
        .array(tie('tree'), { minLength: 2, maxLength: 4 })
        .map((children): RegexTree => ({ kind: 'concat', children })),
    },
  ),
}));

const escapeChar = (c: string) => (SYNTAX.has(c) ? `\\${c}` : c);

/** The pattern text of a tree (named groups get distinct names, as RE2 requires). */
export function renderRegexTree(tree: RegexTree): string {
  let groups = 0;
  const render = (node: RegexTree): string => {
    switch (node.kind) {
      case 'literal':
        return [...node.text].map(escapeChar).join('');
      case 'class':
      case 'anchor':
        return node.pattern;
      case 'group':
        groups += 1;
        return `${node.open.replace('<name>', `<g${groups}>`)}${render(node.child)})`;
      case 'alt':
        return `(?:${node.children.map(render).join('|')})`;
      case 'concat':
        return node.children.map(render).join('');
      case 'repeat': {
        const { child, min, max } = node;
        const isAtom = child.kind === 'class' || (child.kind === 'literal' && [...child.text].length === 1);
        return (isAtom ? render(child) : `(?:${render(child)})`) + quantifier(min, max);
      }
    }
  };
  return render(tree);
}

function quantifier(min: number, max: number | null): string {
  if (max === null) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  if (min === 0 && max === 1) return '?';
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

// Another spelling RE2 matches case-insensitively: flipped ASCII case, ſ for s, the Kelvin sign for k, Greek sigmas.
function respell(c: string, choice: number): string {
  const lower = c.toLowerCase();
  if (choice % 4 === 1 && lower === 's') return 'ſ';
  if (choice % 4 === 1 && lower === 'k') return '\u212a';
  if (choice % 2 === 0 && /[a-z]/i.test(c)) return c === lower ? c.toUpperCase() : lower;
  if ('σςΣ'.includes(c)) return 'σςΣ'[choice % 3]!;
  return c;
}

/** A text the tree probably matches (anchors and case-sensitive groups may still refuse it), from a list of choices. */
export function sampleRegexTree(tree: RegexTree, choices: readonly number[]): string {
  let index = 0;
  const next = () => choices[index++ % choices.length] ?? 0;
  const sample = (node: RegexTree): string => {
    switch (node.kind) {
      case 'literal':
        return [...node.text].map((c) => respell(c, next())).join('');
      case 'class':
        return respell([...node.members][next() % [...node.members].length]!, next());
      case 'anchor':
        return '';
      case 'group':
        return sample(node.child);
      case 'alt':
        return sample(node.children[next() % node.children.length]!);
      case 'concat':
        return node.children.map(sample).join('');
      case 'repeat': {
        const count = node.min + (next() % ((node.max ?? node.min + 2) - node.min + 1));
        return Array.from({ length: count }, () => sample(node.child)).join('');
      }
    }
  };
  return sample(tree);
}

/** True when the tree uses a class that only RE2's syntax reads (the analysis then answers 'any', by design). */
export function hasRe2OnlySyntax(tree: RegexTree): boolean {
  switch (tree.kind) {
    case 'class':
      return RE2_ONLY_CLASSES.some(([pattern]) => pattern === tree.pattern);
    case 'group':
    case 'repeat':
      return hasRe2OnlySyntax(tree.child);
    case 'alt':
    case 'concat':
      return tree.children.some(hasRe2OnlySyntax);
    default:
      return false;
  }
}

/** Random short texts over letters, the odd characters above and line breaks. */
export const regexTextArb: fc.Arbitrary<string> = fc.string({
  unit: fc.oneof(fc.constantFrom(...LETTERS), fc.constantFrom(...ODD_CHARS, '\n', ' ')),
  maxLength: 12,
});

/** A tree whose pattern RE2 accepts and which fits the 256-character limit. */
export const regexTreeArb: fc.Arbitrary<RegexTree> = treeArb.filter((tree) => {
  const pattern = renderRegexTree(tree);
  return pattern.length > 0 && pattern.length <= 256 && findRegexError(pattern) === undefined;
});

/** RE2 patterns (literals, classes, alternation, groups, repetition, anchors, mixed case). */
export const regexPatternArb: fc.Arbitrary<string> = regexTreeArb.map(renderRegexTree);

/** A text built to contain a match of the tree: a sample with other spellings, with noise or nothing around it. */
export function matchingTextArb(tree: RegexTree): fc.Arbitrary<string> {
  const noise = fc.oneof(fc.constant(''), regexTextArb);
  return fc
    .tuple(noise, fc.array(fc.nat(), { minLength: 1, maxLength: 24 }), noise)
    .map(([before, choices, after]) => before + sampleRegexTree(tree, choices) + after);
}

/** A pattern with texts that match it (mostly) and random texts. */
export const regexCaseArb: fc.Arbitrary<{ tree: RegexTree; pattern: string; texts: string[] }> =
  regexTreeArb.chain((tree) =>
    fc
      .tuple(
        fc.array(matchingTextArb(tree), { minLength: 1, maxLength: 4 }),
        fc.array(regexTextArb, { maxLength: 2 }),
      )
      .map(([matching, random]) => ({
        tree,
        pattern: renderRegexTree(tree),
        texts: [...matching, ...random],
      })),
  );
