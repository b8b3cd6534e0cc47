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
