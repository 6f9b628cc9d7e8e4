import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { OUTBOX_RETENTION_DAYS } from '@threadcart/contracts';
import { createOutboxMailer, listOutbox, purgeOldMail } from './mail.service.ts';

describe('outbox mailer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes the mail to outbox_emails, kept there, and names it in the log without its body', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createOutboxMailer({ clock: t.clock, logger, config: t.deps.config }, t.deps.db);
    await mailer.send({ to: 'bob@example.com', subject: 'Hi', body: 'Hello\nBob' });
    const mails = await listOutbox(t.deps, 'bob@example.com');
    expect(mails).toEqual([
      {
        id: expect.any(String),
        to_address: 'bob@example.com',
        subject: 'Hi',
        body: 'Hello\nBob',
        created_at: t.clock.now().toISOString(),
        status: 'kept',
        attempts: 0,
        next_attempt_at: null,
        lease_expires_at: null,
        sent_at: null,
        last_error: null,
      },
    ]);
    const logged = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(logged).toMatchObject({ to: 'bob@example.com', subject: 'Hi', mailId: mails[0]!.id });
    expect(logged).not.toHaveProperty('body');
  });

  it(`deletes mails older than ${OUTBOX_RETENTION_DAYS} days and keeps younger ones`, async () => {
    const logger = pino({ level: 'silent' });
    const mailer = createOutboxMailer({ clock: t.clock, logger, config: t.deps.config }, t.deps.db);
    await mailer.send({ to: 'old@example.com', subject: 'Old', body: 'a link' });
    t.clock.advance(OUTBOX_RETENTION_DAYS * 86_400_000 - 60_000);
    await mailer.send({ to: 'young@example.com', subject: 'Young', body: 'a link' });
    t.clock.advance(120_000);
    expect(await purgeOldMail(t.deps, 1)).toBeGreaterThanOrEqual(1);
    expect(await listOutbox(t.deps, 'old@example.com')).toEqual([]);
    expect(await listOutbox(t.deps, 'young@example.com')).toHaveLength(1);
    expect(await purgeOldMail(t.deps)).toBe(0);
  });
});
