import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../../config.ts';
import type { IndexLookup } from '../../corpus/filters/index-lookups.ts';
import type { KeywordTerm } from '../../corpus/filters/keyword-query.ts';
import type { RecordType } from '../../corpus/filters/prepare.ts';
import type { LiteralQuery } from '../../corpus/filters/regex-literals.ts';
import { corpusExpressions as eb, FALSE, LIVE, TRUE } from './corpus-expressions.ts';

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
 * (the row condition checks them exactly): tsvector positions stop at 16383, so `<->` is not exact in long texts.
 */
export function toTsQuery(terms: readonly KeywordTerm[]): string {
  return terms
    .flatMap((term) =>
      term.tokens.map((token, i) => tsLexeme(token, term.prefix && i === term.tokens.length - 1)),
    )
    .join(' & ');
}

// A literal is usable when it is printable ASCII (what the regex analysis promises) and, on PostgreSQL, has three
// letters or digits in a row: pg_trgm builds trigrams from words only, so "a.b" would make the index read everything.
const usable = (text: string, dialect: DatabaseDialect) =>
  text.length >= 3 && /^[\t\n\r\x20-\x7e]+$/.test(text) && (dialect === 'sqlite' || /[a-z0-9]{3}/.test(text));

type Rendered<T> = T | 'any' | 'none';

/** Renders a literal query bottom-up; 'any' absorbs into AND and dominates OR, 'none' the other way round. */
function renderLiterals<T>(
  query: LiteralQuery,
  dialect: DatabaseDialect,
  leaf: (text: string) => T,
  join: (parts: T[], combinator: 'and' | 'or') => T,
): Rendered<T> {
  if (query.kind === 'any' || query.kind === 'none') return query.kind;
  if (query.kind === 'literal') return usable(query.text, dialect) ? leaf(query.text) : 'any';
  const parts: T[] = [];
  for (const child of query.children) {
    const rendered = renderLiterals(child, dialect, leaf, join);
    if (rendered === (query.kind === 'and' ? 'none' : 'any')) return rendered;
    if (rendered !== 'any' && rendered !== 'none') parts.push(rendered);
  }
  if (parts.length === 0) return query.kind === 'and' ? 'any' : 'none';
  return parts.length === 1 ? parts[0]! : join(parts, query.kind);
}

/** The FTS5 query of the trigram table: a literal is the AND of its trigrams (the table keeps no positions). */
export function toTrigramMatch(query: LiteralQuery): Rendered<string> {
  return renderLiterals(
    query,
    'sqlite',
    (text) => {
      const grams = new Set<string>();
      for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
      return [...grams].map((gram) => `"${gram.replace(/"/g, '""')}"`).join(' AND ');
    },
    (parts, combinator) => parts.map((part) => `(${part})`).join(combinator === 'and' ? ' AND ' : ' OR '),
  );
}

/**
 * The regex text as the PostgreSQL trigram indexes hold it (migration 20261128000400, word for word, so that the
 * planner matches the index expression): long s (U+017F) and the Kelvin sign (U+212A) folded to s and k.
 */
