import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startSmtpPeer } from '../../../test/smtp-peer.ts';
import { TEST_DIALECT } from '../../../test/test-database.ts';
import { createDatabase } from '../../db/database.ts';
import { claimDueOutboxEmails } from '../../db/repositories/operations/outbox.repository.ts';
import { depsWithDb } from '../../deps.ts';
import { deliverMailJob } from '../../jobs/deliver-mail.job.ts';
import { deliverDueMail, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from './mail-delivery.service.ts';
import { getMailer, listOutbox } from './mail.service.ts';

const RESET_SUBJECT = 'Reset your Threadcart password';

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({
    SMTP_URL: peer.url,
    MAIL_FROM: 'Threadcart <mail@threadcart.example>',
    APP_URL: 'https://threadcart.example',
  });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(async () => {
  // Each test starts with an empty queue: what earlier tests left (sign-up mails) goes out first.
  await deliverDueMail(t.deps);
  peer.received.length = 0;
});

let ipCounter = 0;
async function requestReset(email: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/',
    payload: { email },
    remoteAddress: `198.51.100.${(ipCounter += 1)}`,
  });
  expect(res.statusCode).toBe(200);
}

async function resetMail(email: string) {
  const mails = (await listOutbox(t.deps, email)).filter((m) => m.subject === RESET_SUBJECT);
  return mails.at(-1)!;
}

