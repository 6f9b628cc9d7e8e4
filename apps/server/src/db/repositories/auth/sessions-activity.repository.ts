import { sql } from 'kysely';
import { dialectOf, type Db } from '../../database.ts';

/**
 * PostgreSQL: cancels the running statement of every session that carries this application_name (a dry run whose
 * thread was ended: the server would otherwise finish the statement). SQLite: nothing to do, a connection lives
 * and dies with its thread.
 */
export async function cancelSessionQueries(db: Db, applicationName: string): Promise<number> {
  if (dialectOf(db) !== 'postgres') return 0;
  const { rows } = await sql<{ cancelled: boolean }>`select pg_cancel_backend(pid) as cancelled
    from pg_stat_activity where application_name = ${applicationName} and pid <> pg_backend_pid()`.execute(
    db,
  );
  return rows.filter((r) => r.cancelled).length;
}

/** PostgreSQL: how many sessions whose application_name starts with the prefix are running a statement now. */
export async function countActiveSessions(db: Db, namePrefix: string): Promise<number> {
  if (dialectOf(db) !== 'postgres') return 0;
  const { rows } = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
    where application_name like ${`${namePrefix}%`} and state = 'active' and pid <> pg_backend_pid()`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}
