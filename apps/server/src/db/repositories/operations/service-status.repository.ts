import type { Db } from '../../database.ts';
import type { ServiceStatusRow } from '../../tables/service-status.tables.ts';

/** Writes a named status, replacing the previous one (one row per name). */
export async function upsertServiceStatus(
  db: Db,
  status: { name: string; state: string; details: Record<string, unknown>; at: Date },
): Promise<void> {
  const row = {
    name: status.name,
    state: status.state,
    details: JSON.stringify(status.details),
    updated_at: status.at.toISOString(),
  };
  await db
    .insertInto('service_status')
    .values(row)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ state: row.state, details: row.details, updated_at: row.updated_at }),
    )
    .execute();
}

/** The named status, or undefined when no process has written it yet. */
export async function findServiceStatus(db: Db, name: string): Promise<ServiceStatusRow | undefined> {
  return db.selectFrom('service_status').selectAll().where('name', '=', name).executeTakeFirst();
}
