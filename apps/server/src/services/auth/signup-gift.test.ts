import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, type User } from '@threadcart/contracts';
import {
  deleteAccountThroughApi,
  latestConfirmationToken,
  signUpAndSignIn,
  TEST_PASSWORD,
} from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

// Issue 28 item 2: the sign-up gift once per normalised mailbox (aliases, Gmail's dots, deleted accounts), and
// sign-ups counted per /24 and /64 besides the single address.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGNUPS_PER_ADDRESS_PER_HOUR: '10', SIGNUPS_PER_NETWORK_PER_HOUR: '3' });
});
afterAll(() => t.close());

let counter = 0;
let hostCounter = 0;
const signUp = (email: string, ip = `10.${(hostCounter += 1)}.0.1`) => {
  counter += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signup/',
    remoteAddress: ip,
    payload: { username: `gift_${counter}`, email, password1: TEST_PASSWORD, password2: TEST_PASSWORD },
  });
};
/** Signs up with `email`, follows the mailed link; the confirmation's answer and the new account's credits. */
async function signUpAndConfirm(email: string): Promise<{ detail: string; credits: number }> {
  const res = await signUp(email);
  expect(res.statusCode, res.body).toBe(201);
  const token = await latestConfirmationToken(t.app, email);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email/',
    payload: { token },
  });
  expect(confirmed.statusCode).toBe(200);
  const user = (res.json() as { user: User }).user;
  const lots = await t.deps.db
    .selectFrom('credit_lots')
    .select('credits_granted')
    .where('user_id', '=', user.id)
    .execute();
  return {
    detail: confirmed.json().detail,
    credits: lots.reduce((sum, lot) => sum + Number(lot.credits_granted), 0),
  };
}

describe('the sign-up gift, once per mailbox', () => {
  it('is not granted again to +tag aliases or another case of the same mailbox', async () => {
    expect(await signUpAndConfirm('alias.owner@example.com')).toEqual({
      detail: EMAIL_MESSAGES.confirmedWithGift,
      credits: 1000,
    });
    for (const alias of ['alias.owner+1@example.com', 'Alias.Owner+shop@EXAMPLE.com']) {
      expect(await signUpAndConfirm(alias)).toEqual({
        detail: EMAIL_MESSAGES.confirmedGiftTaken,
        credits: 0,
      });
    }
    // Dots matter at a provider that does not ignore them.
    expect((await signUpAndConfirm('aliasowner@example.com')).credits).toBe(1000);
  });

  it('treats dots and googlemail.com as the same Gmail mailbox', async () => {
    expect((await signUpAndConfirm('jane.doe.gift@gmail.com')).credits).toBe(1000);
    expect((await signUpAndConfirm('janedoegift@gmail.com')).credits).toBe(0);
    expect((await signUpAndConfirm('J.aneDoeGift+x@googlemail.com')).credits).toBe(0);
  });

  it('remembers the mailbox by a keyed hash after the account is deleted', async () => {
    const first = await signUpAndSignIn(t.app, { email: 'deleted.gift@example.com', ip: '10.200.0.1' });
    expect(first.user.credits).toBe(1000);
    await deleteAccountThroughApi(t.app, first);
    expect((await signUpAndConfirm('deleted.gift@example.com')).credits).toBe(0);
    const rows = await t.deps.db.selectFrom('signup_gift_mailboxes').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('@');
    expect(JSON.stringify(rows)).not.toContain('deleted.gift');
  });
});

describe('sign-ups per network', () => {
  it('counts a /24: three from 203.0.113.x, the fourth from a fresh address of it is 429; another /24 is not', async () => {
    for (let host = 1; host <= 3; host += 1) {
      expect((await signUp(`net4_${host}@example.com`, `203.0.113.${host}`)).statusCode).toBe(201);
    }
    const refused = await signUp('net4_4@example.com', '203.0.113.250');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: EMAIL_MESSAGES.tooManySignups, code: 'too_many_signups' });
    expect((await signUp('net4_5@example.com', '203.0.114.1')).statusCode).toBe(201);
    // An IPv4-mapped IPv6 address is the same client.
    expect((await signUp('net4_6@example.com', '::ffff:203.0.113.77')).statusCode).toBe(429);
  });

  it('counts a /64: three from 2001:db8:1:2::/64, the fourth is 429; the next /64 is not', async () => {
    for (let host = 1; host <= 3; host += 1) {
      expect((await signUp(`net6_${host}@example.com`, `2001:db8:1:2::${host}`)).statusCode).toBe(201);
    }
    expect((await signUp('net6_4@example.com', '2001:db8:1:2:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await signUp('net6_5@example.com', '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('lets exactly three of twelve parallel sign-ups from one /24 through', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(`par_${i}@example.com`, `198.18.7.${i + 1}`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
  });
});
