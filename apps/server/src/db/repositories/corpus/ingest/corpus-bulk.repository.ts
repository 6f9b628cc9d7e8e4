import { CompiledQuery, sql } from 'kysely';
import { dialectOf, withTransaction, type Db } from '../../../database.ts';
import type { CorpusDeferredTable } from '../../../tables/corpus.tables.ts';

// The corpus's secondary indexes deferred by a bulk ingest (docs/decisions/027-bulk-ingest.md). Every statement here
// runs under the ingest lock (services/corpus/ingest/corpus-ingest.service.ts withIngestLock): nothing else writes the corpus.

export type DeferredObject = Pick<CorpusDeferredTable, 'name' | 'kind' | 'table_name' | 'definition'>;

const CORPUS_TABLES = ['posts', 'comments'] as const;
type CorpusTable = (typeof CORPUS_TABLES)[number];

/**
 * Indexes the ingest's own batches read through (corpus-ingest.repository.ts): `comments.parent_id` for the stored
 * children of every comment (selectNewer) and the recount of outside parents, `comments.link_id` for a post's
 * over_18 reaching its comments (upsertPosts). Without them every batch scans the table: the load turns quadratic.
 * The primary keys (every `id in (…)` lookup, the upserts' conflict target) are unique and never deferred.
 */
export const INGEST_INDEXES: ReadonlySet<string> = new Set([
  'comments_parent_idx',
  'comments_link_score_idx',
]);

/** SQLite: the triggers that keep the FTS5 tables in step with the corpus (migration 20261124000100). */
export const SEARCH_TRIGGERS: readonly string[] = CORPUS_TABLES.flatMap((table) =>
  ['ai', 'ad', 'au'].map((event) => `${table}_search_${event}`),
);

/**
 * The corpus tables' secondary indexes as they stand, with the statements that make them (PostgreSQL: the current
 * schema's pg_indexes; SQLite: sqlite_master, with the FTS5 sync triggers), less the unique ones and INGEST_INDEXES.
 */
export async function listDeferrableObjects(db: Db): Promise<DeferredObject[]> {
  const found: DeferredObject[] = [];
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ name: string; table_name: CorpusTable; definition: string }>`
      select indexname as name, tablename as table_name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename in ('posts', 'comments') order by indexname`.execute(
      db,
    );
    // A partitioned table's index reads `on only` (decision 041): made again without it, it reaches the partitions.
    for (const row of rows)
      found.push({ ...row, kind: 'index', definition: row.definition.replace(/ ON ONLY /i, ' ON ') });
  } else {
    const { rows } = await sql<{
      type: 'index' | 'trigger';
      name: string;
      table_name: CorpusTable;
      sql: string;
    }>`
      select type, name, tbl_name as table_name, sql from sqlite_master
      where tbl_name in ('posts', 'comments') and type in ('index', 'trigger') and sql is not null
      order by type, name`.execute(db);
    for (const row of rows) {
      if (row.type === 'trigger' && !SEARCH_TRIGGERS.includes(row.name)) continue;
      found.push({ name: row.name, kind: row.type, table_name: row.table_name, definition: row.sql });
    }
  }
  return found.filter((o) => !/^create unique /i.test(o.definition) && !INGEST_INDEXES.has(o.name));
}

/**
 * In one transaction: records every deferrable object (listDeferrableObjects) and the name counts' rebuild
 * (NAMES_REBUILD) in corpus_deferred, keeping the rows of an earlier, interrupted deferral, and drops the objects.
 * Returns everything corpus_deferred then names.
 */
