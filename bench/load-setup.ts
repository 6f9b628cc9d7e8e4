// Databases, corpus, users and the end-of-run checks of bench/load.ts.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { writeGeneratedCorpus } from '../apps/server/src/corpus/generate.ts';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { countCorpus } from '../apps/server/src/db/repositories/corpus/stats/corpus-stats.repository.ts';
import { insertUser } from '../apps/server/src/db/repositories/auth/users.repository.ts';
import { ingestFiles } from '../apps/server/src/services/corpus/ingest/corpus-ingest.service.ts';
import { grantCredits } from '../apps/server/src/services/payments/ledger.service.ts';
import { hashPassword } from '../apps/server/src/services/auth/users.service.ts';
import { newId } from '../apps/server/src/lib/ids.ts';

export const DATA_DIR = path.resolve(import.meta.dirname, '.data');
/** The size of the sample corpus a fresh install loads. */
export const LOAD_CORPUS = { posts: 20_000, comments: 100_000, seed: 11 };
export const PASSWORD = 'Bench-load-123';
export const CREDITS_PER_USER = 100_000;
const PG_ROOT = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
/** The bench's own PostgreSQL databases, never the test suite's `test`. */
const PG_TEMPLATE = 'bench_load_corpus';
const PG_DATABASE = 'bench_load';

export type Dialect = 'sqlite' | 'postgres';

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

