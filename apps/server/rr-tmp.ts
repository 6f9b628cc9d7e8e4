import { readRecords } from './src/corpus/readers/read-records.ts';
import { normaliseRecord } from './src/corpus/normalise.ts';
import { createDatabase } from './src/db/database.ts';
import { migrateToLatest } from './src/db/migrate.ts';
import { CompiledQuery } from 'kysely';
import fs from 'node:fs';
fs.rmSync('/tmp/b1-try', { recursive: true, force: true });
const h = createDatabase('sqlite:/tmp/b1-try/p.db');
await migrateToLatest(h.db as never);
const rows: any[] = [];
for await (const items of readRecords('/tmp/b1-gen/RC_generated.ndjson')) for (const it of items) if (it.type === 'record') { const r = normaliseRecord(it.raw, it.kind); if (r.kind === 'comment') rows.push(r.row); }
const cols = Object.keys(rows[0]);
const B = 1000;
const sqlText = (n: number) => `insert into comments (${cols.join(',')}) values ${Array.from({length:n},()=>'('+cols.map(()=>'?').join(',')+')').join(',')} on conflict (id) do update set score = excluded.score where excluded.retrieved_at > comments.retrieved_at`;
const mode = process.argv[2];
let t = Date.now();
if (mode === 'nofts') { await h.db.executeQuery(CompiledQuery.raw('drop trigger comments_fts_ai')); }
for (let i = 0; i < rows.length; i += B) {
  const chunk = rows.slice(i, i + B);
  const vals = chunk.flatMap((r) => cols.map((c) => r[c]));
  await h.db.executeQuery(CompiledQuery.raw('begin immediate'));
  await h.db.executeQuery(CompiledQuery.raw(sqlText(chunk.length), vals));
  if (mode === 'replies') await h.db.executeQuery(CompiledQuery.raw(`update comments set replies = (select count(*) from comments c where c.parent_id = 't1_' || comments.id) where id in (${chunk.map(()=>'?').join(',')})`, chunk.map((r) => r.id)));
  await h.db.executeQuery(CompiledQuery.raw('commit'));
}
console.log(mode, 'insert ms', Date.now() - t);
await h.close();
