import type { Migration } from 'kysely';
import * as createAccounts from './20261122000100_create-accounts.ts';
import * as createCredits from './20261122000200_create-credits.ts';

/** Every migration, by name, in the order they run. Add new ones at the end; never edit a landed one. */
export const MIGRATIONS: Record<string, Migration> = {
  '20261122000100_create-accounts': createAccounts,
  '20261122000200_create-credits': createCredits,
};
