import { validatePassword, validatePasswordConfirm } from '@threadcart/contracts';
import { ACCOUNT_UI_MESSAGES } from './messages.ts';

export interface PasswordValues {
  current_password: string;
  new_password1: string;
  new_password2: string;
}
export type PasswordField = keyof PasswordValues;
export type PasswordErrors = Partial<Record<PasswordField, string[]>>;
export const PASSWORD_FIELDS: readonly PasswordField[] = [
  'current_password',
  'new_password1',
  'new_password2',
];

/** One field's messages: the new password follows the sign-up rules the server runs too (docs/product.md §3.9). */
export function validatePasswordField(field: PasswordField, values: PasswordValues): string[] {
  switch (field) {
    case 'current_password':
      return values.current_password === '' ? [ACCOUNT_UI_MESSAGES.currentPasswordRequired] : [];
    case 'new_password1':
      return validatePassword(values.new_password1);
    case 'new_password2':
      return validatePasswordConfirm(values.new_password1, values.new_password2);
  }
}

/** Every field's messages; an empty object means the form may be sent. */
export function validatePasswordForm(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  for (const field of PASSWORD_FIELDS) {
    const messages = validatePasswordField(field, values);
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}
