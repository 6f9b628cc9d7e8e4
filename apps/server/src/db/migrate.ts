import { Migrator, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations/index.ts';

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  options: { schema?: string } = {},
): Promise<string[]> {
  // On PostgreSQL Kysely looks for its bookkeeping tables in every schema; name ours so a database that holds
  // several schemas (tests give each file one) never mistakes another schema's tables for its own.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
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
