import type { DbOrTrx } from '../../db';

/** All SQL of categories and sub-categories. Only active rows are visible to the storefront. */

export async function countActiveCategories(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const listActiveCategories = (db: DbOrTrx, limit: number, offset: number) =>
  db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'name_ar', 'thumbnail'])
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();

export const findActiveCategory = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('categories')
    .select(['id', 'slug', 'name', 'name_ar', 'thumbnail'])
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();

export async function listActiveSubCategories(db: DbOrTrx, categoryIds: number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('sub_categories')
    .select(['id', 'category_id', 'name', 'name_ar', 'thumbnail'])
    .where('category_id', 'in', categoryIds)
    .where('is_active', '=', 1)
    .orderBy('category_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
