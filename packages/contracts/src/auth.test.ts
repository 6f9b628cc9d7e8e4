import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES as M } from './messages.ts';
import { validateEmail, validateSignup } from './auth.ts';

const valid = {
  username: 'alice_1',
  email: 'alice@example.com',
  password1: 'Secret123',
  password2: 'Secret123',
};

describe('validateSignup', () => {
  it('accepts a valid form', () => {
    expect(validateSignup(valid)).toEqual({});
  });

  it.each([
    [{ username: '' }, 'username', [M.usernameRequired]],
    [{ username: 'ab' }, 'username', [M.usernameTooShort]],
    [{ username: 'a'.repeat(31) }, 'username', [M.usernameTooLong]],
    [{ username: 'bad name!' }, 'username', [M.usernameCharacters]],
    [{ email: '' }, 'email', [M.emailRequired]],
    [{ email: 'not-an-email' }, 'email', [M.emailInvalid]],
    [{ password1: '', password2: 'x' }, 'password', [M.passwordRequired]],
    [{ password1: 'Ab1', password2: 'Ab1' }, 'password', [M.passwordTooShort]],
    [{ password1: 'alllowercase1', password2: 'alllowercase1' }, 'password', [M.passwordWeak]],
    [{ password2: '' }, 'password_confirm', [M.passwordConfirmRequired]],
    [{ password2: 'Different123' }, 'password_confirm', [M.passwordsMustMatch]],
  ])('%j → %s: %j', (patch, key, messages) => {
    const errors = validateSignup({ ...valid, ...patch });
    expect(errors[key as keyof typeof errors]).toEqual(messages);
  });

  it('reports every failing field at once', () => {
    expect(validateSignup({})).toEqual({
      username: [M.usernameRequired],
      email: [M.emailRequired],
      password: [M.passwordRequired],
      password_confirm: [M.passwordConfirmRequired],
    });
  });
});

describe('validateEmail', () => {
  it('refuses control characters and lone surrogates, and accepts other Unicode', () => {
    for (const email of [
      'a\u0000b@example.com',
      'a\u0007@example.com',
      'x\ud800@example.com',
      'a@ex\udc00.com',
    ])
      expect(validateEmail(email)).toEqual([M.emailInvalid]);
    expect(validateEmail('grüße🐍@example.com')).toEqual([]);
  });
});
