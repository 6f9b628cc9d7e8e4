import SQLite from 'better-sqlite3';
import { readRecords } from './src/corpus/readers/read-records.ts';
import { normaliseRecord } from './src/corpus/normalise.ts';
import { createDatabase } from './src/db/database.ts';
import { migrateToLatest } from './src/db/migrate.ts';
import fs from 'node:fs';
fs.rmSync('/tmp/b1-try', { recursive: true, force: true });
const h = createDatabase('sqlite:/tmp/b1-try/p.db');
await migrateToLatest(h.db as never);
await h.close();
const db = new SQLite('/tmp/b1-try/p.db');
db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
if (process.argv[3]) db.pragma('cache_size = -262144');
const rows: any[] = [];
for await (const items of readRecords('/tmp/b1-gen/RC_generated.ndjson')) for (const it of items) if (it.type === 'record') { const r = normaliseRecord(it.raw, it.kind); if (r.kind === 'comment') rows.push(r.row); }
const cols = Object.keys(rows[0]);
const mode = process.argv[2];
for (const ix of (mode === 'noidx' ? ['comments_score_idx','comments_replies_idx','comments_parent_idx','comments_link_idx'] : [])) db.exec(`drop index ${ix}`);
if (mode === 'nofts' || mode === 'noidx') db.exec('drop trigger comments_fts_ai');
const one = db.prepare(`insert into comments (${cols.join(',')}) values (${cols.map(()=>'?').join(',')})`);
let t = Date.now();
const B = 1000;
const tx = db.transaction((chunk: any[]) => { for (const r of chunk) one.run(cols.map((c) => r[c])); });
let maxTx = 0;
for (let i = 0; i < rows.length; i += B) { const s = performance.now(); tx(rows.slice(i, i + B)); maxTx = Math.max(maxTx, performance.now() - s); }
console.log(mode, 'raw ms', Date.now() - t, 'max tx', maxTx.toFixed(1));
