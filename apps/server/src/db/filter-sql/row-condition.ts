import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../../config.ts';
import type { KeywordTerm } from '../../corpus/filters/keyword-query.ts';
import type { PreparedNode, RecordType } from '../../corpus/filters/prepare.ts';
import { corpusExpressions as eb, FALSE, LIVE, TRUE, type CorpusColumn } from './corpus-expressions.ts';
import { trigramRowCondition } from './index-lookup.ts';
/**
 * A filter as a condition on one row, with bound parameters only. Exact on SQLite (words through `search_text`,
 * RE2 through the registered `re2_match`). On PostgreSQL regex rules are not: its engine is not RE2, so each regex
 * atom becomes a superset (its literals through the trigram index's expression) or a subset (FALSE) chosen by its
 * polarity under NOT; the whole condition is then a superset and `needsCheck` says the reference evaluator must
 * check each row (docs/decisions/016-search-at-scale.md).
 */
export interface RowCondition {
  readonly where: Expression<SqlBool>;
  readonly needsCheck: boolean;
  /** live: the condition holds `is_deleted = 0 and is_removed = 0` (no `removed` rule); all: any record may match */
  readonly population: Population;
}
export type Population = 'live' | 'all';

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

/** Where `text` holds `part` (SQLite's instr, PostgreSQL's strpos: both 0 when it does not). */
const holds = (text: Expression<string>, part: string, dialect: DatabaseDialect) =>
  eb(eb.fn<number>(dialect === 'sqlite' ? 'instr' : 'strpos', [text, eb.val(part)]), '>', eb.lit(0));

function keywordCondition(terms: readonly KeywordTerm[], dialect: DatabaseDialect): Expression<SqlBool> {
  const SPACE = sql.lit(' ');
  const spaced = eb(eb(SPACE, '||', eb.ref('search_text')), '||', SPACE) as Expression<string>;
  return eb.and(terms.map((term) => holds(spaced, termPattern(term), dialect)));
}

/** A–Z lowered, the same on both databases (SQLite's lower() without ICU lowers only ASCII). */
export function asciiLowerSql(column: CorpusColumn, dialect: DatabaseDialect): Expression<string> {
  return dialect === 'sqlite'
    ? eb.fn<string>('lower', [eb.ref(column)])
    : eb.fn<string>('translate', [
        eb.ref(column),
        sql.lit('ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        sql.lit('abcdefghijklmnopqrstuvwxyz'),
      ]);
}

// The bounds stay plain comparisons on the bare column, so the range indexes can serve them.
function rangeCondition(node: Extract<PreparedNode, { kind: 'range' }>): Expression<SqlBool> {
  const { column, min, max } = node;
  if (min !== null && max !== null) return min === max ? eb(column, '=', min) : eb.between(column, min, max);
  return min !== null ? eb(column, '>=', min) : eb(column, '<=', max!);
}

interface Part {
  readonly condition: Expression<SqlBool>;
  readonly isExact: boolean;
}

const negate = (part: Part, not: boolean): Part =>
  not ? { condition: eb.not(part.condition), isExact: part.isExact } : part;

interface Context {
  readonly table: RecordType;
  readonly dialect: DatabaseDialect;
  readonly population: Population;
}

// positive: the node sits under an even number of negations, so widening it widens the whole condition.
function compile(node: PreparedNode, context: Context, positive: boolean): Part {
  const { table, dialect, population } = context;
  // A record whose text is gone reads as an empty text (decision 017): no word, and what a regex finds in "".
  const withText = (text: Expression<SqlBool>) => (population === 'live' ? text : eb.and([LIVE, text]));
  switch (node.kind) {
    case 'constant':
      return { condition: node.value ? TRUE : FALSE, isExact: true };
    case 'range':
      return { condition: rangeCondition(node), isExact: true };
    case 'names':
    case 'choices':
      return {
        condition: eb(node.column, node.negate ? 'not in' : 'in', [...node.values]),
        isExact: true,
      };
    case 'flag': {
      const isSet =
        node.column === 'over_18'
          ? eb('over_18', '=', eb.lit(1))
          : eb.or([eb('is_deleted', '=', eb.lit(1)), eb('is_removed', '=', eb.lit(1))]);
      return { condition: node.value ? isSet : eb.not(isSet), isExact: true };
    }
    case 'text':
      return negate(
        { condition: holds(asciiLowerSql(node.column, dialect), node.text, dialect), isExact: true },
        node.negate,
      );
    case 'keyword':
      return negate(
        { condition: withText(keywordCondition(node.terms, dialect)), isExact: true },
        node.negate,
      );
    case 'regex': {
      if (dialect === 'sqlite') {
        const text =
          population === 'live'
            ? regexTextSql(table, dialect)
            : sql`iif(${LIVE}, ${regexTextSql(table, dialect)}, '')`;
        return negate(
          { condition: sql<SqlBool>`re2_match(${node.pattern}, ${text}) = 1`, isExact: true },
          node.negate,
        );
      }
      const widening = positive !== node.negate;
      const superset = widening ? trigramRowCondition(node.literals, table) : FALSE;
      return negate({ condition: superset, isExact: false }, node.negate);
    }
    case 'group': {
      const parts = node.children.map((child) => compile(child, context, positive !== node.not));
      const conditions = parts.map((p) => p.condition);
      return negate(
        {
          condition: node.combinator === 'and' ? eb.and(conditions) : eb.or(conditions),
          isExact: parts.every((p) => p.isExact),
        },
        node.not,
      );
    }
  }
}

/** The count columns whose indexes hold only counts above zero (migration 20261123000100). */
const POSITIVE_INDEXED = ['num_comments', 'replies'] as const;
type PositiveIndexed = (typeof POSITIVE_INDEXED)[number];
const isPositiveIndexed = (column: string): column is PositiveIndexed =>
  (POSITIVE_INDEXED as readonly string[]).includes(column);

/**
 * Count columns that must be at least 1 for any match: a range with min ≥ 1 reached from the root through AND groups
 * without NOT. Stating `column > 0` beside the filter lets the planner use the partial count index, which it cannot
 * infer from `between 5 and 20` itself; the result is the same.
 */
function requiredPositiveCounts(node: PreparedNode): Set<PositiveIndexed> {
  const columns = new Set<PositiveIndexed>();
  const visit = (n: PreparedNode) => {
    if (n.kind === 'range' && isPositiveIndexed(n.column) && n.min !== null && n.min >= 1)
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
  // The literal 0 (not a parameter) matches the partial indexes' own `count > 0`; after the filter's own bounds, as
  // SQLite seeks from the first lower bound it meets (countCondition in index-lookup.ts).
  const positive =
    population === 'live'
      ? [...requiredPositiveCounts(node)].map((column) => eb(column, '>', eb.lit(0)))
      : [];
  return { where: eb.and([...live, part.condition, ...positive]), needsCheck: !part.isExact, population };
}
