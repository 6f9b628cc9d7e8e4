import type { PreparedNode, RecordType } from './prepare.ts';

/**
 * An index a count can be read from alone (docs/decisions/046-exact-counts-from-indexes.md): the columns it holds,
 * the one it is ordered by first, and the rows it holds (every row, the live ones, or the live ones with a count
 * above zero: the partial indexes).
 */
export interface CountingIndex {
  readonly name: string;
  readonly columns: readonly string[];
  readonly lead: string;
  readonly rows: 'all' | 'live' | 'live_counted';
}

const LIVENESS = ['is_deleted', 'is_removed'];

/** A type's counting indexes, in the order a count tries them: the narrowest ranges first. */
export function countingIndexes(type: RecordType): CountingIndex[] {
  const count = type === 'posts' ? 'num_comments' : 'replies';
  const names = type === 'posts' ? ['subreddit', 'author', 'domain'] : ['subreddit', 'author'];
  return [
    ...names.map((name) => ({
      name: `${type}_${name}_created_idx`,
      // PostgreSQL INCLUDEs the score and the id too; SQLite reads the rows of a name range anyway.
      columns: [`${name}_key`, 'created_utc', ...LIVENESS, 'score', 'id'],
      lead: `${name}_key`,
      rows: 'all' as const,
    })),
    { name: `${type}_live_${count}_idx`, columns: [count, 'score', 'id'], lead: count, rows: 'live_counted' },
    { name: `${type}_live_score_idx`, columns: ['score', 'id', count], lead: 'score', rows: 'live' },
    {
      name: `${type}_created_idx`,
      columns: ['created_utc', 'id', ...LIVENESS],
      lead: 'created_utc',
      rows: 'all',
    },
    { name: `${type}_score_all_idx`, columns: ['score', 'id', ...LIVENESS], lead: 'score', rows: 'all' },
  ];
}

/** The columns a tree reads, or undefined when a rule needs more than an index holds (text, flags without one). */
function columnsRead(node: PreparedNode, into: Set<string>): boolean {
  switch (node.kind) {
    case 'constant':
      return true;
    case 'names':
    case 'range':
      into.add(node.column);
      return true;
    case 'flag':
      if (node.column !== 'removed') return false;
      LIVENESS.forEach((column) => into.add(column));
      return true;
    case 'group':
      return node.children.every((child) => columnsRead(child, into));
    default:
      return false;
  }
}

/** The columns whose range every match lies in: rules reached from the root through AND groups without NOT. */
function boundedColumns(node: PreparedNode, into: Set<string>, positive: Set<string>): void {
  if (node.kind === 'group') {
    if (node.combinator === 'and' && !node.not)
      node.children.forEach((child) => boundedColumns(child, into, positive));
    return;
  }
  if (node.kind === 'names' && !node.negate) into.add(node.column);
  if (node.kind === 'range' && (node.min !== null || node.max !== null)) into.add(node.column);
  if (node.kind === 'range' && node.min !== null && node.min >= 1) positive.add(node.column);
}

/**
 * The index that counts a tree's matches alone, reading only the range of its first column the tree bounds: every
 * column the tree reads is in the index, and the rows the index leaves out can never match. Undefined when no index
 * does (a word, a regex, a flag or a choice rule; a tree that bounds no index's first column).
 */
export function findCountingIndex(
  node: PreparedNode | null,
  type: RecordType,
  population: 'live' | 'all',
): CountingIndex | undefined {
  if (!node) return undefined;
  const read = new Set<string>();
  if (!columnsRead(node, read)) return undefined;
  const bounded = new Set<string>();
  const positive = new Set<string>();
  boundedColumns(node, bounded, positive);
  if (population === 'live') LIVENESS.forEach((column) => read.add(column));
  return countingIndexes(type).find((index) => {
    if (!bounded.has(index.lead)) return false;
    if (index.rows !== 'all' && population !== 'live') return false;
    if (index.rows === 'live_counted' && !positive.has(index.lead)) return false;
    // A partial index's own predicate (the live rows) is implied: its columns need not be in the index.
    const held = new Set([...index.columns, ...(index.rows === 'all' ? [] : LIVENESS)]);
    return [...read].every((column) => held.has(column));
  });
}
