import SQLite from 'better-sqlite3';
const db = new SQLite('/tmp/b2-bench/idx.db', { readonly: true });
const live = 'is_deleted = 0 and is_removed = 0';
const qs = {
  ftsCount: `select count(*) from comments_fts where comments_fts match '"data"'`,
  rangeOnly: `select id from comments where ${live} and replies between 5 and 20 order by score desc, id asc limit 1000`,
  rangeCount: `select count(*) from comments where replies between 5 and 20`,
  AC: `select id from comments where ${live} and +rowid in (select rowid from comments_fts where comments_fts match '"data"') and (replies between 5 and 20) order by score desc, id asc limit 1000`,
  ACfull: `select id, author, body, score, created_utc, parent_id, link_id, subreddit, replies, permalink, is_sample from comments where ${live} and +rowid in (select rowid from comments_fts where comments_fts match '"data"') and (replies between 5 and 20) order by score desc, id asc limit 1000`,
};
for (const [k, q] of Object.entries(qs)) {
  const plan = db.prepare('explain query plan ' + q).all().map((r) => r.detail).join(' | ');
  const times = [];
  for (let i = 0; i < 8; i++) { const t = performance.now(); db.prepare(q).all(); times.push((performance.now() - t).toFixed(0)); }
  console.log(k.padEnd(12), times.join(' '), '  ', plan);
}
