import RE2 from 're2';

const CACHE_SIZE = 256;
const cache = new Map<string, RE2>();

/**
 * The one regex engine (docs/product.md §7.6): RE2 syntax, linear time, case-insensitive; `^`/`$` anchor the whole
 * text and `.` does not cross a line break. Compiled patterns are cached (least recently used out first).
 */
export function compileRegex(pattern: string): RE2 {
  const hit = cache.get(pattern);
  if (hit) {
    cache.delete(pattern);
    cache.set(pattern, hit);
    return hit;
  }
  const regex = new RE2(pattern, 'iu');
  cache.set(pattern, regex);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return regex;
}

/** RE2's terse messages ("invalid perl operator: (?=") said in words a researcher reads; the rest kept as they are. */
const RE2_MESSAGES: readonly [RegExp, (part: string) => string][] = [
  [/^invalid perl operator: \(\?=/, () => 'lookahead `(?=` is not supported'],
  [/^invalid perl operator: \(\?!/, () => 'negative lookahead `(?!` is not supported'],
  [/^invalid perl operator: \(\?<=/, () => 'lookbehind `(?<=` is not supported'],
  [/^invalid perl operator: \(\?<!/, () => 'negative lookbehind `(?<!` is not supported'],
  [/^invalid perl operator: (.*)$/, (part) => `the group \`${part}\` is not supported`],
  [/^invalid escape sequence: (\\[1-9])/, (part) => `back-references such as \`${part}\` are not supported`],
  [/^invalid escape sequence: (.*)$/, (part) => `the escape \`${part}\` is not supported`],
  [/^missing \): /, () => 'a `(` is never closed'],
  [/^missing \]: /, () => 'a `[` is never closed'],
  [/^unexpected \): /, () => 'a `)` has no `(` before it'],
  [/^no argument for repetition operator: (.*)$/, (part) => `\`${part}\` has nothing before it to repeat`],
  [/^bad repetition operator: (.*)$/, (part) => `\`${part}\` repeats a repetition`],
  [
    /^invalid repetition size: (.*)$/,
    (part) => `the repetition \`${part}\` is not allowed (at most 1000, the smaller number first)`,
  ],
  [/^invalid character class range: (.*)$/, (part) => `the character range \`${part}\` is not valid`],
  [/^invalid character class: (.*)$/, (part) => `the character class \`${part}\` is not valid`],
  [/^invalid named capture group: (.*)$/, (part) => `the group name in \`${part}\` is not valid`],
  [/^trailing \\/, () => 'the pattern ends with a lone `\\`'],
];

/** RE2's error message in plain words (docs/decisions/032); an unknown message comes back unchanged. */
export function describeRegexError(message: string): string {
  for (const [pattern, describe] of RE2_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return describe(match[1] ?? '');
  }
  return message;
}

/** What is wrong with the pattern, in plain words, when it does not compile; else undefined. */
export function findRegexError(pattern: string): string | undefined {
  try {
    compileRegex(pattern);
    return undefined;
  } catch (error) {
    return describeRegexError(error instanceof Error ? error.message : String(error));
  }
}

/** True when the pattern matches somewhere in text. */
export function regexMatches(pattern: string, text: string): boolean {
  return compileRegex(pattern).test(text);
}

/** The text a regex rule reads for a post: the title, then a line break and the selftext when there is one. */
export function regexTextOfPost(post: { title: string; selftext: string }): string {
  return post.selftext === '' ? post.title : `${post.title}\n${post.selftext}`;
}
