import type { Db } from '../../database.ts';
import type { AccountExportRow } from '../../tables/account-exports.tables.ts';

export type { AccountExportRow };

/** Stores a new pending export. */
export async function insertAccountExport(
  db: Db,
  input: { id: string; userId: string; nowIso: string },
): Promise<AccountExportRow> {
  const row: AccountExportRow = {
    id: input.id,
    user_id: input.userId,
    status: 'pending',
    file_key: null,
    file_size: null,
    error: null,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    created_at: input.nowIso,
    updated_at: input.nowIso,
    completed_at: null,
    expires_at: null,
  };
  await db.insertInto('account_exports').values(row).execute();
  return row;
}

/** A user's exports, newest first. */
export async function listUserAccountExports(
  db: Db,
  userId: string,
  limit = 50,
): Promise<AccountExportRow[]> {
  return db
    .selectFrom('account_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One export only when it belongs to this user. */
export async function findUserAccountExport(
  db: Db,
  userId: string,
  id: string,
): Promise<AccountExportRow | undefined> {
  return db
    .selectFrom('account_exports')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** How many of a user's exports are pending or being built. */
export async function countOpenAccountExports(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('account_exports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Claims the oldest runnable export (pending, or processing with a lapsed lease: its worker died) for a worker.
 * The claim is a conditional update of one row, so of two workers racing for it exactly one wins on either dialect;
 * the loser looks again.
 */
export async function claimNextAccountExport(
  db: Db,
  input: { workerId: string; nowIso: string; leaseExpiresAt: string },
): Promise<AccountExportRow | undefined> {
  for (let tries = 0; tries < 5; tries += 1) {
    const candidate = await db
      .selectFrom('account_exports')
      .select(['id', 'attempts'])
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<', input.nowIso)]),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    const result = await db
      .updateTable('account_exports')
      .set({
        status: 'processing',
        lease_owner: input.workerId,
        lease_expires_at: input.leaseExpiresAt,
        attempts: candidate.attempts + 1,
        updated_at: input.nowIso,
      })
      .where('id', '=', candidate.id)
      .where('attempts', '=', candidate.attempts)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'pending'),
          eb.and([eb('status', '=', 'processing'), eb('lease_expires_at', '<', input.nowIso)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return db.selectFrom('account_exports').selectAll().where('id', '=', candidate.id).executeTakeFirst();
    }
  }
  return undefined;
}

/** Marks an export ready with its file, only while this worker still holds it. */
export async function completeAccountExport(
  db: Db,
  input: {
    id: string;
    workerId: string;
    fileKey: string;
    fileSize: number;
    nowIso: string;
    expiresAt: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('account_exports')
    .set({
      status: 'ready',
      file_key: input.fileKey,
      file_size: input.fileSize,
      error: null,
      lease_owner: null,
      lease_expires_at: null,
      completed_at: input.nowIso,
      updated_at: input.nowIso,
      expires_at: input.expiresAt,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'processing')
    .where('lease_owner', '=', input.workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends an attempt that failed: back to pending for another try, or failed for good. */
export async function failAccountExportAttempt(
  db: Db,
  input: { id: string; workerId: string; error: string; isFinal: boolean; nowIso: string },
): Promise<void> {
  await db
    .updateTable('account_exports')
    .set({
      status: input.isFinal ? 'failed' : 'pending',
      error: input.error,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: input.nowIso,
      ...(input.isFinal ? { completed_at: input.nowIso } : {}),
    })
    .where('id', '=', input.id)
    .where('lease_owner', '=', input.workerId)
    .execute();
}

/** Ready exports whose file is past its retention. */
export async function listExpiredAccountExports(
  db: Db,
  nowIso: string,
  limit: number,
): Promise<AccountExportRow[]> {
  return db
    .selectFrom('account_exports')
    .selectAll()
    .where('status', '=', 'ready')
    .where('expires_at', '<', nowIso)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** Marks an export's file as deleted. */
export async function markAccountExportExpired(db: Db, id: string, nowIso: string): Promise<void> {
  await db
    .updateTable('account_exports')
    .set({ status: 'expired', file_key: null, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/** Every export of a user (the deletion removes their files). */
export async function listAllUserAccountExports(db: Db, userId: string): Promise<AccountExportRow[]> {
  return db.selectFrom('account_exports').selectAll().where('user_id', '=', userId).execute();
}

export async function deleteUserAccountExports(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('account_exports').where('user_id', '=', userId).execute();
}
