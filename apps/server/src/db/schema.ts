import type { AccountTables } from './tables/accounts.tables.ts';
import type { CreditTables } from './tables/credits.tables.ts';

/** Every table Kysely knows; each domain keeps its own table interfaces under tables/. */
export interface Database extends AccountTables, CreditTables {}
