import {
  SIGNUP_MESSAGES,
  validateEmail,
  validatePassword,
  validatePasswordConfirm,
  validateUsername,
} from '@threadcart/contracts';

export interface SignupValues {
  username: string;
  email: string;
  password1: string;
  password2: string;
  terms: boolean;
}
export type SignupField = keyof SignupValues;
export type SignupFormErrors = Partial<Record<SignupField, string[]>>;

/** The messages of one sign-up field (docs/product.md §3.1), from the rules the server runs too. */
export function validateSignupField(field: SignupField, values: SignupValues): string[] {
  switch (field) {
    case 'username':
      return validateUsername(values.username);
    case 'email':
      return validateEmail(values.email);
    case 'password1':
      return validatePassword(values.password1);
    case 'password2':
      return validatePasswordConfirm(values.password1, values.password2);
    case 'terms':
      return values.terms ? [] : [SIGNUP_MESSAGES.termsRequired];
  }
}

/** Every field's messages; an empty object means the form may be sent. */
export function validateSignupForm(values: SignupValues): SignupFormErrors {
  const errors: SignupFormErrors = {};
  for (const field of ['username', 'email', 'password1', 'password2', 'terms'] as const) {
    const messages = validateSignupField(field, values);
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}
