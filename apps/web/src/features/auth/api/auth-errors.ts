import { API_MESSAGES } from '@threadcart/contracts';
import { classifyError, firstFieldMessage, getDetail } from '../../../lib/api-error.ts';
import { AUTH_MESSAGES, SIGNUP_ERROR_FIELDS } from '../messages.ts';

export class LoginWithoutUserError extends Error {
  constructor() {
    super(AUTH_MESSAGES.loginWithoutUser);
  }
}

/** The sign-in error line of docs/product.md §10.3 for any failure. */
export function getLoginErrorMessage(error: unknown): string {
  if (error instanceof LoginWithoutUserError) return error.message;
  const failure = classifyError(error);
  if (failure.kind === 'no-response') return AUTH_MESSAGES.noResponse;
  if (failure.kind === 'other') return `${AUTH_MESSAGES.errorPrefix}${failure.message}`;
  const detail = getDetail(failure.data);
  if (failure.status === 401 && detail?.includes(API_MESSAGES.invalidCredentials)) {
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (failure.data) {
    return firstFieldMessage(failure.data, 'non_field_errors') ?? detail ?? AUTH_MESSAGES.invalidCredentials;
  }
  return `${AUTH_MESSAGES.errorPrefix}${failure.message}`;
}

/** The sign-up error line of docs/product.md §10.4: the first error in field order, then the fallbacks. */
export function getSignupErrorMessage(error: unknown): string {
  const failure = classifyError(error);
  if (failure.kind === 'no-response') return AUTH_MESSAGES.noResponse;
  if (failure.kind === 'other') return AUTH_MESSAGES.signupFailed;
  const data = failure.data;
  if (typeof data === 'string') return data.trim() !== '' ? data : AUTH_MESSAGES.signupFailed;
  if (!data || typeof data !== 'object') return AUTH_MESSAGES.signupFailed;
  for (const [field, prefix] of SIGNUP_ERROR_FIELDS) {
    const message = firstFieldMessage(data, field);
    if (message) return `${prefix}${message}`;
  }
  const general =
    firstFieldMessage(data, 'non_field_errors') ?? firstFieldMessage(data, 'message') ?? getDetail(data);
  if (general) return general;
  const joined = Object.entries(data as Record<string, unknown>)
    .map(([field, value]) => `${field}: ${Array.isArray(value) ? value.join(' ') : String(value)}`)
    .join('; ');
  return joined || AUTH_MESSAGES.signupFailed;
}
