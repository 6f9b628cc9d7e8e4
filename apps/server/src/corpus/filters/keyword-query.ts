import { tokenize } from '../tokenize.ts';

/** One thing a keyword rule asks for: a word (one token) or a phrase (adjacent tokens); prefix marks `term*`. */
export interface KeywordTerm {
  readonly tokens: readonly string[];
  readonly prefix: boolean;
}

// A "quoted phrase" (a missing closing quote runs to the end) or a bare chunk up to the next space or quote.
const CHUNK = /"([^"]*)"?(\*?)|([^\s"]+)/g;

/**
 * Splits a keyword rule's text into terms (docs/product.md §7.5): every term must appear; `"quoted words"` and chunks
 * that tokenize() cuts into several words ("node.js") are phrases; a trailing `*` makes the last word a prefix.
 * Words are tokenize()'s, so they mean the same as the indexed search_text.
 */
export function parseKeywordQuery(text: string): KeywordTerm[] {
  const terms: KeywordTerm[] = [];
  for (const match of text.matchAll(CHUNK)) {
    const chunk = (match[1] ?? match[3] ?? '').trim();
    const prefix = match[2] === '*' || chunk.endsWith('*');
    const tokens = tokenize(chunk);
    if (tokens.length > 0) terms.push({ tokens, prefix });
  }
  return terms;
}
