import { CompiledQuery } from 'kysely';
import { dialectOf, type Db } from '../../../database.ts';
import { SEARCH_REGEX_TEXT } from './corpus-bulk.repository.ts';

// SQLite: a batch's full-text entries written by one insert-select per FTS5 table instead of the per-row sync
// triggers of migration 20261124000100 (docs/decisions/042-sqlite-month-ingest-and-size.md).

type CorpusTable = 'posts' | 'comments';

const LIVE = 'is_deleted = 0 and is_removed = 0';
const IDS = 'select value from json_each(?)';

/**
 * Runs write (the batch's upsert of `ids`, inside the caller's transaction) with the table's insert and update sync
 * triggers dropped, then indexes the written rows in one insert-select per FTS5 table and makes the triggers again,
 * all in that transaction: other connections never see the table without its triggers, and a crash rolls all of it
 * back. The stored rows of `ids` that are live lose their entries first (the tables are contentless with
 * contentless_delete, so a rowid is enough); every written row is then indexed from what was stored, as the triggers
 * would have left it. Where the triggers are absent (a bulk load deferred them) or on PostgreSQL, write runs alone.
 */
export async function withBatchedSearchSync(
  trx: Db,
  table: CorpusTable,
  ids: readonly string[],
  write: () => Promise<void>,
): Promise<void> {
  if (dialectOf(trx) !== 'sqlite' || ids.length === 0) return write();
  const names = [`${table}_search_ai`, `${table}_search_au`];
  const { rows: triggers } = await trx.executeQuery<{ name: string; sql: string }>(
    CompiledQuery.raw(
      "select name, sql from sqlite_master where type = 'trigger' and name in (?, ?) order by name",
      names,
    ),
  );
  if (triggers.length !== names.length) return write();
  const idList = JSON.stringify(ids);
  const run = (text: string) => trx.executeQuery(CompiledQuery.raw(text, [idList]));
  for (const fts of [`${table}_fts`, `${table}_tri`])
    await run(
      `delete from ${fts} where rowid in (select rowid from ${table} where id in (${IDS}) and ${LIVE})`,
    );
  for (const trigger of triggers) await trx.executeQuery(CompiledQuery.raw(`drop trigger ${trigger.name}`));
  await write();
  await run(
    `insert into ${table}_fts(rowid, search_text) select rowid, search_text from ${table} ` +
      `where id in (${IDS}) and ${LIVE}`,
  );
  await run(
    `insert into ${table}_tri(rowid, regex_text) select rowid, ${SEARCH_REGEX_TEXT[table]} from ${table} ` +
      `where id in (${IDS}) and ${LIVE}`,
  );
  for (const trigger of triggers) await trx.executeQuery(CompiledQuery.raw(trigger.sql));
}
