import type { Insertable, Updateable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { BlogCategoriesTable, BlogsTable, FlashSalesTable, LegalPagesTable } from '../../db/catalogue-schema';

/** All SQL of the console's blog, legal pages and flash sales (every row, on or off). */

// --- Blog categories ---------------------------------------------------------------------------------

const categoryQuery = (db: DbOrTrx) =>
  db.selectFrom('blog_categories as c').select([
    'c.id',
    'c.name',
    'c.name_ar',
    'c.slug',
    'c.sort',
    'c.is_active',
    (eb) =>
      eb
        .selectFrom('blogs as b')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('b.blog_category_id', '=', 'c.id')
        .as('total_blogs'),
  ]);
export type CategoryRow = NonNullable<Awaited<ReturnType<typeof categoryById>>>;

export const listCategories = (db: DbOrTrx) => categoryQuery(db).orderBy('c.sort').orderBy('c.id').execute();
export const categoryById = (db: DbOrTrx, id: number) => categoryQuery(db).where('c.id', '=', id).executeTakeFirst();

export async function categorySlugTaken(db: DbOrTrx, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('blog_categories').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function nextCategorySort(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('blog_categories')
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? -1) + 1;
}

export const insertCategory = (db: DbOrTrx, values: Insertable<BlogCategoriesTable>) =>
  db.insertInto('blog_categories').values(values).returning('id').executeTakeFirstOrThrow();

export const updateCategory = (db: DbOrTrx, id: number, values: Updateable<BlogCategoriesTable>) =>
  db.updateTable('blog_categories').set(values).where('id', '=', id).execute();

/** Deletes a category without posts; false when one is in it (the foreign key would take them with it). */
export async function deleteEmptyCategory(db: DbOrTrx, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('blog_categories')
    .where('id', '=', id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blogs').select('id').where('blog_category_id', '=', id))))
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// --- Blog posts ---------------------------------------------------------------------------------------

const postQuery = (db: DbOrTrx) =>
  db
    .selectFrom('blogs as b')
    .innerJoin('blog_categories as c', 'c.id', 'b.blog_category_id')
    .select([
      'b.id',
      'b.title',
      'b.title_ar',
      'b.slug',
      'b.thumbnail',
      'b.description',
      'b.description_ar',
      'b.post_by',
      'b.post_by_ar',
      'b.is_active',
      'b.total_views',
      'b.created_at',
      'c.id as category_id',
      'c.name as category_name',
      'c.name_ar as category_name_ar',
    ]);
export type PostRow = NonNullable<Awaited<ReturnType<typeof postById>>>;

export const postById = (db: DbOrTrx, id: number) => postQuery(db).where('b.id', '=', id).executeTakeFirst();

/** A search's words as a LIKE pattern (`%`, `_` and backslashes dropped: both dialects read them alike then). */
const likeOf = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, '')}%`;

export async function listPosts(
  db: DbOrTrx,
  q: { search?: string; categoryId?: number },
  limit: number,
  offset: number,
): Promise<{ total: number; rows: PostRow[] }> {
  const filtered = <T extends ReturnType<typeof postQuery>>(base: T): T => {
    let out = base;
    if (q.categoryId !== undefined) out = out.where('b.blog_category_id', '=', q.categoryId) as T;
    if (q.search) {
      const like = likeOf(q.search);
      out = out.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['b.title']), 'like', like),
          eb(eb.fn('lower', ['b.title_ar']), 'like', like),
          eb(eb.fn('lower', ['b.slug']), 'like', like),
        ]),
      ) as T;
    }
    return out;
  };
  const [count, rows] = await Promise.all([
    filtered(postQuery(db))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    filtered(postQuery(db)).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows };
}

export async function postSlugTaken(db: DbOrTrx, slug: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('blogs').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export const insertPost = (db: DbOrTrx, values: Insertable<BlogsTable>) =>
  db.insertInto('blogs').values(values).returning('id').executeTakeFirstOrThrow();

export const updatePost = (db: DbOrTrx, id: number, values: Updateable<BlogsTable>) =>
  db.updateTable('blogs').set(values).where('id', '=', id).execute();

export const deletePost = (db: DbOrTrx, id: number) => db.deleteFrom('blogs').where('id', '=', id).execute();

// --- Legal pages ------------------------------------------------------------------------------------

const pageColumns = ['id', 'slug', 'title', 'title_ar', 'description', 'description_ar', 'updated_at'] as const;
export const listLegalPages = (db: DbOrTrx) => db.selectFrom('legal_pages').select(pageColumns).orderBy('id').execute();
export const legalPageBySlug = (db: DbOrTrx, slug: string) =>
  db.selectFrom('legal_pages').select(pageColumns).where('slug', '=', slug).executeTakeFirst();
export const updateLegalPage = (db: DbOrTrx, id: number, values: Updateable<LegalPagesTable>) =>
  db.updateTable('legal_pages').set(values).where('id', '=', id).execute();

// --- Flash sales ------------------------------------------------------------------------------------

const saleQuery = (db: DbOrTrx) =>
  db.selectFrom('flash_sales as fs').select([
    'fs.id',
    'fs.name',
    'fs.name_ar',
    'fs.thumbnail',
    'fs.start_at',
    'fs.end_at',
    'fs.is_active',
    (eb) =>
      eb
        .selectFrom('flash_sale_products as fsp')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('fsp.flash_sale_id', '=', 'fs.id')
        .as('products_count'),
  ]);
export type SaleRow = NonNullable<Awaited<ReturnType<typeof saleById>>>;

export const saleById = (db: DbOrTrx, id: number) => saleQuery(db).where('fs.id', '=', id).executeTakeFirst();

export async function listSales(db: DbOrTrx, limit: number, offset: number): Promise<{ total: number; rows: SaleRow[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('flash_sales')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    saleQuery(db).orderBy('fs.start_at', 'desc').orderBy('fs.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(count?.n ?? 0), rows };
}

/** The sale's products with their shop and prices (baisa), in the order they joined. */
export const saleProducts = (db: DbOrTrx, saleId: number) =>
  db
    .selectFrom('flash_sale_products as fsp')
    .innerJoin('products as p', 'p.id', 'fsp.product_id')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select([
      'p.id',
      'p.name',
      'p.name_ar',
      'p.thumbnail',
      'p.price',
      'p.discount_price',
      'fsp.price as sale_price',
      's.id as shop_id',
      's.name as shop_name',
    ])
    .where('fsp.flash_sale_id', '=', saleId)
    .orderBy('fsp.id')
    .execute();

export const insertSale = (db: DbOrTrx, values: Insertable<FlashSalesTable>) =>
  db.insertInto('flash_sales').values(values).returning('id').executeTakeFirstOrThrow();

export const updateSale = (db: DbOrTrx, id: number, values: Updateable<FlashSalesTable>) =>
  db.updateTable('flash_sales').set(values).where('id', '=', id).execute();

/** The sale and, by the foreign key's cascade, its products' places in it. */
export const deleteSale = (db: DbOrTrx, id: number) => db.deleteFrom('flash_sales').where('id', '=', id).execute();

export const saleEntry = (db: DbOrTrx, saleId: number, productId: number) =>
  db
    .selectFrom('flash_sale_products')
    .select(['id', 'price'])
    .where('flash_sale_id', '=', saleId)
    .where('product_id', '=', productId)
    .executeTakeFirst();

export const removeSaleEntry = (db: DbOrTrx, saleId: number, productId: number) =>
  db.deleteFrom('flash_sale_products').where('flash_sale_id', '=', saleId).where('product_id', '=', productId).execute();
