/** User-facing texts (docs/product.md §10), kept word for word; server and web both import them from here. */
export const SIGNUP_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must not exceed 30 characters',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  usernameTaken: 'A user with that username already exists.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'A user with that email already exists.',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordWeak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordsMustMatch: 'Passwords must match',
  passwordConfirmRequired: 'Please confirm your password',
  termsRequired: 'You must accept the terms and conditions',
} as const;

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
} as const;

/** Error details the API returns; clients match on some of them, so they never change. */
export const API_MESSAGES = {
  invalidCredentials: 'No active account found with the given credentials',
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenInvalid: 'Token is invalid or expired.',
  csrfFailed: 'CSRF token missing or incorrect.',
  notFound: 'Not found.',
  metricsTokenInvalid: 'A valid metrics token is required: send Authorization: Bearer <METRICS_TOKEN>.',
  internal: 'Something went wrong on our side. Please try again later.',
  invalidText:
    'The request holds a NUL character or a broken UTF-16 surrogate; send well-formed text without NUL characters.',
  tooManyAttempts: (minutes: number) => `Too many attempts. Try again in ${minutes} minutes.`,
  tooManyRequests: (seconds: number) =>
    `Too many requests from you in a minute; try again in ${seconds} seconds.`,
  notEnoughCredits: (needed: number, balance: number) =>
    `Not enough credits: this order needs ${needed} credits and you have ${balance}.`,
} as const;

/**
 * Account management (e-mail, password, deletion, API keys, webhooks, data exports) needs a browser session that
 * proved its password in the last 10 minutes (issue 28); API keys carry scopes that never reach it.
 */
export const REAUTH_MESSAGES = {
  sessionRequired:
    'This needs you signed in on the website: an API key cannot change the account, its keys or its webhooks.',
  reauthenticationRequired: 'Enter your password again to continue.',
  reauthenticated: 'Thank you. You can continue.',
  passwordWrong: 'This password is incorrect.',
  passwordRequired: 'Enter your password.',
  insufficientScope: (scope: string) => `This API key does not have the "${scope}" scope.`,
  keysRevoked: (count: number) => `${count} API ${count === 1 ? 'key was' : 'keys were'} revoked.`,
} as const;

/** E-mail confirmation: the sign-up gift waits for it, and a new address takes effect with it (decision 020). */
export const EMAIL_MESSAGES = {
  confirmToReceiveGift: (email: string) =>
    `Confirm your e-mail address to receive your 1,000 free credits: open the link we sent to ${email}.`,
  resend: 'Send the link again',
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  confirmedWithGift: 'Your e-mail address is confirmed. Your 1,000 free credits are in your account.',
  confirmedGiftTaken:
    'Your e-mail address is confirmed. This mailbox has already received the sign-up gift, so no free credits were added.',
  changed: (email: string) => `Your e-mail address is now ${email}.`,
  changeSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your address changes when you open it.`,
  invalidLink: 'This confirmation link is invalid or has expired.',
  confirming: 'Confirming your e-mail address...',
  sameEmail: 'This is already your e-mail address.',
  nameTooLong: 'Name must not exceed 200 characters',
  tooManySignups:
    'Too many accounts were created from your network in the last hour. Please try again later.',
  reverted: (email: string) =>
    `The change of address was cancelled: your account uses ${email} again. Every session and API key was signed out; sign in and choose a new password.`,
} as const;

/** Payment texts: the screens' (word for word, docs/product.md §10.12) and the details the payment API returns. */
export const PAYMENT_MESSAGES = {
  invalidCredits: 'Please enter a valid number of credits',
  createFailed: 'Failed to create order. Please try again.',
  paymentFailed: 'Payment failed. Please try again.',
  unknownPackage: 'Unknown credit package.',
  orderIdRequired: 'order_id is required.',
  notApproved: (reason: string) => `Payment not approved: ${reason}`,
  declined: 'Your payment was declined. Please try again with another payment method.',
  cancelled: 'This payment was cancelled.',
  expired: 'This payment has expired. Please start a new purchase.',
  unverified: 'This payment could not be verified. Please contact support.',
  alreadyCompleted: 'Payment already completed',
  processing: 'This payment is being processed. Please check your dashboard for updates.',
  providerUnavailable: 'PayPal could not be reached. Your payment will be checked again shortly.',
  invalidWebhook: 'Invalid webhook signature.',
} as const;
