import { describe, expect, it } from 'vitest';
import { redactTokens } from './logging.ts';

describe('redactTokens (issue 28, item 8)', () => {
  it('redacts the value of every …token= query parameter of a URL', () => {
    expect(redactTokens('/reset-password?token=abc-DEF_1')).toBe('/reset-password?token=[redacted]');
    expect(redactTokens('/x?a=1&access_token=s3cr%2Bt&b=2#f')).toBe('/x?a=1&access_token=[redacted]&b=2#f');
    expect(redactTokens('/confirm-email?TOKEN=abc')).toBe('/confirm-email?TOKEN=[redacted]');
    expect(redactTokens('/orders/?page=2')).toBe('/orders/?page=2');
  });
});
