import type { ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { Database } from '../../db/schema';

/** SQL of the sitemap: what a crawler may list, active rows only. */

/** The rows of the sitemap's pages that are not products, each in a stable order. */
export const listedPages = (db: DbOrTrx, now: string) =>
  Promise.all([
    db.selectFrom('categories').select('slug').where('is_active', '=', 1).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('shops').select('id').where('is_active', '=', 1).orderBy('id').execute(),
    db.selectFrom('flash_sales').select('id').where('is_active', '=', 1).where('end_at', '>', now).orderBy('id').execute(),
    db
      .selectFrom('blogs as b')
      .innerJoin('blog_categories as c', 'c.id', 'b.blog_category_id')
      .select(['b.slug', 'b.created_at'])
      .where('b.is_active', '=', 1)
      .where('c.is_active', '=', 1)
      .orderBy('b.id')
      .execute(),
    db.selectFrom('legal_pages').select(['slug', 'updated_at']).orderBy('id').execute(),
  ]);

/** Products of shops that are not open (pending applications, closed shops) are not listed. */
const inactiveShops = (eb: ExpressionBuilder<Database, 'products'>) =>
  eb.selectFrom('shops').select('shops.id').where('shops.is_active', '<>', 1);

/** Up to `limit` listed products with id > after, in id order (keyset paging). */
export const listedProductsAfter = (db: DbOrTrx, after: number, limit: number) =>
  db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('is_active', '=', 1)
    .where('shop_id', 'not in', inactiveShops)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();

export const countListedProducts = async (db: DbOrTrx) =>
  Number(
    (
      await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('is_active', '=', 1)
        .where('shop_id', 'not in', inactiveShops)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The id of the `position`-th listed product (1-based), via the (is_active, id) index. */
export const listedProductAt = (db: DbOrTrx, position: number) =>
  db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .where('shop_id', 'not in', inactiveShops)
    .orderBy('id')
    .limit(1)
    .offset(position - 1)
    .executeTakeFirst();
