import type { Deps } from '../deps.ts';
import { setUserRole, UnknownUserError } from '../services/admin/admin-roles.service.ts';

export interface AdminCliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** builds the dependencies (the database) once the arguments are known to be right */
  readonly createDeps: () => Promise<Deps>;
}

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <username> | revoke <username>\n';

/**
 * `admin grant|revoke <username>`: gives or takes the administrator role, with an audit entry. There is no default
 * administrator and no password here: the first one is made by whoever can run this on the server. Every error is
 * one line on stderr and exit code 1.
 */
export async function runAdminCli(argv: readonly string[], io: AdminCliIo): Promise<number> {
  const [command, username, ...extra] = argv;
  if (command !== 'grant' && command !== 'revoke') {
    io.stderr(
      command ? `Unknown admin command: ${command}. ${ADMIN_USAGE}` : `Missing command. ${ADMIN_USAGE}`,
    );
    return 1;
  }
  if (!username?.trim() || extra.length > 0) {
    io.stderr(`${command} takes exactly one username. ${ADMIN_USAGE}`);
    return 1;
  }
  let deps: Deps | undefined;
  try {
    deps = await io.createDeps();
    const role = command === 'grant' ? 'admin' : 'user';
    const result = await setUserRole(deps, username.trim(), role);
    const name = result.username;
    if (role === 'admin')
      io.stdout(
        result.isChanged ? `${name} is now an administrator.\n` : `${name} already is an administrator.\n`,
      );
    else
      io.stdout(
        result.isChanged ? `${name} is no longer an administrator.\n` : `${name} is not an administrator.\n`,
      );
    return 0;
  } catch (error) {
    io.stderr(
      error instanceof UnknownUserError
        ? `${error.message}\n`
        : `error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  } finally {
    await deps?.close();
  }
}
