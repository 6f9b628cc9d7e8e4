import type { Db } from '../../database.ts';
import type { WebhookEndpointRow } from '../../tables/webhooks.tables.ts';

export type { WebhookEndpointRow };

/** Stores a new endpoint with its signing secret. */
export async function insertWebhookEndpoint(db: Db, row: WebhookEndpointRow): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

/** How many endpoints a user has (the limit is checked under the user's lock). */
export async function countUserWebhookEndpoints(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user's endpoints, oldest first. */
export async function listUserWebhookEndpoints(db: Db, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** One endpoint only when it belongs to this user (undefined otherwise, so callers answer 404). */
export async function findUserWebhookEndpoint(
  db: Db,
  userId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes one of a user's endpoints with its deliveries and their log (cascade); false when it is not theirs. */
export async function deleteUserWebhookEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes every endpoint and event of a user (account deletion); pending deliveries go with them. */
export async function deleteUserWebhooks(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('user_id', '=', userId).execute();
  await db.deleteFrom('outgoing_events').where('user_id', '=', userId).execute();
}
