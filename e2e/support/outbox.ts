import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The mails the server under test "sent": its outbox table (docs/product.md §3.13), read from the suite's SQLite
 * database as a person would read their mailbox.
 */
function outboxBodies(to: string): string[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'threadcart.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('select body from outbox_emails where to_address = ? order by created_at, id')
      .all(to) as { body: string }[];
    return rows.map((row) => row.body);
  } finally {
    db.close();
  }
}

/** The path (with its token) of the latest e-mail confirmation link mailed to `email`. */
export async function latestConfirmationPath(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = outboxBodies(email)
        .map((body) => /https?:\/\/[^/\s]+(\/confirm-email\?token=\S+)/.exec(body)?.[1])
        .filter((link) => link !== undefined)
        .at(-1);
      return found;
    })
    .toBeDefined();
  return found!;
}

/** Follows the latest confirmation link mailed to `email` through the API: the sign-up gift arrives. */
export async function confirmEmailViaApi(request: APIRequestContext, email: string): Promise<void> {
  const token = decodeURIComponent((await latestConfirmationPath(email)).split('token=')[1]!);
  const response = await request.post('/api/auth/confirm-email/', { data: { token } });
  if (response.status() !== 200)
    throw new Error(`e-mail confirmation failed: ${response.status()} ${await response.text()}`);
}

/** The path (with its token) of the latest removal request confirmation link mailed to `email`. */
export async function latestRemovalConfirmPath(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = outboxBodies(email)
        .map((body) => /https?:\/\/[^/\s]+(\/removal\/confirm\?token=\S+)/.exec(body)?.[1])
        .filter((link) => link !== undefined)
        .at(-1);
      return found;
    })
    .toBeDefined();
  return found!;
}

/** Whether a mail to `email` contains `text` (the outcome of a request). */
export function hasMailContaining(email: string, text: string): boolean {
  return outboxBodies(email).some((body) => body.includes(text));
}
