import { sql } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { DbOrTrx, Dialect } from '../../db';
import { compiledOnce, inList, listValue } from '../../db/compiled';

/** SQL of product details, reviews, flash sales, banners and recently viewed products. */

/**
 * Products with their shop, brand and unit, and the columns every view of a product shows: the cards
 * (product-cards.ts) and the cart's and checkout's lines (commerce) add their own to these. No filter:
 * the caller says which products, and whether inactive ones count.
 */
export const productRows = (db: DbOrTrx) =>
  db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('units as u', 'u.id', 'p.unit_id')
    .select([
      'p.id',
      'p.name',
      'p.name_ar',
      'p.thumbnail',
      'p.price',
      'p.list_price',
      'p.quantity',
      'b.name as brand_name',
      'b.name_ar as brand_name_ar',
      'u.id as unit_id',
      'u.name as unit_name',
      'u.name_ar as unit_name_ar',
      's.id as shop_id',
      's.name as shop_name',
      's.name_ar as shop_name_ar',
      's.logo as shop_logo',
      's.rating as shop_rating',
      's.last_online_at as shop_last_online',
    ]);

export interface ProductSizeRow {
  id: number;
  name: string;
  extra_price: number;
}
export interface ProductColorRow extends ProductSizeRow {
  name_ar: string | null;
  color_code: string;
}

/** Kysely's jsonArrayFrom of the dialect: a subquery's rows as a JSON array column. */
export const jsonArrayFrom = (dialect: Dialect) => (dialect === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom);

/**
 * A product's sizes (in the sizes' order) and colours (by id, both names) with their extra prices, as
 * JSON array columns `sizes_json` and `colors_json` of a query over `products as p`: every card and cart
 * line needs them, and on PostgreSQL a statement is a round trip. Read them with `variantsOf`.
 */
export const variantColumns = (db: DbOrTrx, dialect: Dialect) => [
  jsonArrayFrom(dialect)(
    db
      .selectFrom('product_sizes as ps')
      .innerJoin('sizes as z', 'z.id', 'ps.size_id')
      .select(['z.id', 'z.name', 'ps.extra_price'])
      .where(sql<boolean>`ps.product_id = p.id`)
      .orderBy('z.sort')
      .orderBy('z.id'),
  ).as('sizes_json'),
  jsonArrayFrom(dialect)(
    db
      .selectFrom('product_colors as pc')
      .innerJoin('colors as c', 'c.id', 'pc.color_id')
      .select(['c.id', 'c.name', 'c.name_ar', 'c.color_code', 'pc.extra_price'])
      .where(sql<boolean>`pc.product_id = p.id`)
      .orderBy('c.id'),
  ).as('colors_json'),
];

/** Product rows (productRows) with their sizes and colours (variantColumns), in the same statement. */
export const productRowsWithVariants = (db: DbOrTrx, dialect: Dialect) => productRows(db).select(variantColumns(db, dialect));

/** A JSON array column's rows (PostgreSQL answers JSON parsed, SQLite as text). */
export const fromJsonArray = <T>(v: unknown): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : ((v as T[] | null) ?? []));

/** The sizes and colours of a row with variantColumns. */
export const variantsOf = (row: { sizes_json: unknown; colors_json: unknown }): ProductVariants => ({
  sizes: fromJsonArray<ProductSizeRow>(row.sizes_json),
  colors: fromJsonArray<ProductColorRow>(row.colors_json),
});

/**
 * The condition a flash sale (`flash_sales as fs`) is running on at `now`: the one definition of the
 * lists' effective prices (products.repository), the cards' and cart lines' price column and the
 * running prices below.
 */
export const runningSale = (now: string) => sql<boolean>`fs.is_active = 1 AND fs.start_at <= ${now} AND fs.end_at > ${now}`;

/**
 * A product's lowest running flash-sale price at `now` (baisa, null when none), as a column of a query
 * over `products as p`: read with the product's row instead of by a statement of its own.
 */
export const runningFlashPriceColumn = (now: string) =>
  sql<number | null>`(SELECT MIN(fsp.price) FROM flash_sale_products fsp JOIN flash_sales fs ON fs.id = fsp.flash_sale_id
    WHERE fsp.product_id = p.id AND ${runningSale(now)})`.as('flash_price');

