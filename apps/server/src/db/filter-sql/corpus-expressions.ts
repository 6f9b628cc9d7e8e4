import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { RecordType } from '../../corpus/filters/prepare.ts';
import type { Database } from '../schema.ts';

/**
 * Conditions on the corpus tables, every column checked against its type in db/tables. A filter reads one table at a
 * time, so its columns are named unqualified; which table has which filter column is the field registry's to say.
 */
export const corpusExpressions = expressionBuilder<Database, RecordType>();
const eb = corpusExpressions;

/** A column of posts or comments. */
export type CorpusColumn = keyof Database['posts'] | keyof Database['comments'];

// Constants stay literals (not parameters): the planners match them with the partial indexes' own `where`.
/** The records whose text is still there: what the live partial indexes hold. */
export const LIVE: Expression<SqlBool> = eb.and([
  eb('is_deleted', '=', eb.lit(0)),
  eb('is_removed', '=', eb.lit(0)),
]);
export const TRUE: Expression<SqlBool> = eb(eb.lit(1), '=', eb.lit(1));
export const FALSE: Expression<SqlBool> = eb(eb.lit<number>(1), '=', eb.lit(0));
