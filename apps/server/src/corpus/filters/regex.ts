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

/** RE2's own message when the pattern does not compile, else undefined. */
export function findRegexError(pattern: string): string | undefined {
  try {
    compileRegex(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
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
