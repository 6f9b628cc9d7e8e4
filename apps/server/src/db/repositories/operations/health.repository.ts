import { sql } from 'kysely';
import type { Db } from '../../database.ts';

/** Runs `select 1`; rejects when the database is unreachable. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