export const findActiveProduct = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('sub_categories as sc', 'sc.id', 'p.sub_category_id')
    .select([
      'p.id',
      'p.shop_id',
      'p.slug',
      'p.short_description',
      'p.short_description_ar',
      'p.description',
      'p.description_ar',
      'p.video_url',
      'p.thumbnail',
      'p.meta_title',
      'p.meta_description',
      'p.meta_keywords',
      'p.meta_keywords_ar',
      'p.quantity',
      'p.category_id',
      'p.sub_category_id',
      'c.slug as category_slug',
      'c.name as category_name',
      'c.name_ar as category_name_ar',
      'c.is_active as category_active',
      'sc.name as sub_category_name',
      'sc.name_ar as sub_category_name_ar',
      's.is_open as shop_open',
    ])
    .where('p.id', '=', id)
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1)
    .executeTakeFirst();

export const productImages = (db: DbOrTrx, productId: number) =>
  db
    .selectFrom('product_images')
    .select(['id', 'path', 'type'])
    .where('product_id', '=', productId)
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** The running flash sale a product is in, if any. */
export const runningFlashSaleOf = (db: DbOrTrx, productId: number, now: string) =>
  db
    .selectFrom('flash_sales as fs')
    .innerJoin('flash_sale_products as fsp', 'fsp.flash_sale_id', 'fs.id')
    .select(['fs.id', 'fs.name', 'fs.name_ar', 'fs.thumbnail', 'fs.start_at', 'fs.end_at'])
    .where('fsp.product_id', '=', productId)
    .where('fs.is_active', '=', 1)
    .where('fs.start_at', '<=', now)
    .where('fs.end_at', '>', now)
    .orderBy('fsp.price')
    .limit(1)
    .executeTakeFirst();

/**
 * The best sellers (most sold first, then the newest id) of a sub-category or a category, active products:
 * the order of a product page's related products (decision 047: kept per sub-category and category, and
 * each product's list made from them by `relatedOf`).
 */