async function adminQuery(text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: `${PG_ROOT}/postgres` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Ingests the generated corpus into a migrated database, once; a database that holds it already is kept. */
async function fillCorpus(url: string): Promise<void> {
  const handle = createDatabase(url);
  try {
    await migrateToLatest(handle.db as Kysely<unknown>);
    const counts = await countCorpus(handle.db);
    if (counts.posts >= LOAD_CORPUS.posts && counts.comments >= LOAD_CORPUS.comments) return;
    const files = await writeGeneratedCorpus({ ...LOAD_CORPUS, outDir: path.join(DATA_DIR, 'load-corpus') });
    log(`ingesting the corpus into ${url}`);
    await ingestFiles({ db: handle.db }, Object.values(files));
  } finally {
    await handle.close();
  }
}

/**
 * A fresh database with the corpus and nothing else: SQLite, a copy of bench/.data/load-corpus.db; PostgreSQL,
 * `bench_load` made anew from the template database `bench_load_corpus`. Returns its URL.
 */
export async function freshDatabase(dialect: Dialect): Promise<string> {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  if (dialect === 'sqlite') {
    const template = path.join(DATA_DIR, 'load-corpus.db');
    await fillCorpus(`sqlite:${template}`);
    // A checkpoint leaves the template whole in its main file, so a copy of that file is enough.
    const handle = createDatabase(`sqlite:${template}`);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
    await handle.close();
    const file = path.join(DATA_DIR, 'load.db');
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    fs.copyFileSync(template, file);
    return `sqlite:${file}`;
  }
  const exists = await adminQuery(`select 1 from pg_database where datname = '${PG_TEMPLATE}'`);
  if (exists.rowCount === 0) await adminQuery(`create database ${PG_TEMPLATE}`);
  await fillCorpus(`${PG_ROOT}/${PG_TEMPLATE}`);
  await adminQuery(`drop database if exists ${PG_DATABASE} with (force)`);
  await adminQuery(`create database ${PG_DATABASE} template ${PG_TEMPLATE}`);
  return `${PG_ROOT}/${PG_DATABASE}`;
}

/** Ends every connection to the bench's PostgreSQL database but this one: the fault of a lost connection. */
export async function dropPostgresConnections(): Promise<number> {
  const result = await adminQuery(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${PG_DATABASE}' and pid <> pg_backend_pid()`,
  );
  return result.rowCount ?? 0;
}

export interface BenchUser {
  readonly id: string;
  readonly username: string;
  readonly password: string;
  /** the user's own client address: 127.0.1.x, 127.0.2.x, … (the loopback range is all this machine) */
  readonly address: string;
}

/**
 * Users made directly in the database, as confirmed accounts holding CREDITS_PER_USER credits each: sign-up mails a
 * link to confirm, which a load run cannot follow, and one hash (the app's own parameters) serves all of them.
 */
export async function makeUsers(handle: DatabaseHandle, count: number, prefix: string): Promise<BenchUser[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date();
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = newId();
    const username = `${prefix}_${i}`;
    await insertUser(handle.db, {
      id,
      username,
      email: `${username}@example.com`,
      name: username,
      passwordHash,
      createdAt: now.toISOString(),
    });
    await handle.db
      .updateTable('users')
      .set({ email_confirmed_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await grantCredits(handle.db, {
      userId: id,
      credits: CREDITS_PER_USER,
      source: 'admin',
      expiresAt: new Date(now.getTime() + 7 * 86_400_000),
      now,
      note: 'bench:load',
    });
    users.push({
      id,
      username,
      password: PASSWORD,
      address: `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`,
    });
  }
  return users;
}

export interface Outcome {
  readonly placed: number;
  readonly completed: number;
  readonly failed: number;
  /** placed but neither completed nor failed when the wait ended */
  readonly unfinished: number;
  /** completed orders whose file is missing from the storage directory */
  readonly missingFiles: number;
  /** files in the storage directory beyond one per completed order (a second copy, an orphan) */
  readonly extraFiles: number;
  /** per user: |granted − charged − balance| and |Σ ledger − Σ lots left|, summed; reservations still held */
  readonly creditDrift: number;
  readonly heldReservations: number;
  readonly recordsDelivered: number;
}

/** Waits until every order placed is completed or failed (or `timeoutMs` passes). */
export async function waitForOrders(handle: DatabaseHandle, ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && ids.length > 0) {
    const open = await handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['pending', 'processing'])
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** What the ledger, the orders and the storage directory say after a run. */
export async function checkOutcome(
  handle: DatabaseHandle,
  users: BenchUser[],
  storageDir: string,
): Promise<Outcome> {
  const orders = await handle.db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'file_key', 'credits_charged', 'records_delivered'])
    .execute();
  const completed = orders.filter((o) => o.status === 'completed');
  const files = listFiles(storageDir);
  const keys = new Set(completed.map((o) => o.file_key).filter((k): k is string => k !== null));
  const missingFiles = [...keys].filter((key) => !files.has(key)).length + (completed.length - keys.size);
  const extraFiles = [...files].filter((file) => !keys.has(file)).length;
  let creditDrift = 0;
  for (const user of users) {
    const lots = await handle.db
      .selectFrom('credit_lots')
      .select(['credits_granted', 'credits_left'])
      .where('user_id', '=', user.id)
      .execute();
    const ledger = await handle.db
      .selectFrom('credit_ledger')
      .select('delta')
      .where('user_id', '=', user.id)
      .execute();
    const granted = lots.reduce((sum, lot) => sum + Number(lot.credits_granted), 0);
    const left = lots.reduce((sum, lot) => sum + Number(lot.credits_left), 0);
    const ledgerSum = ledger.reduce((sum, entry) => sum + Number(entry.delta), 0);
    const charged = completed
      .filter((o) => o.user_id === user.id)
      .reduce((sum, o) => sum + Number(o.credits_charged ?? 0), 0);
    creditDrift += Math.abs(granted - charged - left) + Math.abs(ledgerSum - left);
  }
  const held = await handle.db
    .selectFrom('credit_reservations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return {
    placed: orders.length,
    completed: completed.length,
    failed: orders.filter((o) => o.status === 'failed').length,
    unfinished: orders.filter((o) => o.status === 'pending' || o.status === 'processing').length,
    missingFiles,
    extraFiles,
    creditDrift,
    heldReservations: Number(held.n),
    recordsDelivered: completed.reduce((sum, o) => sum + Number(o.records_delivered ?? 0), 0),
  };
}

/** Storage keys of the files under `dir` (relative paths), leaving out its scratch directory `.tmp`. */
function listFiles(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (at: string) => {
    if (!fs.existsSync(at)) return;
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (!(at === dir && entry.name === '.tmp')) walk(full);
      } else found.add(path.relative(dir, full));
    }
  };
  walk(dir);
  return found;
}
