import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db';
import type { ProductsTable } from '../../db/catalogue-schema';

/**
 * SQL of the seller centre's products (BACKOFFICE.md "Seller centre"): every read and write is of the
 * seller's own shop, and of products that are not archived (an archived product is the orders' only).
 */

/** The stored columns of a product the seller view is made of. */
const productColumns = [
  'p.id',
  'p.shop_id',
  'p.slug',
  'p.name',
  'p.name_ar',
  'p.short_description',
  'p.short_description_ar',
  'p.description',
  'p.description_ar',
  'p.category_id',
  'p.sub_category_id',
  'p.brand_id',
  'p.unit_id',
  'p.price',
  'p.discount_price',
  'p.quantity',
  'p.video_url',
  'p.meta_title',
  'p.meta_description',
  'p.meta_keywords',
  'p.is_active',
  'p.thumbnail',
  'p.total_sold',
  'p.created_at',
  'p.updated_at',
] as const;

/**
 * One of the shop's products that is not archived. `lock`: on PostgreSQL the row is locked until the
 * transaction ends, so that two writes of one product (or a write and an order) run one after the other
 * and each checks its rules against what the other wrote. (SQLite runs one write transaction at a time.)
 */
export async function findProduct(db: DbOrTrx, dialect: Dialect, shopId: number, id: number, lock = false) {
  let q = db
    .selectFrom('products as p')
    .select(productColumns)
    .where('p.id', '=', id)
    .where('p.shop_id', '=', shopId)
    .where('p.archived_at', 'is', null);
  if (lock && dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export const productColors = (db: DbOrTrx, productId: number) =>
  db
    .selectFrom('product_colors')
    .select(['color_id as id', 'extra_price'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();

export const productSizes = (db: DbOrTrx, productId: number) =>
  db
    .selectFrom('product_sizes')
    .select(['size_id as id', 'extra_price'])
    .where('product_id', '=', productId)
    .orderBy('id')
    .execute();

/** The product's pictures in their order (the first is its thumbnail). */
export const productImages = (db: DbOrTrx, productId: number) =>
  db
    .selectFrom('product_images')
    .select(['id', 'path', 'sort'])
    .where('product_id', '=', productId)
    .where('type', '=', 'image')
    .orderBy('sort')
    .orderBy('id')
    .execute();

// --- Catalogue references ----------------------------------------------------------------------------

export const findCategory = (db: DbOrTrx, id: number) =>
  db.selectFrom('categories').select(['id', 'name', 'name_ar', 'is_active']).where('id', '=', id).executeTakeFirst();

export const findSubCategory = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('sub_categories')
    .select(['id', 'category_id', 'name', 'name_ar', 'is_active'])
    .where('id', '=', id)
    .executeTakeFirst();

export const findBrand = (db: DbOrTrx, id: number) =>
  db.selectFrom('brands').select(['id', 'name', 'name_ar']).where('id', '=', id).executeTakeFirst();

export const unitExists = async (db: DbOrTrx, id: number) =>
  !!(await db.selectFrom('units').select('id').where('id', '=', id).executeTakeFirst());

/** Which of these colour (or size) ids exist. */
export async function existingIds(db: DbOrTrx, table: 'colors' | 'sizes', ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

// --- Writes --------------------------------------------------------------------------------------------

export const slugTaken = async (db: DbOrTrx, slug: string) =>
  !!(await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst());

export const insertProduct = async (db: DbOrTrx, row: Insertable<ProductsTable>) =>
  (await db.insertInto('products').values(row).returning('id').executeTakeFirstOrThrow()).id;

/**
 * Writes these columns of the product; with `version`, only while the product is still at that version
 * (its updated_at and quantity: an order changes the quantity without updated_at). False when no row was
 * written (gone, archived, or changed since).
 */
export async function updateProduct(
  db: DbOrTrx,
  shopId: number,
  id: number,
  set: Updateable<ProductsTable>,
  version?: { updated_at: string; quantity: number },
): Promise<boolean> {
  let q = db
    .updateTable('products')
    .set(set)
    .where('id', '=', id)
    .where('shop_id', '=', shopId)
    .where('archived_at', 'is', null);
  if (version) q = q.where('updated_at', '=', version.updated_at).where('quantity', '=', version.quantity);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Replaces the product's colours (or sizes) with these, extra prices in baisa. */
export async function replaceVariants(
  db: DbOrTrx,
  table: 'product_colors' | 'product_sizes',
  productId: number,
  items: Array<{ id: number; extra_price: number }>,
): Promise<void> {
  await db.deleteFrom(table).where('product_id', '=', productId).execute();
  if (!items.length) return;
  if (table === 'product_colors')
    await db
      .insertInto('product_colors')
      .values(items.map((i) => ({ product_id: productId, color_id: i.id, extra_price: i.extra_price })))
      .execute();
  else
    await db
      .insertInto('product_sizes')
      .values(items.map((i) => ({ product_id: productId, size_id: i.id, extra_price: i.extra_price })))
      .execute();
}

/** Whether any order line holds the product (then it is archived, never deleted). */
export const everOrdered = async (db: DbOrTrx, productId: number) =>
  !!(await db.selectFrom('order_items').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());

export const hasReviews = async (db: DbOrTrx, productId: number) =>
  !!(await db.selectFrom('reviews').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());

/**
 * Deletes the product; the database removes its pictures' rows, colours, sizes, flash-sale places,
 * reviews, favourites, recent views and cart lines with it (ON DELETE CASCADE on both dialects).
 */
export const deleteProduct = (db: DbOrTrx, shopId: number, id: number) =>
  db.deleteFrom('products').where('id', '=', id).where('shop_id', '=', shopId).execute();

/** The shop's rating and review count again from its products' visible reviews (after a product's reviews went). */
export async function refreshShopRating(db: DbOrTrx, shopId: number): Promise<void> {
  const r = await db
    .selectFrom('reviews')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.avg<number | string | null>('rating').as('avg')])
    .where('shop_id', '=', shopId)
    .where('is_hidden', '=', 0)
    .executeTakeFirstOrThrow();
  const n = Number(r.n);
  await db
    .updateTable('shops')
    .set({ total_reviews: n, rating: n ? Math.round(Number(r.avg) * 100) / 100 : 0 })
    .where('id', '=', shopId)
    .execute();
}

// --- Pictures ------------------------------------------------------------------------------------------

export async function insertImage(db: DbOrTrx, productId: number, path: string, sort: number): Promise<number> {
  return (
    await db
      .insertInto('product_images')
      .values({ product_id: productId, path, type: 'image', sort })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

export const setImageSort = (db: DbOrTrx, productId: number, id: number, sort: number) =>
  db.updateTable('product_images').set({ sort }).where('id', '=', id).where('product_id', '=', productId).execute();

export const deleteImage = (db: DbOrTrx, productId: number, id: number) =>
  db.deleteFrom('product_images').where('id', '=', id).where('product_id', '=', productId).execute();

// --- The seller's list ---------------------------------------------------------------------------------

export interface ListFilter {
  shopId: number;
  /** Normalised search words (each a substring of the product's names). */
  terms: string[];
  status: 'active' | 'inactive' | 'all';
  categoryId?: number;
}

/**
 * The shop's products that are not archived, newest change first, a page of them and how many there
 * are: the index products_shop_list (shop_id, archived_at, updated_at) gives the shop's rows in order,
 * a search is a substring match of each word on the normalised names (`search_name`, migration 004).
 */
export async function listProducts(db: DbOrTrx, filter: ListFilter, page: number, perPage: number) {
  let base = db
    .selectFrom('products as p')
    .where('p.shop_id', '=', filter.shopId)
    .where('p.archived_at', 'is', null);
  if (filter.status !== 'all') base = base.where('p.is_active', '=', filter.status === 'active' ? 1 : 0);
  if (filter.categoryId) base = base.where('p.category_id', '=', filter.categoryId);
  for (const term of filter.terms) base = base.where('p.search_name', 'like', `%${term}%`);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select([
        'p.id',
        'p.name',
        'p.name_ar',
        'p.thumbnail',
        'p.price',
        'p.discount_price',
        'p.quantity',
        'p.is_active',
        'p.total_sold',
        'p.updated_at',
        'c.id as category_id',
        'c.name as category_name',
        'c.name_ar as category_name_ar',
      ])
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

// --- Catalogue options -------------------------------------------------------------------------------

export async function catalogOptions(db: DbOrTrx) {
  const [categories, subCategories, brands, colors, sizes, units] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name', 'name_ar']).where('is_active', '=', 1).orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('sub_categories')
      .select(['id', 'category_id', 'name', 'name_ar'])
      .where('is_active', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    // Switched off by an operator: no longer offered (migration 022).
    db.selectFrom('brands').select(['id', 'name', 'name_ar']).where('is_active', '=', 1).orderBy('name').orderBy('id').execute(),
    db.selectFrom('colors').select(['id', 'name', 'name_ar', 'color_code']).where('is_active', '=', 1).orderBy('id').execute(),
    db.selectFrom('sizes').select(['id', 'name']).where('is_active', '=', 1).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('units').select(['id', 'name', 'name_ar']).where('is_active', '=', 1).orderBy('id').execute(),
  ]);
  return { categories, subCategories, brands, colors, sizes, units };
}

