import type { Insertable } from 'kysely';
import type { DbOrTrx, Trx } from '../../db';
import type { PaymentsTable } from '../../db/commerce-schema';

/** SQL of online payments (decision 018): the payments table, and the orders a payment settles. */

type PaymentState = PaymentsTable['status'];

/** What the gateway's page shows of the customer. */
export const payerContact = (db: DbOrTrx, userId: number) =>
  db.selectFrom('users').select(['name', 'phone', 'phone_code', 'email']).where('id', '=', userId).executeTakeFirst();

export const insertPayment = (db: DbOrTrx, values: Insertable<PaymentsTable>) =>
  db.insertInto('payments').values(values).execute();

/** Moves a pending payment to `status`; true when this call moved it (the conditional update decides). */
export async function settlePending(trx: Trx, id: number, status: PaymentState, now: string): Promise<boolean> {
  const moved = await trx
    .updateTable('payments')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** An expired payment that the gateway says was paid after all: paid, once (conditional). */
export async function settleLate(trx: Trx, id: number, now: string): Promise<boolean> {
  const moved = await trx
    .updateTable('payments')
    .set({ status: 'paid', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'expired')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Marks a placement's unpaid orders paid (withdrawn ones too: a late payment; a refund is then due). */
export const markPlacementPaid = (trx: Trx, checkoutRef: string, now: string) =>
  trx
    .updateTable('orders')
    .set({ payment_status: 'Paid', paid_at: now, updated_at: now })
    .where('checkout_ref', '=', checkoutRef)
    .where('payment_status', '=', 'Unpaid')
    .execute();

export const paymentBySession = (db: DbOrTrx, sessionId: string) =>
  db.selectFrom('payments').selectAll().where('session_id', '=', sessionId).executeTakeFirst();

export const paymentByReference = (db: DbOrTrx, checkoutRef: string) =>
  db.selectFrom('payments').selectAll().where('checkout_ref', '=', checkoutRef).executeTakeFirst();

/** The customer's payment named by the gateway's session id or the placement's reference. */
export const customerPayment = (db: DbOrTrx, userId: number, ref: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('session_id', '=', ref), eb('checkout_ref', '=', ref)]))
    .executeTakeFirst();

/** A placement's orders, in id order. */
export const placementOrders = (db: DbOrTrx, checkoutRef: string) =>
  db.selectFrom('orders').selectAll().where('checkout_ref', '=', checkoutRef).orderBy('id').execute();

/** Payments pending or cancelled since before `before`. */
export const stalePayments = (db: DbOrTrx, before: string) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('status', 'in', ['pending', 'cancelled'])
    .where('created_at', '<', before)
    .execute();

/** Marks a pending or cancelled payment expired; true when this call marked it. */
export async function expirePayment(db: DbOrTrx, id: number, now: string): Promise<boolean> {
  const moved = await db
    .updateTable('payments')
    .set({ status: 'expired', updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'cancelled'])
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** One of the customer's orders, with what Pay now needs of it. */
export const customerOrder = (db: DbOrTrx, userId: number, orderId: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'checkout_ref', 'payment_method', 'payment_status', 'order_status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The number of a new gateway page for a payment (1, 2 …): each needs an idempotency key of its own. */
export async function nextAttempt(db: DbOrTrx, paymentId: number): Promise<number> {
  const row = await db.selectFrom('payments').select('attempts').where('id', '=', paymentId).executeTakeFirstOrThrow();
  return Number(row.attempts) + 1;
}

/**
 * Puts a new gateway session on a payment whose session is still `from`: pending again, attempts + 1.
 * False when another request swapped it first.
 */
export async function swapSession(
  db: DbOrTrx,
  id: number,
  from: string | null,
  to: { session_id: string; amount: number; updated_at: string },
): Promise<boolean> {
  let q = db
    .updateTable('payments')
    .set((eb) => ({ ...to, status: 'pending' as const, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'cancelled']);
  q = from === null ? q.where('session_id', 'is', null) : q.where('session_id', '=', from);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}
