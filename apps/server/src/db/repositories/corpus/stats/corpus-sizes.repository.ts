import { sql } from 'kysely';
import { dialectOf, type Db } from '../../../database.ts';

// What the corpus takes on disk, object by object (docs/decisions/042-sqlite-month-ingest-and-size.md).

export interface CorpusObjectSize {
  /** the table, index or full-text table (SQLite: an FTS5 table's shadow tables summed under its name) */
  readonly name: string;
  readonly kind: 'table' | 'index' | 'full-text' | 'toast';
  /** posts or comments (the full-text tables and indexes of one of them), or corpus_names */
  readonly table: string;
  readonly bytes: number;
}

const FTS_SHADOW = /^(posts|comments)_(fts|tri)(_(data|idx|docsize|config|content))?$/;

/**
 * Bytes per object of the corpus tables: SQLite from the dbstat virtual table (every page an object owns, free
 * space included); PostgreSQL from pg_relation_size of each table, its TOAST table and each index, over every
 * partition of posts and comments where they are partitioned. Largest first.
 */
export async function listCorpusObjectSizes(db: Db): Promise<CorpusObjectSize[]> {
  const found = dialectOf(db) === 'postgres' ? await listPostgresSizes(db) : await listSqliteSizes(db);
  return found.filter((o) => o.bytes > 0).sort((a, b) => b.bytes - a.bytes);
}

async function listSqliteSizes(db: Db): Promise<CorpusObjectSize[]> {
  const { rows } = await sql<{ name: string; type: string; table_name: string; bytes: number }>`
    select s.name as name, m.type as type, m.tbl_name as table_name, sum(s.pgsize) as bytes
    from dbstat s join sqlite_master m on m.name = s.name
    where m.tbl_name in ('posts', 'comments', 'corpus_names')
      or m.name like 'posts\_fts%' escape '\\' or m.name like 'posts\_tri%' escape '\\'
      or m.name like 'comments\_fts%' escape '\\' or m.name like 'comments\_tri%' escape '\\'
    group by s.name`.execute(db);
  const sizes = new Map<string, CorpusObjectSize>();
  for (const row of rows) {
    const shadow = FTS_SHADOW.exec(row.name);
    const name = shadow ? `${shadow[1]}_${shadow[2]}` : row.name;
    const entry = sizes.get(name);
    const bytes = Number(row.bytes) + (entry?.bytes ?? 0);
    const kind = shadow ? 'full-text' : row.type === 'index' ? 'index' : 'table';
    sizes.set(name, { name, kind, table: shadow ? shadow[1]! : row.table_name, bytes });
  }
  return [...sizes.values()];
}

async function listPostgresSizes(db: Db): Promise<CorpusObjectSize[]> {
  const { rows } = await sql<{ name: string; kind: string; table_name: string; bytes: string }>`
    with parts as (
      select 'posts' as root, relid from pg_partition_tree(to_regclass('posts'))
      union select 'comments', relid from pg_partition_tree(to_regclass('comments'))
      union select 'posts', to_regclass('posts')
      union select 'comments', to_regclass('comments')
      union select 'corpus_names', to_regclass('corpus_names')
    )
    select c.relname as name, 'table' as kind, p.root as table_name, pg_relation_size(c.oid)::text as bytes
      from parts p join pg_class c on c.oid = p.relid
    union all
    select c.relname || ' (TOAST)', 'toast', p.root, (pg_total_relation_size(c.reltoastrelid))::text
      from parts p join pg_class c on c.oid = p.relid where c.reltoastrelid <> 0
    union all
    select i.relname, 'index', p.root, pg_relation_size(i.oid)::text
      from parts p join pg_index x on x.indrelid = p.relid join pg_class i on i.oid = x.indexrelid`.execute(
    db,
  );
  return rows.map((r) => ({
    name: r.name,
    kind: r.kind as CorpusObjectSize['kind'],
    table: r.table_name,
    bytes: Number(r.bytes),
  }));
}
