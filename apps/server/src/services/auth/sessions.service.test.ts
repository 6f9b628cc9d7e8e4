import { describe, expect, it } from 'vitest';
import { readAccessToken, signAccessToken } from './sessions.service.ts';

const secret = 'a-secret-a-secret-a-secret-a-secret-12';
const now = new Date('2026-03-01T12:00:00.000Z');
const claims = { sub: 'user-1', fam: 'family-1', exp: now.getTime() / 1000 + 60 };

describe('access tokens', () => {
  it('reads back what it signed until it expires', () => {
    const token = signAccessToken(secret, claims);
    expect(token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(readAccessToken(secret, token, now)).toEqual(claims);
    expect(readAccessToken(secret, token, new Date(now.getTime() + 60_000))).toBeNull();
    expect(readAccessToken(secret, token, null)).toEqual(claims);
  });

  it('refuses a token signed with another secret, a changed payload and garbage', () => {
    const token = signAccessToken(secret, claims);
    expect(readAccessToken(`${secret}x`, token, now)).toBeNull();
    const [prefix, , mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'user-2' })).toString('base64url');
    expect(readAccessToken(secret, `${prefix}.${forged}.${mac}`, now)).toBeNull();
    expect(readAccessToken(secret, token.replace(/^v1/, 'v2'), now)).toBeNull();
    for (const junk of ['', 'v1', 'v1.e30', 'v1.!!.!!', `${token}.x`])
      expect(readAccessToken(secret, junk, now)).toBeNull();
    const noFamily = signAccessToken(secret, { sub: 'user-1', exp: claims.exp } as never);
    expect(readAccessToken(secret, noFamily, now)).toBeNull();
  });
});
