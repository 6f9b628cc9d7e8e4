import { parseFilterTree, type FilterTree, type ParseFilterTreeOptions } from '@threadcart/contracts';
import { FieldErrors } from '../../errors.ts';
import { findRegexError } from './regex.ts';

/** parseFilterTree's options on the server: every regex must compile in RE2 (its message names the error). */
export const WITH_RE2: ParseFilterTreeOptions = { regexError: findRegexError };

/**
 * parseFilterTree with RE2's check, for a tree that does not come through a request schema (a stored order's JSON):
 * the canonical tree, or a 400 `{filters: [...]}` naming each bad rule.
 */
export function parseFilterTreeWithRe2(input: unknown): FilterTree {
  const result = parseFilterTree(input, WITH_RE2);
  if (!result.ok) throw new FieldErrors({ filters: result.errors });
  return result.tree;
}
