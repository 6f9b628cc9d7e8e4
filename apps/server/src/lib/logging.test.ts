import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { describeMailTransport, redactTokens } from './logging.ts';

describe('redactTokens (issue 28, item 8)', () => {
  it('redacts the value of every …token= query parameter of a URL', () => {
    expect(redactTokens('/reset-password?token=abc-DEF_1')).toBe('/reset-password?token=[redacted]');
    expect(redactTokens('/x?a=1&access_token=s3cr%2Bt&b=2#f')).toBe('/x?a=1&access_token=[redacted]&b=2#f');
    expect(redactTokens('/confirm-email?TOKEN=abc')).toBe('/confirm-email?TOKEN=[redacted]');
    expect(redactTokens('/orders/?page=2')).toBe('/orders/?page=2');
  });
});

describe('describeMailTransport', () => {
  const mailOf = (env: Record<string, string>) =>
    describeMailTransport(loadConfig({ NODE_ENV: 'test', ...env }, () => 'x'.repeat(32)));
  it('names the SMTP host and port, never the user or password, or says mail stays in the outbox', () => {
    expect(mailOf({})).toBe('the outbox (no SMTP_URL: nothing is sent)');
    const smtp = mailOf({ SMTP_URL: 'smtp://app:hunter2@mail.example', MAIL_FROM: 'shop@example.com' });
    expect(smtp).toBe('SMTP mail.example:587, from shop@example.com');
    expect(mailOf({ SMTP_URL: 'smtps://app:hunter2@mail.example:2465' })).toBe(
      'SMTP mail.example:2465 (TLS), from Threadcart <no-reply@localhost>',
    );
  });
});
