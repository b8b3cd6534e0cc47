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

/** The largest id a lookup by id may name (an integer column; a larger number would fail in PostgreSQL). */
const MAX_ID = 2_147_483_647;

/**
 * One active category by its slug, else (for digits only) by its id: a slug wins, so a category whose
 * slug is made of digits stays reachable by it.
 */
export async function findActiveCategoryBySlugOrId(db: DbOrTrx, key: string) {
  const columns = ['id', 'slug', 'name', 'name_ar', 'thumbnail'] as const;
  const bySlug = await db
    .selectFrom('categories')
    .select(columns)
    .where('slug', '=', key)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (bySlug || !/^\d{1,10}$/.test(key) || Number(key) > MAX_ID) return bySlug;
  return findActiveCategory(db, Number(key));
}

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
