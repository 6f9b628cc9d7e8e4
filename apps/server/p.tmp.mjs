import SQLite from 'better-sqlite3';
const db = new SQLite(process.argv[2], { readonly: true });
const live = 'is_deleted = 0 and is_removed = 0';
const fts = (t, q, plus = '') => `${plus}rowid in (select rowid from ${t}_fts where ${t}_fts match '${q}')`;
const qs = {
  AC: `select id from comments where ${live} and ${fts('comments', '"data"')} and (replies between 5 and 20) order by score desc, id asc limit 1000`,
  ACplus: `select id from comments where ${live} and ${fts('comments', '"data"', '+')} and (replies between 5 and 20) order by score desc, id asc limit 1000`,
  AClik: `select id from comments where ${live} and ${fts('comments', '"data"')} and likelihood(replies between 5 and 20, 0.01) order by score desc, id asc limit 1000`,
  dataOnly: `select id from comments where ${live} and ${fts('comments', '"data"')} order by score desc, id asc limit 500`,
  dataOnlyPlus: `select id from comments where ${live} and ${fts('comments', '"data"', '+')} order by score desc, id asc limit 500`,
  rare: `select id from comments where ${live} and ${fts('comments', '"proxmox" AND "wayland"')} order by score desc, id asc limit 500`,
  rarePlus: `select id from comments where ${live} and ${fts('comments', '"proxmox" AND "wayland"', '+')} order by score desc, id asc limit 500`,
  rareWideRangePlus: `select id from comments where ${live} and ${fts('comments', '"proxmox" AND "wayland"', '+')} and replies >= 0 order by score desc, id asc limit 500`,
};
for (const [k, q] of Object.entries(qs)) {
  const plan = db.prepare('explain query plan ' + q).all().map((r) => r.detail).join(' | ');
  const times = [];
  for (let i = 0; i < 4; i++) { const t = performance.now(); const n = db.prepare(q).all().length; times.push((performance.now() - t).toFixed(0) + '/' + n); }
  console.log(k.padEnd(18), times.join(' '), '  ', plan);
}
