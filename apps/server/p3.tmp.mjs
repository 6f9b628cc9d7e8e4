import SQLite from 'better-sqlite3';
import { registerSqliteFunctions } from './src/db/filter-sql/sqlite-functions.ts';
const db = new SQLite('/work/main/bench/.data/corpus-1m.db', { readonly: true });
registerSqliteFunctions(db);
const live = 'is_deleted = 0 and is_removed = 0';
const rx = `re2_match('\\b(pandas|pytorch)\\b', body) = 1`;
const qs = {
  cnt: `select count(*) n from (select 1 from comments where ${live} and (${rx}) limit 100001)`,
  cntNI: `select count(*) n from (select 1 from comments not indexed where ${live} and (${rx}) limit 100001)`,
  ftsNI: `select count(*) n from (select 1 from comments not indexed where ${live} and rowid in (select rowid from comments_fts where comments_fts match '"bug"') limit 100001)`,
};
for (const [k, q] of Object.entries(qs)) {
  const plan = db.prepare('explain query plan ' + q).all().map((r) => r.detail).join(' | ');
  const t = performance.now(); const r = db.prepare(q).get();
  console.log(k, r.n, (performance.now() - t).toFixed(0), plan);
}