describe('SMTP transport (SMTP_URL), against a real SMTP server', () => {
  it('sends a password reset written through the API: recipient, sender, subject and the link with its token', async () => {
    const s = await signUpAndSignIn(t.app);
    await requestReset(s.user.email);
    const queued = await resetMail(s.user.email);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, sent_at: null });
    expect(peer.received).toEqual([]);

    await deliverMailJob.run(t.deps);

    const got = peer.received.filter((m) => m.headers.subject === RESET_SUBJECT);
    expect(got).toHaveLength(1);
    expect(got[0]!.to).toEqual([s.user.email]);
    expect(got[0]!.from).toBe('mail@threadcart.example');
    expect(got[0]!.headers.from).toBe('Threadcart <mail@threadcart.example>');
    expect(got[0]!.headers['message-id']).toBe(`<${queued.id}@threadcart.example>`);
    expect(got[0]!.text).toBe(queued.body);
    expect(got[0]!.text).toMatch(/https:\/\/threadcart\.example\/reset-password\?token=\S{20,}/);
    expect(await resetMail(s.user.email)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sent_at: t.clock.now().toISOString(),
      next_attempt_at: null,
      last_error: null,
    });
    // Sent once: a later run finds nothing to send.
    expect(await deliverDueMail(t.deps)).toBe(0);
  });

  it('keeps a mail the server refuses for now (451) pending with the try counted, and sends it on a later run', async () => {
    const s = await signUpAndSignIn(t.app);
    await deliverDueMail(t.deps);
    peer.received.length = 0;
    peer.refuseNext({ at: 'data', code: 451, message: 'Try again later' });
    await requestReset(s.user.email);

    expect(await deliverDueMail(t.deps)).toBe(1);
    const failed = await resetMail(s.user.email);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      sent_at: null,
      next_attempt_at: new Date(t.clock.now().getTime() + mailRetryDelayMs(1)).toISOString(),
    });
    expect(failed.last_error).toContain('451');
    expect(failed.last_error).not.toContain('token');
    expect(peer.received).toEqual([]);

    // Not due before its backoff is over.
    t.clock.advance(mailRetryDelayMs(1) - 1000);
    expect(await deliverDueMail(t.deps)).toBe(0);
    t.clock.advance(1000);
    await deliverMailJob.run(t.deps);
    expect(peer.received.map((m) => [m.to, m.headers.subject])).toEqual([[[s.user.email], RESET_SUBJECT]]);
    expect(peer.received[0]!.text).toBe(failed.body);
    expect(await resetMail(s.user.email)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('fails a mail refused for good (550 for the recipient) at once, and one out of tries after the last', async () => {
    peer.refuseNext({ at: 'rcpt', code: 550, message: 'No such mailbox' });
    await getMailer(t.deps).send({ to: 'gone@example.com', subject: 'Refused', body: 'x' });
    expect(await deliverDueMail(t.deps)).toBe(1);
    const [refused] = await listOutbox(t.deps, 'gone@example.com');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: null });
    expect(refused!.last_error).toContain('550');

    await getMailer(t.deps).send({ to: 'busy@example.com', subject: 'Busy', body: 'y' });
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      peer.refuseNext({ at: 'rcpt', code: 452, message: 'Mailbox busy' });
      expect(await deliverDueMail(t.deps)).toBe(1);
      t.clock.advance(mailRetryDelayMs(attempt));
    }
    const [busy] = await listOutbox(t.deps, 'busy@example.com');
    expect(busy).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, next_attempt_at: null });
    expect(await deliverDueMail(t.deps)).toBe(0);
    expect(peer.received).toEqual([]);
  });

  it('keeps every mail pending while the server cannot be reached or refuses the sign-in', async () => {
    for (const url of ['smtp://127.0.0.1:1', peer.urlWithWrongPassword]) {
      const unreachable = await buildTestApp({ SMTP_URL: url });
      try {
        await getMailer(unreachable.deps).send({ to: 'a@example.com', subject: 'Hello', body: 'z' });
        expect(await deliverDueMail(unreachable.deps)).toBe(1);
        const [mail] = await listOutbox(unreachable.deps, 'a@example.com');
        expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
        expect(mail!.last_error).toMatch(url.endsWith(':1') ? /could not be reached/ : /535/);
        // The URL's password is in no error.
        expect(mail!.last_error).not.toContain('wrong');
      } finally {
        await unreachable.close();
      }
    }
  });

  it('sends a mail whose sender died mid-try once its claim lapses: never lost', async () => {
    await getMailer(t.deps).send({ to: 'orphan@example.com', subject: 'Orphan', body: 'w' });
    // A process claims the mail and dies before it records the try.
    const now = t.clock.now();
    const [claimed] = await claimDueOutboxEmails(t.deps.db, {
      nowIso: now.toISOString(),
      leaseExpiresAt: new Date(now.getTime() + 60_000).toISOString(),
      limit: 1,
    });
    expect(claimed).toMatchObject({ to: 'orphan@example.com', attempt: 1 });
    expect(await deliverDueMail(t.deps)).toBe(0);
    t.clock.advance(60_001);
    expect(await deliverDueMail(t.deps)).toBe(1);
    expect(peer.received.map((m) => m.to)).toEqual([['orphan@example.com']]);
    expect(await listOutbox(t.deps, 'orphan@example.com')).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('sends each mail once when two processes run the job at the same time', async () => {
    const recipients = Array.from({ length: 6 }, (_, i) => `race${i}@example.com`);
    for (const to of recipients) await getMailer(t.deps).send({ to, subject: `Race ${to}`, body: to });
    // PostgreSQL: a second pool, so the claims really race. SQLite: one connection, the claims interleave. Two runs
    // in each, so that every claim has rivals that read the same candidates.
    const otherDb =
      TEST_DIALECT === 'postgres' ? createDatabase(t.database.url, { schema: t.database.schema }) : undefined;
    const other = otherDb ? depsWithDb(t.deps, otherDb.db) : t.deps;
    try {
      const tries = await Promise.all([t.deps, other, t.deps, other].map((deps) => deliverDueMail(deps)));
      expect(tries.reduce((a, b) => a + b)).toBe(recipients.length);
    } finally {
      await otherDb?.close();
    }
    expect(peer.received.map((m) => m.to[0]).sort()).toEqual([...recipients].sort());
    const ids = peer.received.map((m) => m.headers['message-id']);
    expect(new Set(ids).size).toBe(recipients.length);
    for (const to of recipients) {
      expect(await listOutbox(t.deps, to)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    }
  });
});

describe('smtps:// (TLS from the start)', () => {
  it('sends over TLS, with a nodemailer option from the URL’s query (tls.rejectUnauthorized)', async () => {
    const tlsPeer = await startSmtpPeer({ isTls: true });
    const tls = await buildTestApp({ SMTP_URL: tlsPeer.url });
    try {
      expect(tls.deps.config.mail.smtpUrl).toMatch(/^smtps:\/\/.*\?tls\.rejectUnauthorized=false$/);
      await getMailer(tls.deps).send({ to: 'secure@example.com', subject: 'Over TLS', body: 'v' });
      expect(await deliverDueMail(tls.deps)).toBe(1);
      expect(tlsPeer.received.map((m) => [m.to, m.headers.subject, m.text])).toEqual([
        [['secure@example.com'], 'Over TLS', 'v'],
      ]);
      expect(await listOutbox(tls.deps, 'secure@example.com')).toMatchObject([{ status: 'sent' }]);
    } finally {
      await tls.close();
      await tlsPeer.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('keeps the mail in the outbox (its transport), and the job sends nothing', async () => {
    const plain = await buildTestApp();
    try {
      await getMailer(plain.deps).send({ to: 'kept@example.com', subject: 'Kept', body: 'a link' });
      expect(await listOutbox(plain.deps, 'kept@example.com')).toMatchObject([
        { status: 'kept', attempts: 0, next_attempt_at: null },
      ]);
      await deliverMailJob.run(plain.deps);
      expect(await deliverDueMail(plain.deps)).toBe(0);
      expect(await listOutbox(plain.deps, 'kept@example.com')).toMatchObject([
        { status: 'kept', attempts: 0 },
      ]);
    } finally {
      await plain.close();
    }
  });
});
