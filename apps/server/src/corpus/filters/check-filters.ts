import { parseFilterTree, type ParseFilterTreeResult } from '@threadcart/contracts';
import { findRegexError } from './regex.ts';

/** parseFilterTree plus the server-only check: every regex must compile in RE2 (its message names the error). */
export function checkFilterTree(input: unknown): ParseFilterTreeResult {
  return parseFilterTree(input, { regexError: findRegexError });
}
