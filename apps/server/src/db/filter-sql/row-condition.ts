import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../../config.ts';
import type { KeywordTerm } from '../../corpus/filters/keyword-query.ts';
import type { PreparedNode, RecordType } from '../../corpus/filters/prepare.ts';
import { trigramRowCondition } from './index-lookup.ts';

/**
 * A filter as a condition on one row, with bound parameters only. Exact on SQLite (words through `search_text`,
 * RE2 through the registered `re2_match`). On PostgreSQL regex rules are not: its engine is not RE2, so each regex
 * atom becomes a superset (its literals through the trigram index's expression) or a subset (FALSE) chosen by its
 * polarity under NOT; the whole condition is then a superset and `needsCheck` says the reference evaluator must
 * check each row (docs/decisions/016-search-at-scale.md).
 */
export interface RowCondition {
  readonly where: RawBuilder<SqlBool>;
  readonly needsCheck: boolean;
  /** live: the condition holds `is_deleted = 0 and is_removed = 0` (no `removed` rule); all: any record may match */
  readonly population: Population;
}
export type Population = 'live' | 'all';

export const LIVE = sql<SqlBool>`is_deleted = 0 and is_removed = 0`;

export const TRUE = sql<SqlBool>`1 = 1`;
export const FALSE = sql<SqlBool>`1 = 0`;

/** The text a regex rule reads, as SQL: the title, then a line break and the selftext when there is one; the body. */
export function regexTextSql(table: RecordType, dialect: DatabaseDialect): RawBuilder<string> {
  if (table === 'comments') return sql`body`;
  return dialect === 'sqlite'
    ? sql`iif(selftext = '', title, title || char(10) || selftext)`
    : sql`(case when selftext = '' then title else title || E'\\n' || selftext end)`;
}

/**
 * `search_text` holds a record's tokens joined by single spaces, so a word, a phrase or a prefix is a substring of
 * ` search_text ` that starts (and, unless a prefix, ends) at a space: exactly the reference's whole-word match.
 */
export function termPattern(term: KeywordTerm): string {
  return ` ${term.tokens.join(' ')}${term.prefix ? '' : ' '}`;
}

function keywordSql(terms: readonly KeywordTerm[], dialect: DatabaseDialect): RawBuilder<SqlBool> {
  const find = dialect === 'sqlite' ? sql`instr` : sql`strpos`;
  return sql.join(
    terms.map((term) => sql<SqlBool>`${find}(' ' || search_text || ' ', ${termPattern(term)}) > 0`),
    sql` and `,
  );
}

/** A–Z lowered, the same on both databases (SQLite's lower() without ICU lowers only ASCII). */
export function asciiLowerSql(column: string, dialect: DatabaseDialect): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql`lower(${sql.ref(column)})`
    : sql`translate(${sql.ref(column)}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
}

const inList = (column: string, values: readonly string[], negate: boolean): RawBuilder<SqlBool> =>
  sql`${sql.ref(column)} ${negate ? sql`not in` : sql`in`} (${sql.join(values)})`;

function rangeSql(node: Extract<PreparedNode, { kind: 'range' }>): RawBuilder<SqlBool> {
  const column = sql.ref(node.column);
  if (node.min !== null && node.max !== null)
    return node.min === node.max
      ? sql`${column} = ${node.min}`
      : sql`${column} between ${node.min} and ${node.max}`;
  return node.min !== null ? sql`${column} >= ${node.min}` : sql`${column} <= ${node.max}`;
}

interface Part {
  readonly sql: RawBuilder<SqlBool>;
  readonly isExact: boolean;
}

const negate = (part: Part, not: boolean): Part =>
  not ? { sql: sql<SqlBool>`not (${part.sql})`, isExact: part.isExact } : part;

interface Context {
  readonly table: RecordType;
  readonly dialect: DatabaseDialect;
  readonly population: Population;
}

// positive: the node sits under an even number of negations, so widening it widens the whole condition.
function compile(node: PreparedNode, context: Context, positive: boolean): Part {
  const { table, dialect, population } = context;
  // A record whose text is gone reads as an empty text (decision 017): no word, and what a regex finds in "".
  const withText = (text: RawBuilder<SqlBool>) =>
    population === 'live' ? text : sql<SqlBool>`(${LIVE} and ${text})`;
  switch (node.kind) {
    case 'constant':
      return { sql: node.value ? TRUE : FALSE, isExact: true };
    case 'range':
      return { sql: rangeSql(node), isExact: true };
    case 'names':
    case 'choices':
      return { sql: inList(node.column, node.values, node.negate), isExact: true };
    case 'flag': {
      const isSet =
        node.column === 'over_18'
          ? sql<SqlBool>`over_18 = 1`
          : sql<SqlBool>`(is_deleted = 1 or is_removed = 1)`;
      return { sql: node.value ? isSet : sql<SqlBool>`not ${isSet}`, isExact: true };
    }
    case 'text': {
      const find = dialect === 'sqlite' ? sql`instr` : sql`strpos`;
      const has = sql<SqlBool>`${find}(${asciiLowerSql(node.column, dialect)}, ${node.text}) > 0`;
      return negate({ sql: has, isExact: true }, node.negate);
    }
    case 'keyword':
      return negate({ sql: withText(keywordSql(node.terms, dialect)), isExact: true }, node.negate);
    case 'regex': {
      if (dialect === 'sqlite') {
        const text =
          population === 'live'
            ? regexTextSql(table, dialect)
            : sql`iif(${LIVE}, ${regexTextSql(table, dialect)}, '')`;
        return negate({ sql: sql`re2_match(${node.pattern}, ${text}) = 1`, isExact: true }, node.negate);
      }
      const widening = positive !== node.negate;
      const superset = widening ? trigramRowCondition(node.literals, table) : FALSE;
      return negate({ sql: superset, isExact: false }, node.negate);
    }
    case 'group': {
      const parts = node.children.map((child) => compile(child, context, positive !== node.not));
      const joined = sql.join(
        parts.map((p) => sql`(${p.sql})`),
        node.combinator === 'and' ? sql` and ` : sql` or `,
      );
      return negate({ sql: sql<SqlBool>`${joined}`, isExact: parts.every((p) => p.isExact) }, node.not);
    }
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

/** Compiles a prepared tree (null: no constraint) to a row condition for one table and dialect. */
export function compileRowCondition(
  node: PreparedNode | null,
  table: RecordType,
  dialect: DatabaseDialect,
  population: Population = 'live',
): RowCondition {
  const live = population === 'live' ? [LIVE] : [];
  if (!node) return { where: live[0] ?? TRUE, needsCheck: false, population };
  const part = compile(node, { table, dialect, population }, true);
  const positive =
    population === 'live'
      ? [...requiredPositiveCounts(node)].map((column) => sql<SqlBool>`${sql.ref(column)} > 0`)
      : [];
  const terms = [...live, ...positive, sql<SqlBool>`(${part.sql})`];
  return { where: sql<SqlBool>`${sql.join(terms, sql` and `)}`, needsCheck: !part.isExact, population };
}
