import { z } from 'zod';
import { LOGIN_MESSAGES, SIGNUP_MESSAGES } from './messages.ts';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
// No control characters (NUL among them: PostgreSQL text cannot hold it) and no lone UTF-16 surrogates.
const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cs}]+@[^\s@\p{Cc}\p{Cs}]+\.[^\s@\p{Cc}\p{Cs}]+$/u;

/**
 * The sign-up body as sent (docs/product.md §3.1): every field optional here so that a missing one gets its required
 * message.
 */
export const SignupRequestSchema = z.object({
  username: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  password1: z.string().max(1024).optional(),
  password2: z.string().max(1024).optional(),
  name: z.string().max(200).optional(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const LoginRequestSchema = z.object({
  username: z.string().max(200).optional(),
  password: z.string().max(1024).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Field keys of a sign-up error response (docs/product.md §3.1): the web form maps them back onto its inputs. */
export type SignupErrorKey = 'username' | 'email' | 'password' | 'password_confirm' | 'non_field_errors';
export type SignupErrors = Partial<Record<SignupErrorKey, string[]>>;

/** The messages for a username, in the order of docs/product.md §3.1; empty when it is valid. */
export function validateUsername(username: string): string[] {
  if (username.trim() === '') return [SIGNUP_MESSAGES.usernameRequired];
  const messages: string[] = [];
  if (username.length < USERNAME_MIN_LENGTH) messages.push(SIGNUP_MESSAGES.usernameTooShort);
  if (username.length > USERNAME_MAX_LENGTH) messages.push(SIGNUP_MESSAGES.usernameTooLong);
  if (!USERNAME_PATTERN.test(username)) messages.push(SIGNUP_MESSAGES.usernameCharacters);
  return messages;
}

export function validateEmail(email: string): string[] {
  if (email.trim() === '') return [SIGNUP_MESSAGES.emailRequired];
  return EMAIL_PATTERN.test(email.trim()) ? [] : [SIGNUP_MESSAGES.emailInvalid];
}

export function validatePassword(password: string): string[] {
  if (password === '') return [SIGNUP_MESSAGES.passwordRequired];
  const messages: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) messages.push(SIGNUP_MESSAGES.passwordTooShort);
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    messages.push(SIGNUP_MESSAGES.passwordWeak);
  }
  return messages;
}

export function validatePasswordConfirm(password: string, confirm: string): string[] {
  if (confirm === '') return [SIGNUP_MESSAGES.passwordConfirmRequired];
  return confirm === password ? [] : [SIGNUP_MESSAGES.passwordsMustMatch];
}

/** Every rule of docs/product.md §3.1 for sign-up; the server and the form run the same function. */
export function validateSignup(body: SignupRequest): SignupErrors {
  const errors: SignupErrors = {};
  const add = (key: SignupErrorKey, messages: string[]) => {
    if (messages.length > 0) errors[key] = messages;
  };
  add('username', validateUsername(body.username ?? ''));
  add('email', validateEmail(body.email ?? ''));
  add('password', validatePassword(body.password1 ?? ''));
  add('password_confirm', validatePasswordConfirm(body.password1 ?? '', body.password2 ?? ''));
  return errors;
}

/** Login rules of docs/product.md §3.4: both fields required. */
export function validateLogin(body: LoginRequest): Partial<Record<'username' | 'password', string>> {
  const errors: Partial<Record<'username' | 'password', string>> = {};
  if (!body.username?.trim()) errors.username = LOGIN_MESSAGES.usernameRequired;
  if (!body.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}

export const UserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  credits: z.number().int(),
  date_joined: z.string(),
  /** False until the link mailed at sign-up is followed; the sign-up gift comes then (decision 020). */
  email_confirmed: z.boolean(),
  /** A new address waiting for its confirmation link to be followed, or null. */
  pending_email: z.string().nullable(),
  /** `admin` opens the operator console (decision 022); the server checks the role on every admin route. */
  role: z.enum(['user', 'admin']),
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });

/** The answer of a call that only reports: one sentence for the user (password reset, confirmation resend, ...). */
export const DetailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponseSchema>;

/** `PATCH /api/users/me/`: a new name applies at once; a new e-mail only when the link mailed to it is followed. */
export const UpdateProfileRequestSchema = z.object({
  name: z.string().max(1000).optional(),
  email: z.string().max(320).optional(),
  /** Changing the e-mail needs the password, unless the session proved it in the last 10 minutes. */
  current_password: z.string().max(1024).optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const ConfirmEmailRequestSchema = z.object({ token: z.string().max(200).optional() });
export const ConfirmEmailResponseSchema = z.object({
  detail: z.string(),
  /** `revert`: the old address's link that cancels a change of address (valid 24 hours). */
  purpose: z.enum(['signup', 'change', 'revert']),
});
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponseSchema>;

export const CreditLotSchema = z.object({
  credits_left: z.number().int(),
  expires_at: z.string(),
  source: z.string(),
});
export const CreditsResponseSchema = z.object({
  credits: z.number().int(),
  lots: z.array(CreditLotSchema),
});
export type CreditsResponse = z.infer<typeof CreditsResponseSchema>;

/**
 * What an API key may do: `read` (safe requests: orders, files, corpus, credits, dry runs), `orders` (placing,
 * re-running and scheduling orders, buying credits). No scope reaches account management (docs/security.md).
 */
export const API_KEY_SCOPES = ['read', 'orders'] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;
export const CreateApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  /** Both scopes when left out. */
  scopes: z.array(ApiKeyScopeSchema).min(1).max(API_KEY_SCOPES.length).optional(),
});
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  scopes: z.array(ApiKeyScopeSchema),
});
/** `POST /api/auth/reauthenticate/`: the session proves its password again (valid 10 minutes). */
export const ReauthenticateRequestSchema = z.object({ password: z.string().max(1024).optional() });
export type ReauthenticateRequest = z.infer<typeof ReauthenticateRequestSchema>;
export type ApiKey = z.infer<typeof ApiKeySchema>;
