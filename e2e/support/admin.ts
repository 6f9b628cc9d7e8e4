import { execFileSync } from 'node:child_process';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../apps/server');

/** Makes a user an administrator the way an operator does: `admin grant <username>` on the server's database. */
export function grantAdminRole(username: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'admin', 'grant', username], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${process.env.E2E_DATA_DIR}/threadcart.db`,
      LOG_LEVEL: 'warn',
    },
    stdio: 'pipe',
  });
}
