import type { Db } from '../../database.ts';
import type { PaymentRow } from '../../tables/payments.tables.ts';

export type PaymentWithUsername = PaymentRow & { username: string | null };

/** A page of every payment, newest first, filtered by status and user; and how many match. */
export async function listAllPayments(
  db: Db,
  input: { status?: string; userId?: string; limit: number; offset: number },
): Promise<{ rows: PaymentWithUsername[]; total: number }> {
  let query = db.selectFrom('payments as p');
  if (input.status) query = query.where('p.status', '=', input.status as PaymentRow['status']);
  if (input.userId) query = query.where('p.user_id', '=', input.userId);
  const rows = await query
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select('u.username')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const count = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** One payment with its owner's username. */
export async function findPaymentWithUsername(
  db: Db,
  paymentId: string,
): Promise<PaymentWithUsername | undefined> {
  return db
    .selectFrom('payments as p')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select('u.username')
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
}
