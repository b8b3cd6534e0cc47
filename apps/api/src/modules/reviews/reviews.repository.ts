import { sql } from 'kysely';
import type { Dialect, DbOrTrx } from '../../db';

/** SQL of the customers' reviews (issue 39). */

/** The customer's own order (another's is not found), with what a review needs of it. */
export const ownOrder = (db: DbOrTrx, orderId: number, userId: number) =>
  db
    .selectFrom('orders')
    .select(['id', 'shop_id', 'order_status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const orderHoldsProduct = async (db: DbOrTrx, orderId: number, productId: number) =>
  !!(await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirst());

/**
 * Holds the product's and its shop's rows until the transaction ends (PostgreSQL), so that two reviews
 * written at once count each other: the second waits here, and its totals are read after the first
 * committed. SQLite runs one write transaction at a time already.
 */
export async function lockRatings(db: DbOrTrx, dialect: Dialect, productId: number, shopId: number) {
  if (dialect !== 'postgres') return;
  await sql`SELECT id FROM products WHERE id = ${productId} FOR UPDATE`.execute(db);
  await sql`SELECT id FROM shops WHERE id = ${shopId} FOR UPDATE`.execute(db);
}

/** The product's and the shop's rating and count from their visible reviews. */
export async function recountRatings(db: DbOrTrx, productId: number, shopId: number) {
  await sql`UPDATE products SET
      rating = COALESCE((SELECT AVG(r.rating * 1.0) FROM reviews r WHERE r.product_id = ${productId} AND r.is_hidden = 0), 0),
      total_reviews = (SELECT COUNT(*) FROM reviews r WHERE r.product_id = ${productId} AND r.is_hidden = 0)
    WHERE id = ${productId}`.execute(db);
  await sql`UPDATE shops SET
      rating = COALESCE((SELECT AVG(r.rating * 1.0) FROM reviews r WHERE r.shop_id = ${shopId} AND r.is_hidden = 0), 0),
      total_reviews = (SELECT COUNT(*) FROM reviews r WHERE r.shop_id = ${shopId} AND r.is_hidden = 0)
    WHERE id = ${shopId}`.execute(db);
  return db.selectFrom('products').select(['rating', 'total_reviews']).where('id', '=', productId).executeTakeFirstOrThrow();
}

const reviewColumns = [
  'r.id',
  'r.product_id',
  'r.shop_id',
  'r.order_id',
  'r.user_id',
  'r.customer_name',
  'u.profile_photo',
  'r.rating',
  'r.description',
  'r.created_at',
  'r.reply',
  'r.replied_at',
  'r.photos',
] as const;

export const reviewOf = (db: DbOrTrx, where: { orderId: number; productId: number } | { id: number; userId: number }) => {
  let q = db.selectFrom('reviews as r').leftJoin('users as u', 'u.id', 'r.user_id').select(reviewColumns);
  q =
    'orderId' in where
      ? q.where('r.order_id', '=', where.orderId).where('r.product_id', '=', where.productId)
      : q.where('r.id', '=', where.id).where('r.user_id', '=', where.userId);
  return q.executeTakeFirst();
};

/** The customer's reviews of the lines of one order, by product id. */
export async function reviewsOfOrder(db: DbOrTrx, orderId: number) {
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'product_id', 'rating', 'description', 'created_at', 'photos'])
    .where('order_id', '=', orderId)
    .execute();
  return new Map(rows.map((r) => [r.product_id, r]));
}
