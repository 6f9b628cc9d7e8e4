import type { Kysely } from 'kysely';

// What the processes tell each other about themselves (docs/decisions/023-configuration-and-observability.md): one
// row per name, overwritten in place. `worker`: the worker's heartbeat; `sample_corpus`: loading, loaded or failed.
// The API reads them for /api/health/, the dry run and /metrics.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('service_status')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    /** JSON object: what the state needs said (the worker's id, an error's message…) */
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_status').execute();
}
