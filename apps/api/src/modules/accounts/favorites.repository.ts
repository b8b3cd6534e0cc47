import type { DbOrTrx } from '../../db';

/** The wishlist's SQL (favorites.routes.ts holds the rules). */

/** Whether a product with this id exists (active or not). */
export const productExists = async (db: DbOrTrx, productId: number) =>
  Boolean(await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst());

export const findFavorite = (db: DbOrTrx, userId: number, productId: number) =>
  db.selectFrom('favorites').select('id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();

export const deleteFavorite = (db: DbOrTrx, userId: number, id: number) =>
  db.deleteFrom('favorites').where('id', '=', id).where('user_id', '=', userId).execute();

export const insertFavorite = (db: DbOrTrx, userId: number, productId: number, now: string) =>
  db.insertInto('favorites').values({ user_id: userId, product_id: productId, created_at: now }).execute();

/** One page of the customer's favourite products still on sale (active, in an active shop), newest first, and their count. */
export async function favoritePage(db: DbOrTrx, userId: number, page: number, perPage: number) {
  const base = db
    .selectFrom('favorites as f')
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where('f.user_id', '=', userId)
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select('f.product_id')
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { total: Number(count.n), productIds: rows.map((r) => r.product_id) };
}
