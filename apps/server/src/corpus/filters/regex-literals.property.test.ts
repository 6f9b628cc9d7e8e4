import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasRe2OnlySyntax, regexCaseArb, type RegexTree } from '../../../test/regex-arbitraries.ts';
import { regexMatches } from './regex.ts';
import {
  foldForIndex,
  literalQueryLeaves,
  regexLiteralQuery,
  satisfiesLiteralQuery,
} from './regex-literals.ts';

// A literal of 3+ ASCII letters that every match must contain (a piece of the top-level sequence), in a pattern
// that JavaScript's syntax reads as RE2 does (otherwise the analysis answers 'any' on purpose).
const hasRequiredRun = (tree: RegexTree) =>
  !hasRe2OnlySyntax(tree) &&
  (tree.kind === 'concat' ? tree.children : [tree]).some(
    (node) => node.kind === 'literal' && /[a-zA-Z]{3}/.test(node.text),
  );

describe('regexLiteralQuery over generated RE2 patterns', () => {
  it('never excludes a text RE2 matches, and finds literals where a pattern has them (2,500 patterns)', () => {
    const stats = {
      cases: 0,
      texts: 0,
      matched: 0,
      casesWithMatch: 0,
      withRun: 0,
      usefulWithRun: 0,
      notAny: 0,
    };
    fc.assert(
      fc.property(regexCaseArb, ({ tree, pattern, texts }) => {
        const query = regexLiteralQuery(pattern);
        for (const leaf of literalQueryLeaves(query)) expect(leaf).toMatch(/^[\x20-\x40\x5b-\x7e]{3,}$/);
        stats.cases += 1;
        stats.notAny += query.kind === 'any' ? 0 : 1;
        if (hasRequiredRun(tree)) {
          stats.withRun += 1;
          stats.usefulWithRun += query.kind === 'any' ? 0 : 1;
        }
        let anyMatched = false;
        for (const text of texts) {
          stats.texts += 1;
          if (!regexMatches(pattern, text)) continue;
          anyMatched = true;
          stats.matched += 1;
          expect(
            satisfiesLiteralQuery(query, foldForIndex(text)),
            `${pattern} on ${JSON.stringify(text)}`,
          ).toBe(true);
        }
        stats.casesWithMatch += anyMatched ? 1 : 0;
      }),
      { numRuns: 2_500 },
    );
    console.log('regex literal property test:', stats);
    // The soundness check means something only if many texts do match; the analysis is useful only if a pattern
    // with a required literal word nearly always gets a query.
    expect(stats.casesWithMatch / stats.cases).toBeGreaterThan(0.5);
    expect(stats.usefulWithRun / stats.withRun).toBeGreaterThan(0.95);
  }, 120_000);
});
