import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';

/**
 * A migration that may run as long as it needs: the API's and the worker's connections carry a statement_timeout
 * (20 s, a safety net for requests), and a migration that builds an index over a 10M-record corpus takes minutes
 * (the first one did, and the server could not start). PostgreSQL runs the migrations in one transaction, so
 * `set local` lifts the limit for them only; SQLite has none.
 */
export function unbounded(migration: Migration): Migration {
  return {
    ...migration,
    up: async (db) => {
      if (db.getExecutor().adapter.constructor.name === 'PostgresAdapter')
        await sql`set local statement_timeout = 0`.execute(db);
      await migration.up(db);
    },
  };
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  options: { schema?: string } = {},
): Promise<string[]> {
  // On PostgreSQL Kysely looks for its bookkeeping tables in every schema; name ours so a database that holds
  // several schemas (tests give each file one) never mistakes another schema's tables for its own.
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(MIGRATIONS).map(([name, migration]) => [name, unbounded(migration)]),
        ),
    },
    // Work lands from parallel branches: a migration may arrive with a name before one a database already ran.
    // Each migration touches only its own tables, so the order between branches does not matter.
    allowUnorderedMigrations: true,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${message}`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
