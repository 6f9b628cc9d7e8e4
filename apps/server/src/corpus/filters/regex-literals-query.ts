/**
 * The AND/OR query of required literals (see regex-literals.ts) and its simplifier. Every rewrite here keeps or
 * widens the set of texts that satisfy a query, never narrows it, so the prefilter stays a superset.
 */
export type LiteralQuery =
  | { readonly kind: 'any' }
  | { readonly kind: 'none' }
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'and' | 'or'; readonly children: readonly LiteralQuery[] };

export const ANY: LiteralQuery = { kind: 'any' };
export const NONE: LiteralQuery = { kind: 'none' };
/** A trigram index cannot look up a shorter string. */
export const MIN_LITERAL_LENGTH = 3;
export const MAX_LITERALS = 32;

/** The literal, or 'any' when it is too short for a trigram lookup. */
export function literal(text: string): LiteralQuery {
  return text.length >= MIN_LITERAL_LENGTH ? { kind: 'literal', text } : ANY;
}

/** Some string of the set occurs in the text. */
export function anyOf(texts: readonly string[]): LiteralQuery {
  return orQuery(texts.map(literal));
}

/** True when every text satisfying a also satisfies b (incomplete: false when unsure, which only costs size). */
function implies(a: LiteralQuery, b: LiteralQuery): boolean {
  if (b.kind === 'any' || a.kind === 'none') return true;
  if (a.kind === 'any' || b.kind === 'none') return false;
  if (a.kind === 'literal' && b.kind === 'literal') return a.text.includes(b.text);
  if (a.kind === 'or') return everyChild(a.children, b, true);
  if (b.kind === 'and') return everyChild(b.children, a, false);
  if (a.kind === 'and' && someChild(a.children, b, true)) return true;
  return b.kind === 'or' && someChild(b.children, a, false);
}

// Loops rather than closures: this runs thousands of times per pattern (and tsx wraps every closure it creates).
function everyChild(children: readonly LiteralQuery[], other: LiteralQuery, childFirst: boolean): boolean {
  for (const child of children)
    if (!(childFirst ? implies(child, other) : implies(other, child))) return false;
  return true;
}

function someChild(children: readonly LiteralQuery[], other: LiteralQuery, childFirst: boolean): boolean {
  for (const child of children) if (childFirst ? implies(child, other) : implies(other, child)) return true;
  return false;
}

// x is redundant beside y: in an AND when y implies x (y is stronger), in an OR when x implies y (y is wider).
function isRedundant(kind: 'and' | 'or', x: LiteralQuery, y: LiteralQuery): boolean {
  return kind === 'and' ? implies(y, x) : implies(x, y);
}

function combine(kind: 'and' | 'or', children: readonly LiteralQuery[]): LiteralQuery {
  const unit = kind === 'and' ? 'any' : 'none'; // absorbed
  const zero = kind === 'and' ? 'none' : 'any'; // dominates
  let kept: LiteralQuery[] = [];
  for (const parent of children) {
    // A query built by these functions is already simplified: its children need no checks among themselves. (The
    // analysis grows a query one child at a time, so this keeps it linear rather than quadratic.)
    if (kept.length === 0 && parent.kind === kind) {
      kept = [...parent.children];
      continue;
    }
    for (const child of parent.kind === kind ? parent.children : [parent]) {
      if (child.kind === zero) return child;
      if (child.kind === unit || isCovered(kind, child, kept)) continue;
      kept = withoutCovered(kind, kept, child);
      kept.push(child);
    }
  }
  if (kept.length === 0) return kind === 'and' ? ANY : NONE;
  return kept.length === 1 ? kept[0]! : { kind, children: kept };
}

function isCovered(kind: 'and' | 'or', child: LiteralQuery, kept: readonly LiteralQuery[]): boolean {
  for (const other of kept) if (isRedundant(kind, child, other)) return true;
  return false;
}

function withoutCovered(
  kind: 'and' | 'or',
  kept: readonly LiteralQuery[],
  child: LiteralQuery,
): LiteralQuery[] {
  const result: LiteralQuery[] = [];
  for (const other of kept) if (!isRedundant(kind, other, child)) result.push(other);
  return result;
}

/** Every child holds: flattened, 'any' absorbed, 'none' dominating, duplicates and implied children dropped. */
export function andQuery(children: readonly LiteralQuery[]): LiteralQuery {
  return combine('and', children);
}

/** Some child holds: flattened, 'none' absorbed, 'any' dominating, duplicates and narrower children dropped. */
export function orQuery(children: readonly LiteralQuery[]): LiteralQuery {
  return combine('or', children);
}

function countLiterals(query: LiteralQuery): number {
  if (query.kind === 'literal') return 1;
  let count = 0;
  if (query.kind === 'and' || query.kind === 'or')
    for (const child of query.children) count += countLiterals(child);
  return count;
}

/** The query within a literal budget: an AND drops children that do not fit, an OR too large becomes 'any'. */
export function capLiteralQuery(query: LiteralQuery, budget = MAX_LITERALS): LiteralQuery {
  if (countLiterals(query) <= budget) return query;
  if (query.kind !== 'and') return ANY;
  let left = budget;
  const kept: LiteralQuery[] = [];
  // Cheap children first: a single literal filters as well as a wide OR and costs less of the budget.
  const byCost = [...query.children].sort((a, b) => countLiterals(a) - countLiterals(b));
  for (const child of byCost) {
    const capped = capLiteralQuery(child, left);
    if (capped.kind === 'any') continue;
    kept.push(capped);
    left -= countLiterals(capped);
  }
  return andQuery(kept);
}

/** True when folded text satisfies the query (substring tests). */
export function satisfiesLiteralQuery(query: LiteralQuery, foldedText: string): boolean {
  switch (query.kind) {
    case 'any':
      return true;
    case 'none':
      return false;
    case 'literal':
      return foldedText.includes(query.text);
    case 'and':
      return query.children.every((child) => satisfiesLiteralQuery(child, foldedText));
    case 'or':
      return query.children.some((child) => satisfiesLiteralQuery(child, foldedText));
  }
}

/** The distinct literals of the query, in first-seen order (what the database looks up). */
export function literalQueryLeaves(query: LiteralQuery): string[] {
  const leaves = new Set<string>();
  const visit = (node: LiteralQuery): void => {
    if (node.kind === 'literal') leaves.add(node.text);
    else if (node.kind === 'and' || node.kind === 'or') node.children.forEach(visit);
  };
  visit(query);
  return [...leaves];
}
