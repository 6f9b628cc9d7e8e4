import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, test } from 'vitest';
import { LoginWithoutUserError, getLoginErrorMessage, getSignupErrorMessage } from './auth-errors.ts';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
const httpError = (status: number, data: unknown) =>
  new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, {
    status,
    data,
    statusText: '',
    headers: new AxiosHeaders(),
    config,
  } as AxiosResponse);
const noResponse = () => new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
const timeout = () => new AxiosError('timeout of 10000ms exceeded', AxiosError.ECONNABORTED, config, {});

describe('sign-in errors (docs/product.md §10.3)', () => {
  test('wrong credentials', () => {
    const error = httpError(401, { detail: 'No active account found with the given credentials' });
    expect(getLoginErrorMessage(error)).toBe('Invalid username or password. Please try again.');
  });

  test('other errors with data: non_field_errors first, then detail, then the default', () => {
    expect(
      getLoginErrorMessage(httpError(400, { non_field_errors: ['Account disabled.'], detail: 'x' })),
    ).toBe('Account disabled.');
    expect(
      getLoginErrorMessage(httpError(429, { detail: 'Too many attempts. Try again in 15 minutes.' })),
    ).toBe('Too many attempts. Try again in 15 minutes.');
    expect(getLoginErrorMessage(httpError(400, { username: ['Required'] }))).toBe(
      'Invalid username or password. Please try again.',
    );
  });

  test('no response and time-outs', () => {
    const expected = 'No response from server. Please check your connection and try again.';
    expect(getLoginErrorMessage(noResponse())).toBe(expected);
    expect(getLoginErrorMessage(timeout())).toBe(expected);
  });

  test('anything else is prefixed with "Error: "', () => {
    expect(getLoginErrorMessage(new Error('boom'))).toBe('Error: boom');
    expect(getLoginErrorMessage(httpError(500, ''))).toBe('Error: Request failed with status code 500');
  });

  test('a success without user data', () => {
    expect(getLoginErrorMessage(new LoginWithoutUserError())).toBe(
      'Login succeeded but user data was not provided by the server.',
    );
  });
});

describe('sign-up errors (docs/product.md §10.4)', () => {
  test('the first error in field order wins', () => {
    const all = {
      non_field_errors: ['General.'],
      password_confirm: ['Passwords must match'],
      password: ['Password must be at least 8 characters'],
      email: ['A user with that email already exists.'],
      username: ['A user with that username already exists.'],
    };
    expect(getSignupErrorMessage(httpError(400, all))).toBe(
      'Username: A user with that username already exists.',
    );
    const { username: _u, ...noUsername } = all;
    expect(getSignupErrorMessage(httpError(400, noUsername))).toBe(
      'Email: A user with that email already exists.',
    );
    const { email: _e, ...noEmail } = noUsername;
    expect(getSignupErrorMessage(httpError(400, noEmail))).toBe(
      'Password: Password must be at least 8 characters',
    );
    const { password: _p, ...noPassword } = noEmail;
    expect(getSignupErrorMessage(httpError(400, noPassword))).toBe(
      'Password confirmation: Passwords must match',
    );
    const { password_confirm: _c, ...general } = noPassword;
    expect(getSignupErrorMessage(httpError(400, general))).toBe('General.');
  });

  test('then message, then a plain string body', () => {
    expect(getSignupErrorMessage(httpError(400, { message: 'Sign-up is closed.' }))).toBe(
      'Sign-up is closed.',
    );
    expect(getSignupErrorMessage(httpError(400, 'Bad request body'))).toBe('Bad request body');
  });

  test('otherwise every field joined, or the fallback', () => {
    expect(getSignupErrorMessage(httpError(400, { name: ['Too long'], age: ['Required'] }))).toBe(
      'name: Too long; age: Required',
    );
    const fallback = 'Failed to create account. Please check your information and try again.';
    expect(getSignupErrorMessage(httpError(400, {}))).toBe(fallback);
    expect(getSignupErrorMessage(httpError(500, ''))).toBe(fallback);
  });

  test('network errors show the no-response text', () => {
    expect(getSignupErrorMessage(noResponse())).toBe(
      'No response from server. Please check your connection and try again.',
    );
  });
});
