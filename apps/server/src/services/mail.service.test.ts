import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createOutboxMailer, listOutbox } from './mail.service.ts';

describe('outbox mailer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes the mail to outbox_emails and to the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = createOutboxMailer({ clock: t.clock, logger }, t.deps.db);
    await mailer.send({ to: 'bob@example.com', subject: 'Hi', body: 'Hello\nBob' });
    const mails = await listOutbox(t.deps, 'bob@example.com');
    expect(mails).toEqual([
      {
        id: expect.any(String),
        to_address: 'bob@example.com',
        subject: 'Hi',
        body: 'Hello\nBob',
        created_at: t.clock.now().toISOString(),
      },
    ]);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      to: 'bob@example.com',
      subject: 'Hi',
      body: 'Hello\nBob',
      mailId: mails[0]!.id,
    });
  });
});
