import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Deps } from '../deps.ts';
import { getMailer } from '../services/operations/mail.service.ts';
import { runMailCli } from './mail-cli.ts';

describe('npm run mail -- <address>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function run(argv: string[]) {
    let stdout = '';
    let stderr = '';
    // The test app's dependencies, left open when the command closes them.
    const deps = Object.defineProperties(
      {},
      { ...Object.getOwnPropertyDescriptors(t.deps), close: { value: async () => {} } },
    ) as Deps;
    const code = await runMailCli(argv, {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      createDeps: async () => deps,
    });
    return { code, stdout, stderr };
  }

  it('prints the mails to an address with their bodies, oldest first', async () => {
    await getMailer(t.deps).send({
      to: 'ann@example.com',
      subject: 'First',
      body: 'Open https://x/?token=abc',
    });
    t.clock.advance(1000);
    await getMailer(t.deps).send({ to: 'ann@example.com', subject: 'Second', body: 'Bye' });
    await getMailer(t.deps).send({ to: 'bob@example.com', subject: 'Other', body: 'Not for Ann' });
    const { code, stdout } = await run(['ann@example.com']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^--- \S+ {2}kept {2}First\nOpen https:\/\/x\/\?token=abc\n\n--- \S+ {2}kept {2}Second\nBye\n\n$/,
    );
    expect(await run(['nobody@example.com'])).toEqual({
      code: 0,
      stdout: 'No mail to nobody@example.com in the outbox.\n',
      stderr: '',
    });
  });

  it('wants exactly one address', async () => {
    for (const argv of [[], ['a@example.com', 'b@example.com']]) {
      expect(await run(argv)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Usage: npm run mail'),
      });
    }
  });
});
