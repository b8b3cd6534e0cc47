import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { OrderStatus } from '../../db/commerce-schema';

/**
 * SQL of the seller's dashboard: aggregates over one shop's rows, each answered from an index
 * (orders_shop_status; orders_shop_created of migration 019; products_shop_list for the shop's products).
 */

/** The shop's orders by status (orders_shop_status: shop_id, order_status — the index alone). */
export async function orderCounts(db: DbOrTrx, shopId: number): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .selectFrom('orders')
    .select(['order_status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('shop_id', '=', shopId)
    .groupBy('order_status')
    .execute();
  return new Map(rows.map((r) => [r.order_status, Number(r.n)]));
}

/**
 * Payable amounts (baisa) of the shop's orders that are not cancelled, placed since each moment (ISO-8601
 * UTC text, as `created_at` holds): one range scan of orders_shop_created from the earliest.
 */
export async function salesSince(
  db: DbOrTrx,
  shopId: number,
  since: { today: string; week: string; month: string },
): Promise<{ today: number; week: number; month: number }> {
  const row = await db
    .selectFrom('orders')
    .select([
      sql<number | string | null>`sum(case when created_at >= ${since.today} then payable_amount else 0 end)`.as('today'),
      sql<number | string | null>`sum(case when created_at >= ${since.week} then payable_amount else 0 end)`.as('week'),
      sql<number | string | null>`sum(payable_amount)`.as('month'),
    ])
    .where('shop_id', '=', shopId)
    .where('created_at', '>=', since.month)
    .where('order_status', '<>', 'Cancelled')
    .executeTakeFirst();
  return { today: Number(row?.today ?? 0), week: Number(row?.week ?? 0), month: Number(row?.month ?? 0) };
}

/** The shop's products (not archived) that sold most, by units sold. */
export const topSellers = (db: DbOrTrx, shopId: number, limit: number) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'name_ar', 'total_sold'])
    .where('shop_id', '=', shopId)
    .where('archived_at', 'is', null)
    .where('total_sold', '>', 0)
    .orderBy('total_sold', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();

/** The shop's products (not archived) with `atMost` or fewer in stock, least first. */
export const lowStock = (db: DbOrTrx, shopId: number, atMost: number, limit: number) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'name_ar', 'quantity'])
    .where('shop_id', '=', shopId)
    .where('archived_at', 'is', null)
    .where('quantity', '<=', atMost)
    .orderBy('quantity', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
