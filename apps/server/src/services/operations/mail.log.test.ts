import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startSmtpPeer } from '../../../test/smtp-peer.ts';
import { PERIODIC_JOBS } from '../../jobs/registry.ts';
import { listOutbox } from './mail.service.ts';

// Issue 28, item 8: the mails' links (sign-up confirmation, password reset) carry tokens that sign a person in or
// change their password; the log is read by more people, and kept longer, than the mails. It names a mail, never
// shows its body.

/** Every line the app logs, at the most detailed level, as JSON text. */
function captureLog() {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
  return { lines, logger };
}

/** The token values of every link in the mails to `email` (as written in the link, and decoded). */
async function mailedTokens(t: TestApp, email: string): Promise<string[]> {
  const mails = await listOutbox(t.deps, email);
  const tokens = mails.flatMap((m) => [...m.body.matchAll(/token=([^\s&]+)/g)].map((match) => match[1]!));
  return tokens.flatMap((token) => [token, decodeURIComponent(token)]);
}

async function mailLinksThroughTheApi(t: TestApp): Promise<string> {
  const s = await signUpAndSignIn(t.app);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/',
    payload: { email: s.user.email },
    remoteAddress: '198.51.100.7',
  });
  expect(reset.statusCode).toBe(200);
  // The person opens each link in the browser: a request the log records.
  for (const mail of await listOutbox(t.deps, s.user.email)) {
    for (const [link] of mail.body.matchAll(/https?:\/\/\S+token=\S+/g)) {
      const url = new URL(link);
      await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    }
  }
  return s.user.email;
}

function expectNoToken(lines: readonly string[], tokens: readonly string[], mailCount: number): void {
  // Both mails (the sign-up confirmation, the reset) were logged, each has a token, and opening their links was.
  expect(lines.filter((line) => line.includes('"mailId"')).length).toBeGreaterThanOrEqual(mailCount);
  expect(tokens.length).toBeGreaterThanOrEqual(2 * mailCount);
  for (const token of tokens) {
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  }
  expect(lines.filter((line) => /token=(?!\[redacted\])/.test(line))).toEqual([]);
  expect(lines.filter((line) => line.includes('token=[redacted]')).length).toBeGreaterThanOrEqual(mailCount);
}

describe('the log never holds a mailed token (issue 28, item 8)', () => {
  it('the outbox (the default): writing a confirmation and a reset mail logs their id, recipient and subject', async () => {
    const { lines, logger } = captureLog();
    const t = await buildTestApp({}, { logger });
    try {
      const email = await mailLinksThroughTheApi(t);
      expectNoToken(lines, await mailedTokens(t, email), 2);
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const mails = await listOutbox(t.deps, email);
      expect(logged.filter((l) => l.mailId === mails[1]!.id)).toEqual([
        expect.objectContaining({ to: email, subject: 'Reset your Threadcart password' }),
      ]);
    } finally {
      await t.close();
    }
  });

  describe('SMTP', () => {
    let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
    beforeAll(async () => {
      peer = await startSmtpPeer();
    });
    afterAll(() => peer.close());

    it('queuing, sending, and a refused try log no token either', async () => {
      const { lines, logger } = captureLog();
      const t = await buildTestApp({ SMTP_URL: peer.url }, { logger });
      try {
        const email = await mailLinksThroughTheApi(t);
        const deliverMail = PERIODIC_JOBS.find((job) => job.name === 'mail.deliver');
        expect(deliverMail).toBeDefined();
        peer.refuseNext({ at: 'data', code: 451, message: 'Try again later' });
        await deliverMail!.run(t.deps);
        t.clock.advance(24 * 60 * 60 * 1000);
        await deliverMail!.run(t.deps);
        expect(peer.received.filter((m) => m.to[0] === email)).toHaveLength(2);
        expect(lines.some((line) => line.includes('mail try failed'))).toBe(true);
        expect(lines.filter((line) => line.includes('"mail sent"'))).toHaveLength(2);
        expectNoToken(lines, await mailedTokens(t, email), 2);
      } finally {
        await t.close();
      }
    });
  });
});
