import type { Deps } from '../deps.ts';
import { pingDatabase } from '../db/repositories/health.repository.ts';

/** True when the database answers a trivial query within two seconds. */
export async function checkDatabase(deps: Deps): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref());
  return Promise.race([
    pingDatabase(deps.db).then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}