export async function bestSellerIds(
  db: DbOrTrx,
  of: { subCategoryId: number } | { categoryId: number },
  limit: number,
): Promise<number[]> {
  let q = db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('total_sold', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  q = 'subCategoryId' in of ? q.where('sub_category_id', '=', of.subCategoryId) : q.where('category_id', '=', of.categoryId);
  return (await q.execute()).map((r) => r.id);
}

/**
 * A product's related products: the best sellers of its sub-category, then (when they are fewer than
 * `limit`) of its category, itself left out, from its sub-category's first `limit + 1` (`sub`, empty
 * without one) and its category's first `2 * limit` best sellers (`category`, asked for only when
 * needed): the sub-category's others are then all in `sub`, and fewer than `limit` of them and the
 * product itself can be ahead of the category's first `limit` others.
 */
export async function relatedOf(
  productId: number,
  sub: number[],
  category: () => Promise<number[]>,
  limit: number,
): Promise<number[]> {
  const same = sub.filter((id) => id !== productId).slice(0, limit);
  if (same.length >= limit) return same;
  const taken = new Set([productId, ...same]);
  return [...same, ...(await category()).filter((id) => !taken.has(id))].slice(0, limit);
}

/** Highest rated products with enough reviews to mean something (the `popular_product` sort's order). */
export async function popularProductIds(db: DbOrTrx, limit: number, offset = 0): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('rating', 'desc')
    .orderBy('total_reviews', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The most popular (best rated, then most reviewed, then the newest id) active products of active shops:
 * of one shop (`inShop`), or of every shop but that one (`inShop: false`). The product page's popular
 * products are made from them by `shopPopularOf` (decision 047).
 */
export async function popularIdsByShop(db: DbOrTrx, shopId: number, inShop: boolean, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select('p.id')
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1)
    .where('p.shop_id', inShop ? '=' : '!=', shopId)
    .orderBy('p.rating', 'desc')
    .orderBy('p.total_reviews', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A shop's most popular products other than `exceptId` (one of them), at most `limit`; when the shop has
 * fewer, the site's most popular of other shops fill the list (after the shop's own). `own`: the shop's
 * first `limit + 1` (popularIdsByShop); `others`: the other shops' first `limit`, asked for only when needed.
 */
export async function shopPopularOf(
  exceptId: number,
  own: number[],
  others: () => Promise<number[]>,
  limit: number,
): Promise<number[]> {
  const mine = own.filter((id) => id !== exceptId).slice(0, limit);
  if (mine.length >= limit) return mine;
  return [...mine, ...(await others()).slice(0, limit - mine.length)];
}

export async function countActiveProducts(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Most viewed first: the "just for you" feed of the home page. */
export async function feedProductIds(db: DbOrTrx, limit: number, offset: number): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('views', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

// --- Reviews ------------------------------------------------------------------------------------

type ReviewTarget = { productId: number } | { shopId: number };
const reviewScope = (t: ReviewTarget) => ('productId' in t ? sql`r.product_id = ${t.productId}` : sql`r.shop_id = ${t.shopId}`);

export async function reviewStats(db: DbOrTrx, t: ReviewTarget) {
  const { rows } = await sql<{ rating: number; n: number }>`SELECT r.rating, COUNT(*) AS n FROM reviews r
    WHERE ${reviewScope(t)} AND r.is_hidden = 0 GROUP BY r.rating`.execute(db);
  return rows.map((r) => ({ rating: Number(r.rating), n: Number(r.n) }));
}

export async function listReviews(db: DbOrTrx, t: ReviewTarget, limit: number, offset: number) {
  let q = db
    .selectFrom('reviews as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.customer_name',
      'u.profile_photo',
      'r.rating',
      'r.description',
      'r.created_at',
      'r.reply',
      'r.replied_at',
      'r.photos',
    ]);
  q = 'productId' in t ? q.where('r.product_id', '=', t.productId) : q.where('r.shop_id', '=', t.shopId);
  return q
    .where('r.is_hidden', '=', 0)
    .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
}

export const productExists = async (db: DbOrTrx, id: number) =>
  !!(await db.selectFrom('products').select('id').where('id', '=', id).where('is_active', '=', 1).executeTakeFirst());

// --- Flash sales --------------------------------------------------------------------------------

const flashSaleColumns = ['id', 'name', 'name_ar', 'thumbnail', 'start_at', 'end_at'] as const;

export const runningFlashSale = (db: DbOrTrx, now: string) =>
  db
    .selectFrom('flash_sales')
    .select(flashSaleColumns)
    .where('is_active', '=', 1)
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('end_at')
    .limit(1)
    .executeTakeFirst();

export const incomingFlashSale = (db: DbOrTrx, now: string) =>
  db
    .selectFrom('flash_sales')
    .select(flashSaleColumns)
    .where('is_active', '=', 1)
    .where('start_at', '>', now)
    .orderBy('start_at')
    .limit(1)
    .executeTakeFirst();

export const findFlashSale = (db: DbOrTrx, id: number) =>
  db.selectFrom('flash_sales').select(flashSaleColumns).where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();

/** A flash sale's active products in the sale's order, of one category when `categoryId` is given. */
export async function flashSaleProductIds(db: DbOrTrx, saleId: number, limit: number, offset: number, categoryId?: number) {
  let q = db
    .selectFrom('flash_sale_products as fsp')
    .innerJoin('products as p', 'p.id', 'fsp.product_id')
    .select('p.id')
    .where('fsp.flash_sale_id', '=', saleId)
    .where('p.is_active', '=', 1);
  if (categoryId !== undefined) q = q.where('p.category_id', '=', categoryId);
  const rows = await q.orderBy('fsp.id').limit(limit).offset(offset).execute();
  return rows.map((r) => r.id);
}

export async function countFlashSaleProducts(db: DbOrTrx, saleId: number, categoryId?: number): Promise<number> {
  let q = db
    .selectFrom('flash_sale_products as fsp')
    .innerJoin('products as p', 'p.id', 'fsp.product_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('fsp.flash_sale_id', '=', saleId)
    .where('p.is_active', '=', 1);
  if (categoryId !== undefined) q = q.where('p.category_id', '=', categoryId);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

// --- Banners, recently viewed -------------------------------------------------------------------

export const listBanners = (db: DbOrTrx, placement: 'home' | 'ads') =>
  db
    .selectFrom('banners')
    .select(['id', 'title', 'title_ar', 'thumbnail', 'url'])
    .where('placement', '=', placement)
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** A shop's active banners in display order. */
export const listShopBanners = (db: DbOrTrx, shopId: number) =>
  db
    .selectFrom('shop_banners')
    .select(['id', 'title', 'title_ar', 'thumbnail'])
    .where('shop_id', '=', shopId)
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export async function recordView(db: DbOrTrx, userId: number, productId: number, now: string) {
  await db
    .insertInto('recently_viewed')
    .values({ user_id: userId, product_id: productId, viewed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ viewed_at: now }))
    .execute();
}

export async function recentlyViewedIds(db: DbOrTrx, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('recently_viewed')
    .select('product_id')
    .where('user_id', '=', userId)
    .orderBy('viewed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.product_id);
}

/** A flash sale's prices of the given products (baisa). */
export async function flashSalePrices(db: DbOrTrx, saleId: number, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('flash_sale_products')
    .select(['product_id', 'price'])
    .where('flash_sale_id', '=', saleId)
    .where('product_id', 'in', productIds)
    .execute();
  return new Map(rows.map((s) => [s.product_id, s.price]));
}

/** Running flash-sale prices of the given products (of every product: `ids` null), at `now`. */
export async function runningFlashPrices(db: DbOrTrx, ids: number[] | null, now: string): Promise<Map<number, number>> {
  if (ids?.length === 0) return new Map();
  let q = db
    .selectFrom('flash_sale_products as fsp')
    .innerJoin('flash_sales as fs', 'fs.id', 'fsp.flash_sale_id')
    .select(['fsp.product_id', (eb) => eb.fn.min<number>('fsp.price').as('price')]);
  if (ids) q = q.where('fsp.product_id', 'in', ids);
  const rows = await q.where(runningSale(now)).groupBy('fsp.product_id').execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.price)]));
}

const sizesOf = compiledOnce((db, dialect, a: { ids: unknown }) =>
  db
    .selectFrom('product_sizes as ps')
    .innerJoin('sizes as z', 'z.id', 'ps.size_id')
    .select(['ps.product_id', 'z.id', 'z.name', 'ps.extra_price'])
    .where(inList(dialect, 'ps.product_id', a.ids))
    .orderBy('ps.product_id')
    .orderBy('z.sort')
    .orderBy('z.id'),
);

const colorsOf = compiledOnce((db, dialect, a: { ids: unknown }) =>
  db
    .selectFrom('product_colors as pc')
    .innerJoin('colors as c', 'c.id', 'pc.color_id')
    .select(['pc.product_id', 'c.id', 'c.name', 'c.name_ar', 'c.color_code', 'pc.extra_price'])
    .where(inList(dialect, 'pc.product_id', a.ids))
    .orderBy('pc.product_id')
    .orderBy('c.id'),
);

export interface ProductVariants {
  sizes: ProductSizeRow[];
  colors: ProductColorRow[];
}

/** The sizes (in the sizes' order) and colours (by id) of each of these products, with their extra prices. */
export async function productVariants(db: DbOrTrx, dialect: Dialect, ids: number[]): Promise<Map<number, ProductVariants>> {
  const out = new Map<number, ProductVariants>(ids.map((id) => [id, { sizes: [], colors: [] }]));
  if (!ids.length) return out;
  const list = listValue(dialect, ids);
  const [sizes, colors] = await Promise.all([sizesOf(db, dialect, { ids: list }), colorsOf(db, dialect, { ids: list })]);
  for (const { product_id, ...size } of sizes) out.get(product_id)?.sizes.push(size);
  for (const { product_id, ...color } of colors) out.get(product_id)?.colors.push(color);
  return out;
}

/** Which of these products are in the user's wishlist. */
const favoritesAmong = compiledOnce((db, dialect, a: { userId: number; ids: unknown }) =>
  db
    .selectFrom('favorites')
    .select('product_id')
    .where('user_id', '=', a.userId)
    .where(inList(dialect, 'product_id', a.ids)),
);

/** Which of these products are in the user's wishlist. */
export const favoriteProductIds = (db: DbOrTrx, dialect: Dialect, userId: number, productIds: number[]) =>
  favoritesAmong(db, dialect, { userId, ids: listValue(dialect, productIds) });
