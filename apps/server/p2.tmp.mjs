import SQLite from 'better-sqlite3';
const db = new SQLite(process.argv[2], { readonly: true });
const live = 'is_deleted = 0 and is_removed = 0';
const f = (t, w) => `+rowid in (select rowid from ${t}_fts where ${t}_fts match '"${w}"')`;
const qs = {
  nestP: `select id, title, selftext from posts where ${live} and ((${f('posts','data')}) or (${f('posts','python')})) and ((score >= 50) or (num_comments >= 20)) and not (${f('posts','bug')}) order by score desc, id asc limit 500`,
  nestC: `select id, body from comments where ${live} and ((${f('comments','data')}) or (${f('comments','python')})) and ((replies >= 3)) and not (${f('comments','bug')}) order by score desc, id asc limit 500`,
};
for (const [k, q] of Object.entries(qs)) {
  const plan = db.prepare('explain query plan ' + q).all().map((r) => r.detail).join(' | ');
  const times = [];
  for (let i = 0; i < 6; i++) { const t = performance.now(); db.prepare(q).all(); times.push((performance.now() - t).toFixed(0)); }
  console.log(k.padEnd(8), times.join(' '), '  ', plan);
}
