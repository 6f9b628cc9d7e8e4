import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../../config.ts';
import type { KeywordTerm } from '../../corpus/filters/keyword-query.ts';
import type { PreparedNode, RecordType } from '../../corpus/filters/prepare.ts';

/**
 * A compiled filter: `where` is exact when `isExact`; otherwise it is a superset of the matches (every true match
 * passes it) and the caller keeps only the candidates the reference evaluator accepts.
 */
export interface CompiledFilter {
  readonly where: RawBuilder<SqlBool>;
  readonly isExact: boolean;
  /** SQLite count: read the table in storage order (NOT INDEXED) rather than row by row through an index */
  readonly isTableScan: boolean;
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/** FTS5 query: every term a quoted string (a phrase when several tokens), `*` after it for a prefix, AND between. */
export function toFts5Query(terms: readonly KeywordTerm[]): string {
  return terms
    .map((term) => `"${term.tokens.join(' ').replace(/"/g, '""')}"${term.prefix ? ' *' : ''}`)
    .join(' AND ');
}

const tsLexeme = (token: string, prefix: boolean) =>
  `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;

/**
 * PostgreSQL tsquery text: quoted lexemes, `:*` for a prefix, `&` between terms. Phrases are loosened to their words
 * (AND): tsvector positions stop at 16383 and keep at most 256 per word, so `<->` is not exact in long texts.
 */
export function toTsQuery(terms: readonly KeywordTerm[]): string {
  return terms
    .flatMap((term) =>
      term.tokens.map((token, i) => tsLexeme(token, term.prefix && i === term.tokens.length - 1)),
    )
    .join(' & ');
}

interface Part {
  readonly sql: RawBuilder<SqlBool>;
  readonly isExact: boolean;
}

class FilterCompiler {
  constructor(
    private readonly dialect: DatabaseDialect,
    private readonly table: RecordType,
    private readonly isFtsDriving: boolean,
  ) {}

  // positive: the node sits under an even number of negations, so widening it widens the whole tree.
  compile(node: PreparedNode, positive: boolean): Part {
    switch (node.kind) {
      case 'constant':
        return { sql: node.value ? TRUE : FALSE, isExact: true };
      case 'range':
        return { sql: this.range(node), isExact: true };
      case 'keyword':
        return this.negate(this.keyword(node.terms, positive !== node.negate), node.negate);
      case 'regex':
        return this.negate(this.regex(node.pattern, positive !== node.negate), node.negate);
      case 'group': {
        const parts = node.children.map((child) => this.compile(child, positive !== node.not));
        const joined = sql.join(
          parts.map((p) => sql`(${p.sql})`),
          node.combinator === 'and' ? sql` and ` : sql` or `,
        );
        return this.negate(
          { sql: sql<SqlBool>`${joined}`, isExact: parts.every((p) => p.isExact) },
          node.not,
        );
      }
    }
  }

  private negate(part: Part, not: boolean): Part {
    return not ? { sql: sql<SqlBool>`not (${part.sql})`, isExact: part.isExact } : part;
  }

  private range(node: Extract<PreparedNode, { kind: 'range' }>): RawBuilder<SqlBool> {
    const column = sql.ref(node.column);
    if (node.min !== null && node.max !== null)
      return node.min === node.max
        ? sql`${column} = ${node.min}`
        : sql`${column} between ${node.min} and ${node.max}`;
    return node.min !== null ? sql`${column} >= ${node.min}` : sql`${column} <= ${node.max}`;
  }

  // positive: whether the keyword atom itself (before its own negation) sits in widening position.
  private keyword(terms: readonly KeywordTerm[], positive: boolean): Part {
    if (this.dialect === 'sqlite') {
      const fts = sql.table(`${this.table}_fts`);
      const match = sql`(select rowid from ${fts} where ${fts} match ${toFts5Query(terms)})`;
      // `+rowid` keeps the match set from driving the query: it filters a scan in result order or of a numeric
      // index instead; a common word would otherwise fetch 100,000s of rows by rowid only to sort them.
      return { sql: this.isFtsDriving ? sql`rowid in ${match}` : sql`+rowid in ${match}`, isExact: true };
    }
    const hasPhrase = terms.some((term) => term.tokens.length > 1);
    if (hasPhrase && !positive) return { sql: FALSE, isExact: false };
    return { sql: sql`search_vector @@ to_tsquery('simple', ${toTsQuery(terms)})`, isExact: !hasPhrase };
  }

  private regex(pattern: string, positive: boolean): Part {
    if (this.dialect === 'postgres') return { sql: positive ? TRUE : FALSE, isExact: false };
    const text =
      this.table === 'posts'
        ? sql`iif(selftext = '', title, title || char(10) || selftext)`
        : sql.ref('body');
    return { sql: sql`re2_match(${pattern}, ${text}) = 1`, isExact: true };
  }
}

/** The count columns whose indexes hold only counts above zero (migration 20261123000100). */
const POSITIVE_INDEXED = new Set(['num_comments', 'replies']);

/**
 * Count columns that must be at least 1 for any match: a range with min ≥ 1 reached from the root through AND groups
 * without NOT. Stating `column > 0` beside the filter lets the planner use the partial count index, which it cannot
 * infer from `between 5 and 20` itself; the result is the same.
 */
function requiredPositiveCounts(node: PreparedNode): Set<string> {
  const columns = new Set<string>();
  const visit = (n: PreparedNode) => {
    if (n.kind === 'range' && POSITIVE_INDEXED.has(n.column) && n.min !== null && n.min >= 1)
      columns.add(n.column);
    else if (n.kind === 'group' && n.combinator === 'and' && !n.not) n.children.forEach(visit);
  };
  visit(node);
  return columns;
}

const has = (node: PreparedNode, kind: PreparedNode['kind']): boolean =>
  node.kind === kind || (node.kind === 'group' && node.children.some((child) => has(child, kind)));

/**
 * Compiles a prepared tree to a WHERE condition with bound parameters only. SQLite is exact (FTS5 and the re2_match
 * function); on PostgreSQL regex rules (its engine is not RE2) and phrases become TRUE/FALSE or looser conditions
 * chosen by their polarity under NOT, so the condition is a superset to be checked row by row.
 */
export function compileFilter(
  node: PreparedNode | null,
  table: RecordType,
  dialect: DatabaseDialect,
  purpose: 'list' | 'count' = 'list',
): CompiledFilter {
  if (!node) return { where: TRUE, isExact: true, isTableScan: false };
  // Only an unordered count without numeric rules is best driven by the full-text match sets, and one that must
  // read every row's text (a regex) reads the table in order, not through a score index (bench/RESULTS.md).
  const isUnorderedScan = purpose === 'count' && !has(node, 'range');
  const part = new FilterCompiler(dialect, table, isUnorderedScan).compile(node, true);
  const positive = [...requiredPositiveCounts(node)].map((column) => sql<SqlBool>`${sql.ref(column)} > 0`);
  return {
    where:
      positive.length === 0 ? part.sql : sql<SqlBool>`${sql.join(positive, sql` and `)} and (${part.sql})`,
    isExact: part.isExact,
    isTableScan: isUnorderedScan && dialect === 'sqlite' && has(node, 'regex'),
  };
}
