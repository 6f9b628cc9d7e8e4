import type { LightMyRequestResponse } from 'fastify';
import { setUserRole } from '../src/services/admin/admin-roles.service.ts';
import { signUpAndSignIn, type TestSession } from './auth-helpers.ts';
import type { TestApp } from './build-test-app.ts';

/** Signs a new user up and makes them an administrator (as `npm run admin -- grant` does). */
export async function signUpAdmin(t: TestApp): Promise<TestSession> {
  const session = await signUpAndSignIn(t.app);
  await setUserRole(t.deps, session.username, 'admin');
  return session;
}

export const adminGet = (t: TestApp, session: TestSession | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session?.headers ?? {} });

export const adminPost = (
  t: TestApp,
  session: TestSession | null,
  url: string,
  payload: object,
): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url, headers: session?.headers ?? {}, payload });

/** Grants credits through the admin API (failing the test unless it worked); returns the balance after. */
export async function grantAsAdmin(
  t: TestApp,
  admin: TestSession,
  userId: string,
  credits: number,
): Promise<number> {
  const res = await adminPost(t, admin, `/api/admin/users/${userId}/credits/grant/`, {
    credits,
    reason: 'test credits',
  });
  if (res.statusCode !== 200) throw new Error(`grant failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { credits: number }).credits;
}

/** The audit log's newest entries, through the API. */
export async function auditEntries(t: TestApp, admin: TestSession) {
  const res = await adminGet(t, admin, '/api/admin/audit/?page_size=100');
  if (res.statusCode !== 200) throw new Error(`audit failed: ${res.statusCode} ${res.body}`);
  return (
    res.json() as {
      items: {
        action: string;
        target_id: string;
        reason: string | null;
        admin_user_id: string | null;
        admin_username: string | null;
        details: Record<string, unknown>;
      }[];
    }
  ).items;
}