export async function deferCorpusObjects(db: Db, nowIso: string): Promise<DeferredObject[]> {
  return withTransaction(db, async (trx) => {
    const present = await listDeferrableObjects(trx);
    await trx
      .insertInto('corpus_deferred')
      .values([...present, NAMES_REBUILD].map((o) => ({ ...o, deferred_at: nowIso })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    for (const o of present) {
      await trx.executeQuery(CompiledQuery.raw(`drop ${o.kind} if exists ${quoteName(o.name)}`));
    }
    return listDeferredObjects(trx);
  });
}

/**
 * The builder's name counts (corpus_names), which a bulk load does not keep batch by batch: one row stands for their
 * rebuild from the tables once the load ends (rebuildCorpusNames).
 */
export const NAMES_REBUILD: DeferredObject = {
  name: 'corpus_names',
  kind: 'names',
  table_name: 'corpus_names',
  definition: 'rebuilt from posts and comments',
};

/**
 * Counts every subreddit, author and link domain of the corpus again, as migration 20261125000300 first filled
 * corpus_names (the display form is the least of a key's spellings rather than the first stored), and deletes the
 * names row of corpus_deferred, in one transaction: a run killed halfway leaves the old counts and the row.
 */
export async function rebuildCorpusNames(db: Db): Promise<void> {
  await withTransaction(db, async (trx) => {
    if (dialectOf(trx) === 'postgres')
      await trx.executeQuery(CompiledQuery.raw("set local work_mem = '256MB'"));
    await trx.deleteFrom('corpus_names').execute();
    for (const [field, select] of NAME_SOURCES) {
      await trx.executeQuery(
        CompiledQuery.raw(
          'insert into corpus_names (field, name_key, name, records) ' +
            `select '${field}', k, min(n), count(*) from (${select}) s where k <> '' group by k`,
        ),
      );
    }
    await trx.deleteFrom('corpus_deferred').where('name', '=', NAMES_REBUILD.name).execute();
  });
}

/** Where each field's names are, as (key, name) rows. */
const NAME_SOURCES: readonly [field: string, select: string][] = [
  [
    'subreddit',
    'select subreddit_key as k, subreddit as n from posts union all select subreddit_key, subreddit from comments',
  ],
  [
    'author',
    'select author_key as k, author as n from posts union all select author_key, author from comments',
  ],
  ['domain', 'select domain_key as k, domain as n from posts'],
];

/** Every object a bulk ingest deferred and that is not made again yet: indexes first, then names, then triggers. */
export async function listDeferredObjects(db: Db): Promise<DeferredObject[]> {
  return db
    .selectFrom('corpus_deferred')
    .select(['name', 'kind', 'table_name', 'definition'])
    .orderBy('kind')
    .orderBy('name')
    .execute();
}

/** True while corpus_deferred has a row: one read of at most one row. */
export async function hasDeferredObjects(db: Db): Promise<boolean> {
  const row = await db.selectFrom('corpus_deferred').select('name').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** PostgreSQL: memory for one index build (sorts, GIN's pending entries); the session default is 64 MB. */
const INDEX_BUILD_MEMORY = '1GB';

/**
 * Makes one deferred index again (`if not exists`: an index built by a run killed before it deleted the row is
 * kept) and deletes its row, in one transaction.
 */
export async function buildDeferredIndex(db: Db, index: DeferredObject): Promise<void> {
  await withTransaction(db, async (trx) => {
    if (dialectOf(trx) === 'postgres') {
      await trx.executeQuery(CompiledQuery.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
    }
    await trx.executeQuery(CompiledQuery.raw(ifNotExists(index.definition)));
    await trx.deleteFrom('corpus_deferred').where('name', '=', index.name).execute();
  });
}

/**
 * SQLite: rebuilds a table's FTS5 tables from its live rows, as migration 20261124000100 fills them ('delete-all',
 * then one insert-select each), makes its deferred sync triggers again and deletes their rows, in one transaction:
 * killed halfway, it leaves the rows, and the next run starts the rebuild over.
 */
export async function rebuildSearchTables(
  db: Db,
  table: CorpusTable,
  triggers: readonly DeferredObject[],
): Promise<void> {
  await withTransaction(db, async (trx) => {
    for (const fts of [`${table}_fts`, `${table}_tri`]) {
      await trx.executeQuery(CompiledQuery.raw(`insert into ${fts}(${fts}) values ('delete-all')`));
    }
    await trx.executeQuery(
      CompiledQuery.raw(
        `insert into ${table}_fts(rowid, search_text) select rowid, search_text from ${table} where ${LIVE}`,
      ),
    );
    await trx.executeQuery(
      CompiledQuery.raw(
        `insert into ${table}_tri(rowid, regex_text) select rowid, ${SEARCH_REGEX_TEXT[table]} from ${table} where ${LIVE}`,
      ),
    );
    for (const trigger of triggers) {
      await trx.executeQuery(CompiledQuery.raw(ifNotExists(trigger.definition)));
      await trx.deleteFrom('corpus_deferred').where('name', '=', trigger.name).execute();
    }
  });
}

const LIVE = 'is_deleted = 0 and is_removed = 0';

/** The text the trigram table holds, word for word as migration 20261124000100's sqliteRegexText. */
export const SEARCH_REGEX_TEXT: Record<CorpusTable, string> = {
  posts:
    "replace(replace(iif(selftext = '', title, title || char(10) || selftext), char(383), 's'), char(8490), 'k')",
  comments: "replace(replace(body, char(383), 's'), char(8490), 'k')",
};

/** `create index x …` → `create index if not exists x …` (likewise for a trigger); unique indexes are never here. */
function ifNotExists(definition: string): string {
  if (/^create (index|trigger) if not exists /i.test(definition)) return definition;
  return definition.replace(
    /^create (index|trigger) /i,
    (_, kind: string) => `create ${kind} if not exists `,
  );
}

/** Names come from the catalogue; quoted all the same, as PostgreSQL and SQLite both accept. */
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;
