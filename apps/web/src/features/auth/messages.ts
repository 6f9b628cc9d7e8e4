/** Sign-in, sign-up and password-reset texts of docs/product.md §10.3, §10.4 and §10.6, word for word. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password. Please try again.',
  noResponse: 'No response from server. Please check your connection and try again.',
  loginWithoutUser: 'Login succeeded but user data was not provided by the server.',
  errorPrefix: 'Error: ',
  signupFailed: 'Failed to create account. Please check your information and try again.',
  registrationSuccessful: 'Registration successful! Please log in with your new account.',
  signingIn: 'Signing in...',
  creatingAccount: 'Creating account...',
  loading: 'Loading',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  resetDone: 'Your password has been reset. Please log in.',
} as const;

/** The prefixes of a sign-up error, in the order of docs/product.md §10.4. */
export const SIGNUP_ERROR_FIELDS = [
  ['username', 'Username: '],
  ['email', 'Email: '],
  ['password', 'Password: '],
  ['password_confirm', 'Password confirmation: '],
] as const;
