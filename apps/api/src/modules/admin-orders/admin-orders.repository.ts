import { type Insertable, sql } from 'kysely';
import type { DbOrTrx, Trx } from '../../db';
import type { OrderRefundsTable } from '../../db/admin-orders-schema';
import type { OrderStatus, PaymentStatus } from '../../db/commerce-schema';

/** SQL of the console's orders and refunds (decision 042). */

export interface OrdersFilter {
  orderStatus?: OrderStatus;
  paymentStatus?: PaymentStatus;
  shopId?: number;
  /** An order number (or its beginning), or a customer's name or phone (or a part of it). */
  search?: string;
}

/** An order number as checkout makes it (SQ and 8 letters or digits). */
const ORDER_CODE = /^SQ[A-Z0-9]{8}$/;
/** What a phone number is written with. */
const PHONE = /^[+\d\s()-]+$/;

/** `%`, `_` and the escape character itself, escaped for LIKE … ESCAPE '\'. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: DbOrTrx, f: OrdersFilter) {
  let q = db.selectFrom('orders as o');
  if (f.orderStatus) q = q.where('o.order_status', '=', f.orderStatus);
  if (f.paymentStatus) q = q.where('o.payment_status', '=', f.paymentStatus);
  if (f.shopId) q = q.where('o.shop_id', '=', f.shopId);
  const search = f.search;
  if (search) {
    const code = search.toUpperCase().replace(/\s+/g, '');
    // A whole order number names one order (the unique index on order_code).
    if (ORDER_CODE.test(code)) return q.where('o.order_code', '=', code);
    const digits = search.replace(/[^\d]/g, '');
    // A phone number (digits, maybe +968, spaces, dashes): the customer by it, through the phone index.
    if (PHONE.test(search) && digits.length >= 8) {
      const local = digits.slice(-8);
      return q.where('o.user_id', 'in', (eb) =>
        eb
          .selectFrom('users as u')
          .select('u.id')
          .where('u.phone', 'in', [...new Set([local, digits])]),
      );
    }
    const name = `%${likeEscaped(search.toLowerCase())}%`;
    // Otherwise the customers whose name (or part of it), e-mail or part of a phone matches, found first
    // (few), and their orders by orders_user_status (007). (An OR with a column of orders here would keep
    // PostgreSQL from that index: it would walk every order.)
    q = q.where('o.user_id', 'in', (eb) =>
      eb
        .selectFrom('users as u')
        .select('u.id')
        .where((w) =>
          w.or([
            w(sql`lower(u.name)`, 'like', sql<string>`${name} escape '\\'`),
            w('u.email', '=', search.toLowerCase()),
            ...(digits.length >= 3 ? [w('u.phone', 'like', `%${digits}%`)] : []),
          ]),
        ),
    );
  }
  return q;
}

/**
 * One page of orders over every shop, newest first (ties by id: pages never overlap), with their shop's
 * and customer's names, and how many match.
 */
export function listQueries(db: DbOrTrx, f: OrdersFilter, page: number, perPage: number) {
  const rows = filtered(db, f)
    .leftJoin('shops as s', 's.id', 'o.shop_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.order_code',
      'o.shop_id',
      'o.user_id',
      'o.quantity',
      'o.payable_amount',
      'o.payment_method',
      'o.payment_status',
      'o.order_status',
      'o.refund_status',
      'o.refunded_amount',
      'o.created_at',
      's.name as shop_name',
      's.name_ar as shop_name_ar',
      'u.name as customer_name',
      'u.phone as customer_phone',
      'u.phone_code as customer_phone_code',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage);
  const count = filtered(db, f).select((eb) => eb.fn.countAll<number | string>().as('n'));
  return { rows, count };
}

export async function listOrders(db: DbOrTrx, f: OrdersFilter, page: number, perPage: number) {
  const q = listQueries(db, f, page, perPage);
  const [rows, count] = await Promise.all([q.rows.execute(), q.count.executeTakeFirstOrThrow()]);
  return { rows, total: Number(count.n) };
}

export const findOrder = (db: DbOrTrx, id: number) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export const customerContact = (db: DbOrTrx, id: number) =>
  db.selectFrom('users').select(['name', 'phone', 'phone_code', 'email']).where('id', '=', id).executeTakeFirst();

/** The online payments of the order's placement, oldest first. */
export const placementPayments = (db: DbOrTrx, checkoutRef: string) =>
  db.selectFrom('payments').selectAll().where('checkout_ref', '=', checkoutRef).orderBy('id').execute();

export const orderRefunds = (db: DbOrTrx, orderId: number) =>
  db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const refundByKey = (db: DbOrTrx, orderId: number, key: string) =>
  db.selectFrom('order_refunds').selectAll().where('order_id', '=', orderId).where('idem_key', '=', key).executeTakeFirst();

/** Baisa refunded or being refunded from the other orders of a placement (one online payment pays them all). */
export async function placementRefunded(db: DbOrTrx, checkoutRef: string, exceptOrderId: number): Promise<number> {
  const row = await db
    .selectFrom('order_refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select((eb) => eb.fn.sum<number | string | null>('r.amount').as('n'))
    .where('o.checkout_ref', '=', checkoutRef)
    .where('o.id', '<>', exceptOrderId)
    .where('r.method', '=', 'gateway')
    .where('r.status', 'in', ['pending', 'succeeded'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Takes the order for one refund: moves it to `pending` if no refund of it is under way and nothing was
 * refunded since it was read (`refunded`). False when another request got there first.
 */
export async function claimOrder(trx: Trx, id: number, refunded: number, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('orders')
    .set({ refund_status: 'pending', updated_at: now })
    .where('id', '=', id)
    .where('refund_status', '<>', 'pending')
    .where('refunded_amount', '=', refunded)
    .where('payment_status', '=', 'Paid')
    .where('order_status', '=', 'Cancelled')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const insertRefund = async (trx: Trx, values: Insertable<OrderRefundsTable>) =>
  (await trx.insertInto('order_refunds').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const settleRefund = (
  trx: Trx,
  id: number,
  values: { status: 'succeeded' | 'failed'; gateway_refund_id?: string | null; failure?: string | null; updated_at: string },
) => trx.updateTable('order_refunds').set(values).where('id', '=', id).where('status', '=', 'pending').execute();

/** Records the order's refund state after a refund (or a failed attempt). */
export const setOrderRefund = (
  trx: Trx,
  id: number,
  values: { refund_status: 'partial' | 'refunded' | 'failed'; refunded_amount: number; updated_at: string },
) => trx.updateTable('orders').set(values).where('id', '=', id).execute();
