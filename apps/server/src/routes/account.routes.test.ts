import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, API_MESSAGES, SIGNUP_MESSAGES } from '@threadcart/contracts';
import {
  cookieHeader,
  responseCookies,
  signUpAndSignIn,
  TEST_PASSWORD,
  type TestSession,
} from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { placeDeliveredOrder, seedAccountCorpus } from '../../test/account-helpers.ts';
import { TEST_DIALECT } from '../../test/test-database.ts';
import { deletedEmailPlaceholder } from '../services/account/account-deletion.service.ts';
import { RefreshRefusedError, rotateSession } from '../services/auth/sessions.service.ts';

const NEW_PASSWORD = 'Another456';

describe(`account API: password, API keys, deletion (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedAccountCorpus(t);
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/token/', payload: { username, password } });
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/users/me/', headers });
  const postAs = (s: TestSession, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: s.headers, payload });

  /** A second browser session of the same user (a second sign-in), with its own cookies. */
  async function secondSession(s: TestSession, password = s.password) {
    const login = await signIn(s.username, password);
    expect(login.statusCode).toBe(200);
    return { cookie: cookieHeader(responseCookies(login)), refresh: responseCookies(login).tc_refresh! };
  }

  it('documents every account route in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const routes: [string, string][] = [
      ['/api/users/me/password/', 'post'],
      ['/api/users/me/api-keys/', 'get'],
      ['/api/users/me/api-keys/', 'post'],
      ['/api/users/me/api-keys/{id}/', 'delete'],
      ['/api/users/me/payments/', 'get'],
      ['/api/users/me/payments/{id}/', 'get'],
      ['/api/users/me/credits/', 'get'],
      ['/api/users/me/ledger/', 'get'],
      ['/api/users/me/export/', 'post'],
      ['/api/users/me/export/', 'get'],
      ['/api/users/me/export/{id}/download/', 'get'],
      ['/api/users/me/delete/', 'post'],
      ['/api/users/me/api-keys/revoke-all/', 'post'],
      ['/api/auth/reauthenticate/', 'post'],
    ];
    for (const [route, method] of routes) expect(paths[route]?.[method], `${method} ${route}`).toBeDefined();
    const password = paths['/api/users/me/password/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(password.properties)).toEqual(['current_password', 'new_password1', 'new_password2']);
    const created = paths['/api/users/me/api-keys/'].post.requestBody.content['application/json'].schema;
    expect(created.properties.scopes.items.enum).toEqual(['read', 'orders']);
  });

  describe('POST /api/users/me/password/', () => {
    it('refuses a wrong current password with a field error, and a new one that breaks the sign-up rules', async () => {
      const s = await signUpAndSignIn(t.app);
      const wrong = await postAs(s, '/api/users/me/password/', {
        current_password: 'Wrong1234',
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
      const weak = await postAs(s, '/api/users/me/password/', {
        current_password: TEST_PASSWORD,
        new_password1: 'short',
        new_password2: 'other',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({
        new_password1: [SIGNUP_MESSAGES.passwordTooShort, SIGNUP_MESSAGES.passwordWeak],
        new_password2: [SIGNUP_MESSAGES.passwordsMustMatch],
      });
      expect((await postAs(s, '/api/users/me/password/', {})).json()).toEqual({
        current_password: [ACCOUNT_MESSAGES.currentPasswordRequired],
        new_password1: [SIGNUP_MESSAGES.passwordRequired],
        new_password2: [SIGNUP_MESSAGES.passwordConfirmRequired],
      });
      expect((await signIn(s.username, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('changes the password and ends every other session; the current one stays', async () => {
      const s = await signUpAndSignIn(t.app);
      const other = await secondSession(s);
      expect((await me({ cookie: other.cookie })).statusCode).toBe(200);
      const res = await postAs(s, '/api/users/me/password/', {
        current_password: TEST_PASSWORD,
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.passwordChanged, api_keys: [] });
      expect((await me(s.headers)).statusCode).toBe(200);
      expect((await me({ cookie: other.cookie })).statusCode).toBe(401);
      // Its refresh token cannot start it again either.
      await expect(rotateSession(t.deps, other.refresh)).rejects.toBeInstanceOf(RefreshRefusedError);
      expect((await signIn(s.username, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await signIn(s.username, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('throttles guesses of the current password like sign-in', async () => {
      const ip = '10.9.9.9';
      const s = await signUpAndSignIn(t.app, { ip });
      const attempt = (current: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/me/password/',
          headers: s.headers,
          remoteAddress: ip,
          payload: { current_password: current, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
        });
      // Three wrong guesses, then the account's growing delay slows the next (issue 28 item 5), the right one too.
      for (let i = 0; i < 3; i += 1) expect((await attempt(`Wrong${i}abc`)).statusCode).toBe(400);
      const blocked = await attempt(TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBe('1');
    });

    it('refuses a cookie request without the CSRF token, and a signed-out one', async () => {
      const s = await signUpAndSignIn(t.app);
      const payload = {
        current_password: TEST_PASSWORD,
        new_password1: NEW_PASSWORD,
        new_password2: NEW_PASSWORD,
      };
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/password/',
        headers: { cookie: s.headers.cookie },
        payload,
      });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().detail).toBe(API_MESSAGES.csrfFailed);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/users/me/password/', payload });
      expect(anonymous.statusCode).toBe(401);
      expect((await signIn(s.username, TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('/api/users/me/api-keys/', () => {
    it('shows a key once, lists its prefix and last use, accepts it as Token, refuses it once revoked', async () => {
      const s = await signUpAndSignIn(t.app);
      const created = await postAs(s, '/api/users/me/api-keys/', { name: '  laptop  ' });
      expect(created.statusCode).toBe(201);
      const key = created.json() as { id: string; key: string; prefix: string; name: string };
      expect(key.name).toBe('laptop');
      expect(key.key.startsWith(key.prefix)).toBe(true);
      const auth = { authorization: `Token ${key.key}` };
      expect((await me(auth)).json().user.username).toBe(s.username);

      t.clock.advance(1000);
      const list = await t.app.inject({ method: 'GET', url: '/api/users/me/api-keys/', headers: s.headers });
      expect(list.statusCode).toBe(200);
      const keys = list.json().keys as Record<string, unknown>[];
      expect(keys).toHaveLength(1);
      expect(keys[0]).toEqual({
        id: key.id,
        name: 'laptop',
        prefix: key.prefix,
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        scopes: ['read', 'orders'],
      });
      expect(JSON.stringify(keys)).not.toContain(key.key);
      // The old route lists the same keys.
      const legacy = await t.app.inject({ method: 'GET', url: '/api/auth/keys/', headers: s.headers });
      expect(legacy.json().keys.map((k: { id: string }) => k.id)).toEqual([key.id]);

      const other = await signUpAndSignIn(t.app);
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/api-keys/${key.id}/`,
        headers: other.headers,
      });
      expect(foreign.statusCode).toBe(404);
      expect((await me(auth)).statusCode).toBe(200);

      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/users/me/api-keys/${key.id}/`,
        headers: s.headers,
      });
      expect(revoked.statusCode).toBe(204);
      expect((await me(auth)).statusCode).toBe(401);
      const after = await t.app.inject({ method: 'GET', url: '/api/users/me/api-keys/', headers: s.headers });
      expect(after.json()).toEqual({ keys: [] });
    });

    it('refuses an empty name and a cookie creation without the CSRF token', async () => {
      const s = await signUpAndSignIn(t.app);
      expect((await postAs(s, '/api/users/me/api-keys/', { name: '   ' })).statusCode).toBe(400);
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/api-keys/',
        headers: { cookie: s.headers.cookie },
        payload: { name: 'x' },
      });
      expect(noCsrf.statusCode).toBe(403);
    });
  });

  describe('POST /api/users/me/delete/', () => {
    it('asks for the password and the word DELETE', async () => {
      const s = await signUpAndSignIn(t.app);
      const empty = await postAs(s, '/api/users/me/delete/', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        password: [ACCOUNT_MESSAGES.deletePasswordRequired],
        confirm: [ACCOUNT_MESSAGES.deleteConfirmRequired],
      });
      const wrong = await postAs(s, '/api/users/me/delete/', { password: 'Wrong1234', confirm: 'DELETE' });
      expect(wrong.json()).toEqual({ password: [ACCOUNT_MESSAGES.deletePasswordWrong] });
      const lower = await postAs(s, '/api/users/me/delete/', { password: TEST_PASSWORD, confirm: 'delete' });
      expect(lower.json()).toEqual({ confirm: [ACCOUNT_MESSAGES.deleteConfirmRequired] });
      const noCsrf = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/delete/',
        headers: { cookie: s.headers.cookie },
        payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
      });
      expect(noCsrf.statusCode).toBe(403);
      expect((await me(s.headers)).statusCode).toBe(200);
    });

    it('deletes orders and files at once, ends sessions and keys, anonymises the row, frees the e-mail', async () => {
      const s = await signUpAndSignIn(t.app);
      const bystander = await signUpAndSignIn(t.app);
      const keep = await placeDeliveredOrder(t, bystander, 'not mine');
      const order = await placeDeliveredOrder(t, s, 'my order');
      expect(order.status).toBe('completed');
      const row = await t.deps.db
        .selectFrom('orders')
        .select('file_key')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      const filePath = path.join(t.deps.config.storage.dir, row.file_key!);
      expect(fs.existsSync(filePath)).toBe(true);
      const key = await postAs(s, '/api/users/me/api-keys/', { name: 'script' });
      const auth = { authorization: `Token ${key.json().key}` };
      const other = await secondSession(s);
      const mailsTo = async (address: string) =>
        (await t.deps.db.selectFrom('outbox_emails').select('id').where('to_address', '=', address).execute())
          .length;
      expect(await mailsTo(s.user.email)).toBeGreaterThan(0);
      const bystanderMails = await mailsTo(bystander.user.email);
      expect(bystanderMails).toBeGreaterThan(0);

      const res = await postAs(s, '/api/users/me/delete/', { password: TEST_PASSWORD, confirm: 'DELETE' });
      expect(res.statusCode).toBe(204);
      expect(responseCookies(res).tc_access).toBe('');

      expect(fs.existsSync(filePath)).toBe(false);
      const orders = await t.deps.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', s.user.id)
        .execute();
      expect(orders).toEqual([]);
      for (const headers of [s.headers, { cookie: other.cookie }, auth]) {
        expect((await me(headers)).statusCode).toBe(401);
      }
      const user = await t.deps.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', s.user.id)
        .executeTakeFirstOrThrow();
      expect(user.deleted_at).toBe(t.clock.now().toISOString());
      expect(user.username).toBe(s.username);
      expect(user.name).toBe('');
      expect(user.email).toBe(deletedEmailPlaceholder(s.user.id));
      const links = await t.deps.db
        .selectFrom('email_confirmations')
        .select('id')
        .where('user_id', '=', s.user.id)
        .execute();
      expect(links).toEqual([]);
      // The mails kept for the address (its confirmation link among them) go with the account, no one else's.
      expect(await mailsTo(s.user.email)).toBe(0);
      expect(await mailsTo(bystander.user.email)).toBe(bystanderMails);

      const login = await signIn(s.username, TEST_PASSWORD);
      expect(login.statusCode).toBe(401);
      expect(login.json().detail).toBe(API_MESSAGES.invalidCredentials);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: {
          username: `${s.username}_2`,
          email: s.user.email,
          password1: TEST_PASSWORD,
          password2: TEST_PASSWORD,
        },
      });
      expect(again.statusCode).toBe(201);
      const sameName = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: {
          username: s.username,
          email: 'fresh@example.com',
          password1: TEST_PASSWORD,
          password2: TEST_PASSWORD,
        },
      });
      expect(sameName.json().username).toEqual([SIGNUP_MESSAGES.usernameTaken]);

      const kept = await t.app.inject({
        method: 'GET',
        url: `/api/search-queries/${keep.id}/`,
        headers: bystander.headers,
      });
      expect(kept.statusCode).toBe(200);
    });
  });
});
