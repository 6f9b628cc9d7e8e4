import { RegExpParser, type AST } from '@eslint-community/regexpp';
import {
  ANYTHING_INFO,
  EMPTY_INFO,
  MAX_CLASS,
  MAX_EXACT,
  UNKNOWN_CHAR_INFO,
  altInfo,
  concatInfo,
  exactInfo,
  queryOfInfo,
  repeatInfo,
  type Info,
} from './regex-literals-info.ts';
import { ANY, capLiteralQuery, type LiteralQuery } from './regex-literals-query.ts';

export { literalQueryLeaves, satisfiesLiteralQuery, type LiteralQuery } from './regex-literals-query.ts';

/**
 * The literals a regex match must contain, for the trigram prefilter (issue 11): the database returns the rows whose
 * folded text satisfies `regexLiteralQuery(p)`, and RE2 checks only those. The one promise is soundness: whenever
 * `regexMatches(p, t)`, `satisfiesLiteralQuery(regexLiteralQuery(p), foldForIndex(t))`. A false negative would drop
 * a record silently, so every doubt widens to 'any'. Why it holds:
 * - The fold. Patterns run case-insensitively (flags 'iu'). Under RE2's case folding an ASCII character matches its
 *   other ASCII case and nothing else, except `s` also matching U+017F (ſ) and `k` also matching U+212A (Kelvin
 *   sign): regex-literals.casefold.test.ts checks every code point U+0080 to U+10FFFF against the whole ASCII range,
 *   and these two are the only ones. `foldForIndex` maps them and A-Z to lower case one UTF-16 unit for one, so a
 *   match's pattern-literal characters appear, lower-cased, at the same place in the folded text.
 * - The ASCII restriction. Only printable ASCII (U+0020 to U+007E) is exact; any other character (non-ASCII letters,
 *   whose folds are not ASCII, control characters, NUL) and every class that may match one (`.`, `\w`, `\s`, `\S`,
 *   `\W`, `\p{…}`, negated classes, classes of more than 8 characters) is one unknown character, which breaks a
 *   literal in two. Case-sensitive groups (`(?-i:…)`) are read as case-insensitive, a superset.
 * - The 3-character rule. A trigram index cannot look up a shorter string, so a shorter literal becomes 'any'.
 * - The syntax. regexpp parses JavaScript syntax (unicode mode); node-re2 passes nearly the same text to RE2. Where
 *   the two read a pattern differently the whole pattern gives 'any': an empty class (`[]` or `[^]`: RE2 reads a
 *   `]` right after `[` as a literal), `[:` in a class (RE2's POSIX classes) and `(?<` in a class (node-re2
 *   rewrites it to `(?P<` even there). What regexpp refuses, and lookarounds and backreferences (RE2 refuses them),
 *   give 'any' as well; nothing throws.
 * The analysis (regex-literals-info.ts) is Cox's, with the literal strings themselves in place of trigrams; the
 * simplifier and the 32-literal cap (regex-literals-query.ts) only ever drop constraints.
 */
export function regexLiteralQuery(pattern: string): LiteralQuery {
  try {
    const ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
    const info = alternativesInfo(ast.alternatives);
    return info.emptyable ? ANY : capLiteralQuery(queryOfInfo(info));
  } catch {
    return ANY;
  }
}

const FOLDS: Readonly<Record<string, string>> = { '\u017f': 's', '\u212a': 'k' };

/** Folds a text the way the index stores it: U+017F (ſ) → 's', U+212A (Kelvin) → 'k', then ASCII A-Z → a-z. */
export function foldForIndex(text: string): string {
  return text.replace(/[A-Z\u017f\u212a]/g, (c) => FOLDS[c] ?? String.fromCharCode(c.charCodeAt(0) + 32));
}

const parser = new RegExpParser({ ecmaVersion: 2025 });

class DivergentSyntax extends Error {}

const isExactChar = (codePoint: number) => codePoint >= 0x20 && codePoint <= 0x7e;
const folded = (codePoint: number) => String.fromCharCode(codePoint).toLowerCase();

function alternativesInfo(alternatives: readonly AST.Alternative[]): Info {
  return alternatives.map(sequenceInfo).reduce(altInfo);
}

function sequenceInfo(alternative: AST.Alternative): Info {
  // A run of plain characters (a word) becomes one exact string, and neighbouring exact parts are joined first:
  // far cheaper than one concatenation per character.
  const parts: Info[] = [];
  let word = '';
  for (const node of alternative.elements) {
    if (node.type === 'Character' && isExactChar(node.value)) {
      word += folded(node.value);
      continue;
    }
    if (word !== '') parts.push(exactInfo([word]));
    word = '';
    const info = elementInfo(node);
    const last = parts.at(-1);
    if (last?.exact && info.exact && last.exact.length * info.exact.length <= MAX_EXACT) {
      parts[parts.length - 1] = concatInfo(last, info);
    } else parts.push(info);
  }
  if (word !== '') parts.push(exactInfo([word]));
  return parts.reduce(concatInfo, EMPTY_INFO);
}

function elementInfo(node: AST.Element): Info {
  switch (node.type) {
    case 'Character':
      return isExactChar(node.value) ? exactInfo([folded(node.value)]) : UNKNOWN_CHAR_INFO;
    case 'CharacterClass':
      return classInfo(node);
    case 'CharacterSet':
    case 'ExpressionCharacterClass':
      return UNKNOWN_CHAR_INFO;
    case 'Group':
    case 'CapturingGroup':
      return alternativesInfo(node.alternatives);
    case 'Quantifier':
      return repeatInfo(elementInfo(node.element), node.min, node.max);
    case 'Assertion':
      // ^ $ \b \B are empty-width; lookarounds (refused by RE2) are not analysed.
      return node.kind === 'lookahead' || node.kind === 'lookbehind' ? ANYTHING_INFO : EMPTY_INFO;
    case 'Backreference':
      return ANYTHING_INFO;
  }
}

function classInfo(node: AST.CharacterClass): Info {
  if (node.elements.length === 0 || node.raw.includes('[:') || node.raw.includes('(?<')) {
    throw new DivergentSyntax(node.raw);
  }
  if (node.negate) return UNKNOWN_CHAR_INFO;
  const chars = new Set<string>();
  for (const element of node.elements) {
    if (element.type !== 'Character' && element.type !== 'CharacterClassRange') return UNKNOWN_CHAR_INFO;
    const [low, high] =
      element.type === 'Character' ? [element.value, element.value] : [element.min.value, element.max.value];
    if (!isExactChar(low) || !isExactChar(high)) return UNKNOWN_CHAR_INFO;
    for (let codePoint = low; codePoint <= high; codePoint += 1) {
      chars.add(folded(codePoint));
      if (chars.size > MAX_CLASS) return UNKNOWN_CHAR_INFO;
    }
  }
  return exactInfo([...chars]);
}
