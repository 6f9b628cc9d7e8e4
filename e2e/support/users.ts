import type { APIRequestContext, Page } from '@playwright/test';
import { confirmEmailViaApi } from './outbox.ts';

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A user nobody has signed up with yet in this run. */
export function uniqueUser(prefix = 'user'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `${prefix}_${id}`.slice(0, 30),
    email: `${prefix}.${id}@example.com`,
    password: 'Secret123',
  };
}

/** Creates the account through the API (sign-up starts no session). */
export async function signUpViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/auth/signup/', {
    data: {
      username: user.username,
      email: user.email,
      password1: user.password,
      password2: user.password,
      name: user.username,
    },
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  // The sign-up gift comes with the confirmed address (decision 020).
  await confirmEmailViaApi(request, user.email);
}

/** Signs in through the API with the page's cookies, then tells the web app a session exists. */
export async function signInViaApi(page: Page, user: TestUser): Promise<void> {
  const response = await page.request.post('/api/auth/token/', {
    data: { username: user.username, password: user.password },
  });
  if (response.status() !== 200)
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  await page.goto('/terms');
  await page.evaluate(() => window.localStorage.setItem('threadcart.has-session', '1'));
}
