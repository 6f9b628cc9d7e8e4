import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, SIGNUP_GIFT_CREDITS, SIGNUP_MESSAGES, type User } from '@threadcart/contracts';
import {
  confirmEmailThroughOutbox,
  latestConfirmationToken,
  signUpAndSignIn,
  TEST_PASSWORD,
} from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { listOutbox } from '../operations/mail.service.ts';

// Issue 18 item 3 (docs/decisions/020-email-confirmation.md): the gift waits for a confirmed address, a new address
// applies when its link is followed, and one client address makes at most SIGNUPS_PER_ADDRESS_PER_HOUR accounts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: 'https://threadcart.example', SIGNUPS_PER_ADDRESS_PER_HOUR: '3' });
});
afterAll(() => t.close());

let counter = 0;
let addressCounter = 0;
/** A fresh client address per sign-up unless one is given, so the per-address limit only bites where tested. */
const signUp = (username = `conf_${(counter += 1)}`, ip = `198.51.100.${(addressCounter += 1)}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/',
    remoteAddress: ip,
    payload: {
      username,
      email: `${username}@example.com`,
      password1: TEST_PASSWORD,
      password2: TEST_PASSWORD,
    },
  });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/', payload: { token } });
const me = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers })).json().user as User;

describe('the sign-up gift waits for a confirmed e-mail address', () => {
  it('signs up with no credits, mails a link, and grants 1,000 credits once when it is followed', async () => {
    const created = await signUp();
    expect(created.statusCode).toBe(201);
    const user = created.json().user as User;
    expect(user).toMatchObject({ credits: 0, email_confirmed: false, pending_email: null });
    const mails = await listOutbox(t.deps, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your Threadcart e-mail address');
    expect(mails[0]!.body).toContain('https://threadcart.example/confirm-email?token=');

    const token = await latestConfirmationToken(t.app, user.email);
    const [first, second] = await Promise.all([confirm(token), confirm(token)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json()).toEqual({ detail: EMAIL_MESSAGES.confirmedWithGift, purpose: 'signup' });
    expect((await confirm(token)).json()).toEqual({
      detail: EMAIL_MESSAGES.invalidLink,
      code: 'invalid_link',
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.json().user).toMatchObject({ credits: SIGNUP_GIFT_CREDITS, email_confirmed: true });
  });

  it('follows the link in a signed-in browser: its cookies need no CSRF token, the mailed secret is the proof', async () => {
    const s = await signUpAndSignIn(t.app, { confirmEmail: false, ip: '203.0.113.40' });
    const token = await latestConfirmationToken(t.app, s.user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email/',
      headers: { cookie: s.headers.cookie },
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    expect(await me(s.headers)).toMatchObject({ credits: SIGNUP_GIFT_CREDITS, email_confirmed: true });
  });

  it('refuses an unknown, a missing and an expired link', async () => {
    expect((await confirm('no-such-token')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/', payload: {} })).statusCode,
    ).toBe(400);
    const user = (await signUp()).json().user as User;
    const token = await latestConfirmationToken(t.app, user.email);
    t.clock.advance(7 * 24 * 60 * 60_000 + 1_000);
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toBe(EMAIL_MESSAGES.invalidLink);
  });

  it('sends a new link on request, five an hour, and none once the address is confirmed', async () => {
    const s = await signUpAndSignIn(t.app, { confirmEmail: false, ip: '203.0.113.50' });
    expect(s.user.credits).toBe(0);
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend/', headers: s.headers });
    const first = await resend();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: EMAIL_MESSAGES.resent(s.user.email) });
    for (let i = 0; i < 3; i += 1) expect((await resend()).statusCode).toBe(200);
    // The sign-up link and four resends make five links in the hour.
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();

    await confirmEmailThroughOutbox(t.app, s.user.email);
    expect(await me(s.headers)).toMatchObject({ credits: SIGNUP_GIFT_CREDITS, email_confirmed: true });
    const after = await resend();
    expect(after.statusCode).toBe(400);
    expect(after.json().detail).toBe(EMAIL_MESSAGES.alreadyConfirmed);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend/' })).statusCode).toBe(
      401,
    );
  });
});

describe('sign-ups per client address', () => {
  it('makes three accounts an hour from one address, then answers 429; other addresses are not affected', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 3; i += 1) expect((await signUp(undefined, ip)).statusCode).toBe(201);
    const refused = await signUp(undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: EMAIL_MESSAGES.tooManySignups, code: 'too_many_signups' });
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await signUp(undefined, '192.0.2.11')).statusCode).toBe(201);
    t.clock.advance(60 * 60_000 + 1_000);
    expect((await signUp(undefined, ip)).statusCode).toBe(201);
  });

  it('lets exactly three of twenty parallel sign-ups from one address through', async () => {
    const ip = '192.0.2.20';
    const results = await Promise.all(Array.from({ length: 20 }, () => signUp(undefined, ip)));
    const created = results.filter((r) => r.statusCode === 201).length;
    expect(created).toBe(3);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 429)).toBe(true);
  });

  it('counts the client behind a trusted proxy (TRUST_PROXY), and only then', async () => {
    const behindProxy = await buildTestApp({ SIGNUPS_PER_ADDRESS_PER_HOUR: '1', TRUST_PROXY: '127.0.0.1' });
    try {
      const viaProxy = (username: string, forwardedFor: string, remoteAddress = '127.0.0.1') =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/auth/signup/',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: {
            username,
            email: `${username}@example.com`,
            password1: TEST_PASSWORD,
            password2: TEST_PASSWORD,
          },
        });
      expect((await viaProxy('proxied_a', '198.51.100.200')).statusCode).toBe(201);
      expect((await viaProxy('proxied_b', '198.51.100.201')).statusCode).toBe(201);
      expect((await viaProxy('proxied_c', '198.51.100.200')).statusCode).toBe(429);
      // A peer that is not the trusted proxy cannot choose its address by the header.
      expect((await viaProxy('proxied_d', '198.51.100.202', '192.0.2.99')).statusCode).toBe(201);
      expect((await viaProxy('proxied_e', '198.51.100.203', '192.0.2.99')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
    }
  });

  it('does not count a sign-up refused for a taken username', async () => {
    const ip = '192.0.2.30';
    const taken = (await signUp(undefined, '192.0.2.31')).json().user as User;
    for (let i = 0; i < 5; i += 1) expect((await signUp(taken.username, ip)).statusCode).toBe(400);
    expect((await signUp(undefined, ip)).statusCode).toBe(201);
  });
});

describe('the profile: a new name at once, a new e-mail address after its link', () => {
  it('changes the name, and the address only when the link mailed to the new one is followed', async () => {
    const s = await signUpAndSignIn(t.app, { ip: '203.0.113.60' });
    const patch = (payload: object, headers: Record<string, string> = s.headers) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/me/', headers, payload });

    const renamed = await patch({ name: '  Ada Lovelace ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.name).toBe('Ada Lovelace');
    expect((await patch({ name: '' })).json().user.name).toBe(s.username);
    expect((await patch({ name: 'x'.repeat(201) })).json()).toEqual({ name: [EMAIL_MESSAGES.nameTooLong] });

    const newEmail = `new_${s.username}@example.org`;
    const requested = await patch({ email: newEmail });
    expect(requested.statusCode).toBe(200);
    expect(requested.json().user).toMatchObject({ email: s.user.email, pending_email: newEmail });
    expect((await listOutbox(t.deps, newEmail))[0]!.subject).toBe('Confirm your new e-mail address');

    const token = await latestConfirmationToken(t.app, newEmail);
    const confirmed = await confirm(token);
    expect(confirmed.json()).toEqual({ detail: EMAIL_MESSAGES.changed(newEmail), purpose: 'change' });
    expect(await me(s.headers)).toMatchObject({
      email: newEmail,
      pending_email: null,
      credits: SIGNUP_GIFT_CREDITS,
    });
    const notice = (await listOutbox(t.deps, s.user.email)).at(-1)!;
    expect(notice.subject).toBe('Your Threadcart e-mail address was changed');
    // The old address is free again.
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      remoteAddress: '203.0.113.61',
      payload: {
        username: `re_${s.username}`.slice(0, 30),
        email: s.user.email,
        password1: TEST_PASSWORD,
        password2: TEST_PASSWORD,
      },
    });
    expect(reuse.statusCode).toBe(201);
  });

  it('refuses an invalid, the same, or a taken address, and a change without the CSRF token', async () => {
    const s = await signUpAndSignIn(t.app, { ip: '203.0.113.70' });
    const other = await signUpAndSignIn(t.app, { ip: '203.0.113.71' });
    const patch = (payload: object, headers: Record<string, string> = s.headers) =>
      t.app.inject({ method: 'PATCH', url: '/api/users/me/', headers, payload });
    expect((await patch({ email: 'nope' })).json()).toEqual({ email: [SIGNUP_MESSAGES.emailInvalid] });
    expect((await patch({ email: s.user.email.toUpperCase() })).json()).toEqual({
      email: [EMAIL_MESSAGES.sameEmail],
    });
    expect((await patch({ email: other.user.email })).json()).toEqual({
      email: [SIGNUP_MESSAGES.emailTaken],
    });
    expect((await patch({ name: 'x' }, { cookie: s.headers.cookie })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/users/me/', payload: { name: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('refuses a change link whose address was taken meanwhile, and an old sign-up link after a change', async () => {
    const s = await signUpAndSignIn(t.app, { confirmEmail: false, ip: '203.0.113.80' });
    const signupToken = await latestConfirmationToken(t.app, s.user.email);
    const wanted = `wanted_${s.username}@example.org`;
    await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/',
      headers: s.headers,
      payload: { email: wanted },
    });
    const changeToken = await latestConfirmationToken(t.app, wanted);
    // Someone else signs up with the wanted address before the link is followed.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup/',
      remoteAddress: '203.0.113.81',
      payload: {
        username: `t_${s.username}`.slice(0, 30),
        email: wanted,
        password1: TEST_PASSWORD,
        password2: TEST_PASSWORD,
      },
    });
    const taken = await confirm(changeToken);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: [SIGNUP_MESSAGES.emailTaken] });
    expect((await me(s.headers)).email).toBe(s.user.email);

    // An unconfirmed account that moves to a new address gets its gift with that address's link.
    const second = `second_${s.username}@example.org`;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me/',
      headers: s.headers,
      payload: { email: second },
    });
    expect(moved.statusCode).toBe(200);
    expect((await confirm(await latestConfirmationToken(t.app, second))).statusCode).toBe(200);
    expect(await me(s.headers)).toMatchObject({
      email: second,
      email_confirmed: true,
      credits: SIGNUP_GIFT_CREDITS,
    });
    expect((await confirm(signupToken)).statusCode).toBe(400);
  });
});
