import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn, type TestSession } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { entryEnv } from '../../test/process-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { listAuditEntries } from '../db/repositories/admin/admin-audit.repository.ts';
import { findAdminUserById } from '../db/repositories/admin/admin-users.repository.ts';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `node --import tsx src/cli.ts admin …` on the test app's database, as `npm run admin --` runs it. */
function runAdmin(t: TestApp, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(SERVER_ROOT, 'src', 'cli.ts'), 'admin', ...args],
      { cwd: SERVER_ROOT, env: entryEnv(t, {}), timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe(`npm run admin -- grant|revoke <username> (a real process, ${TEST_DIALECT})`, () => {
  let t: TestApp;
  let user: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUpAndSignIn(t.app);
  });
  afterAll(() => t.close());

  const roleOf = async () => (await findAdminUserById(t.deps.db, user.user.id))!.role;

  it(
    'answers a missing or unknown command, a missing username and an unknown user with one line and exit 1',
    { timeout: 240_000 },
    async () => {
      for (const args of [
        [],
        ['promote', 'x'],
        ['grant'],
        ['revoke', 'a', 'b'],
        ['grant', 'no_such_user_here'],
      ]) {
        const result = await runAdmin(t, args);
        expect(result.code, args.join(' ')).toBe(1);
        expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
        expect(result.stdout).toBe('');
      }
      expect((await runAdmin(t, ['grant', 'no_such_user_here'])).stderr).toBe(
        'No user named "no_such_user_here".\n',
      );
      expect(await roleOf()).toBe('user');
    },
  );

  it(
    'grants the role (any case of the username), says so when nothing changes, and revokes it; each change audited',
    { timeout: 240_000 },
    async () => {
      const granted = await runAdmin(t, ['grant', user.username.toUpperCase()]);
      expect(granted).toMatchObject({ code: 0, stdout: `${user.username} is now an administrator.\n` });
      expect(await roleOf()).toBe('admin');
      const overview = await t.app.inject({
        method: 'GET',
        url: '/api/admin/overview/',
        headers: user.headers,
      });
      expect(overview.statusCode).toBe(200);

      const again = await runAdmin(t, ['grant', user.username]);
      expect(again).toMatchObject({ code: 0, stdout: `${user.username} already is an administrator.\n` });

      const revoked = await runAdmin(t, ['revoke', user.username]);
      expect(revoked).toMatchObject({ code: 0, stdout: `${user.username} is no longer an administrator.\n` });
      expect(await roleOf()).toBe('user');
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/admin/overview/',
        headers: user.headers,
      });
      expect(refused.statusCode).toBe(403);

      const { rows } = await listAuditEntries(t.deps.db, { limit: 10, offset: 0, targetId: user.user.id });
      expect(rows.map((r) => [r.action, r.admin_user_id, JSON.parse(r.details).role_after])).toEqual([
        ['user.role_revoke', null, 'user'],
        ['user.role_grant', null, 'admin'],
      ]);
    },
  );
});