function foldedRegexText(table: RecordType): RawBuilder<string> {
  return table === 'posts'
    ? sql`replace(replace(case when selftext = '' then title else title || E'\\n' || selftext end, E'\\u017F', 's'), E'\\u212A', 'k')`
    : sql`replace(replace(body, E'\\u017F', 's'), E'\\u212A', 'k')`;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PostgreSQL: the regex text holds the literals, case-insensitively for ASCII (a superset of the regex's matches). */
export function trigramRowCondition(query: LiteralQuery, table: RecordType): Expression<SqlBool> {
  const text = foldedRegexText(table);
  const rendered = renderLiterals<Expression<SqlBool>>(
    query,
    'postgres',
    (literal) => sql<SqlBool>`${text} ilike ${likePattern(literal)}`,
    (parts, combinator) => (combinator === 'and' ? eb.and(parts) : eb.or(parts)),
  );
  return rendered === 'any' ? TRUE : rendered === 'none' ? FALSE : rendered;
}

// Bounds as plain comparisons on the bare column: what the creation-time and name indexes serve.
function createdBetween(min: number | null, max: number | null): Expression<SqlBool>[] {
  return [
    ...(min === null ? [] : [eb('created_utc', '>=', min)]),
    ...(max === null ? [] : [eb('created_utc', '<=', max)]),
  ];
}

const namesCondition = (lookup: Extract<IndexLookup, { kind: 'names' }>): Expression<SqlBool> =>
  eb.and([
    eb(lookup.column, 'in', [...lookup.values]),
    ...createdBetween(lookup.created?.min ?? null, lookup.created?.max ?? null),
  ]);

const createdCondition = (lookup: Extract<IndexLookup, { kind: 'created' }>) =>
  eb.and(createdBetween(lookup.min, lookup.max));

/**
 * Live records with a count in the range: the literal `> 0` is the partial count index's own condition. It comes
 * last: SQLite seeks from the first lower bound it meets, and from `> 0` it read every entry below the range (2M of
 * them for `replies >= 6` at 10M records, 300 ms, where the range itself is 87,000 entries and 15 ms).
 */
const countCondition = (lookup: Extract<IndexLookup, { kind: 'count' }>): Expression<SqlBool> =>
  eb.and([
    LIVE,
    eb(lookup.column, '>=', lookup.min),
    ...(lookup.max === null ? [] : [eb(lookup.column, '<=', lookup.max)]),
    eb(lookup.column, '>', eb.lit(0)),
  ]);

/** Records with a score in the range: the live score index's own predicate when the tree admits live records only. */
const scoreCondition = (lookup: Extract<IndexLookup, { kind: 'score' }>): Expression<SqlBool> =>
  eb.and([
    ...(lookup.isLive ? [LIVE] : []),
    eb('score', '>=', lookup.min),
    ...(lookup.max === null ? [] : [eb('score', '<=', lookup.max)]),
  ]);

/**
 * SQLite: the rowids of a lookup, read from its index only, as a subquery with one column `r`. `withRepeats`: a union
 * keeps a rowid its parts share twice (UNION ALL), so that rows stream and a limit stops the reading early; a probe
 * of the lookup's size counts with it (an upper bound), where UNION would first read every part whole.
 */
export function lookupRowids(
  lookup: IndexLookup,
  table: RecordType,
  withRepeats = false,
): RawBuilder<{ r: number }> {
  switch (lookup.kind) {
    case 'none':
      return sql`select null as r where 0`;
    case 'words': {
      const fts = sql.table(`${table}_fts`);
      return sql`select rowid as r from ${fts} where ${fts} match ${toFts5Query(lookup.terms)}`;
    }
    case 'trigrams': {
      const match = toTrigramMatch(lookup.literals);
      const tri = sql.table(`${table}_tri`);
      if (match === 'none') return sql`select null as r where 0`;
      if (match === 'any') return sql`select rowid as r from ${tri}`;
      return sql`select rowid as r from ${tri} where ${tri} match ${match}`;
    }
    case 'names': {
      const index = sql.raw(`${table}_${lookup.column.replace('_key', '')}_created_idx`);
      return sql`select rowid as r from ${sql.table(table)} indexed by ${index}
        where ${namesCondition(lookup)}`;
    }
    case 'created':
      return sql`select rowid as r from ${sql.table(table)} indexed by ${sql.raw(`${table}_created_idx`)}
        where ${createdCondition(lookup)}`;
    case 'count': {
      const index = sql.raw(table === 'posts' ? 'posts_live_num_comments_idx' : 'comments_live_replies_idx');
      return sql`select rowid as r from ${sql.table(table)} indexed by ${index} where ${countCondition(lookup)}`;
    }
    case 'score': {
      const index = sql.raw(`${table}_${lookup.isLive ? 'live_score' : 'score_all'}_idx`);
      return sql`select rowid as r from ${sql.table(table)} indexed by ${index} where ${scoreCondition(lookup)}`;
    }
    case 'union':
      return sql.join(
        lookup.parts.map((part) => lookupRowids(part, table, withRepeats)),
        withRepeats ? sql` union all ` : sql` union `,
      ) as RawBuilder<{ r: number }>;
  }
}

/**
 * PostgreSQL: a lookup as a condition its index answers (tsvector, pg_trgm or the partial count index). The word and
 * trigram indexes hold live records only, and say so: a record whose text is gone reads as an empty text, which holds
 * no word and no literal, so every record these lookups must list is live; stating the index's own predicate is what
 * lets the planner use the partial index at all (without it, every probe read the whole table).
 */
export function lookupCondition(lookup: IndexLookup, table: RecordType): Expression<SqlBool> {
  switch (lookup.kind) {
    case 'none':
      return FALSE;
    case 'words':
      return eb.and([LIVE, sql<SqlBool>`search_vector @@ to_tsquery('simple', ${toTsQuery(lookup.terms)})`]);
    case 'trigrams':
      return eb.and([LIVE, trigramRowCondition(lookup.literals, table)]);
    case 'names':
      return namesCondition(lookup);
    case 'created':
      return createdCondition(lookup);
    case 'count':
      return countCondition(lookup);
    case 'score':
      return scoreCondition(lookup);
    case 'union':
      return eb.or(lookup.parts.map((part) => lookupCondition(part, table)));
  }
}
