import { sql, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { ShopsTable } from '../../db/catalogue-schema';

/** SQL of shops: lists with product and category counts, search, detail, categories of a shop. */

const shopColumns = sql`s.id, s.name, s.name_ar, s.logo, s.banner, s.rating, s.total_reviews, s.last_online_at,
  s.estimated_delivery_time, s.estimated_delivery_time_ar,
  (SELECT COUNT(*) FROM products p WHERE p.shop_id = s.id AND p.is_active = 1) AS total_products,
  (SELECT COUNT(DISTINCT p.category_id) FROM products p WHERE p.shop_id = s.id AND p.is_active = 1) AS total_categories`;

export interface ShopRow {
  id: number;
  name: string;
  name_ar: string | null;
  logo: string | null;
  banner: string | null;
  rating: number;
  total_reviews: number;
  last_online_at: string | null;
  estimated_delivery_time: string | null;
  estimated_delivery_time_ar: string | null;
  total_products: number;
  total_categories: number;
}

/** Every normalised term must appear in the shop's search text. */
const termsWhere = (terms: string[]) =>
  terms.length
    ? sql`AND ${sql.join(
        terms.map((t) => sql`s.search_text LIKE ${`%${t}%`}`),
        sql` AND `,
      )}`
    : sql``;

export async function countShops(db: DbOrTrx, terms: string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM shops s WHERE s.is_active = 1 ${termsWhere(terms)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function listShops(db: DbOrTrx, terms: string[], limit: number, offset: number): Promise<ShopRow[]> {
  const { rows } = await sql<ShopRow>`SELECT ${shopColumns} FROM shops s WHERE s.is_active = 1 ${termsWhere(terms)}
    ORDER BY s.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

export async function topShops(db: DbOrTrx, limit: number): Promise<ShopRow[]> {
  const { rows } = await sql<ShopRow>`SELECT ${shopColumns} FROM shops s WHERE s.is_active = 1
    ORDER BY s.rating DESC, s.total_reviews DESC, s.id LIMIT ${limit}`.execute(db);
  return rows;
}

export async function findShop(db: DbOrTrx, id: number) {
  const { rows } = await sql<
    ShopRow &
      Pick<
        Selectable<ShopsTable>,
        'short_description' | 'short_description_ar' | 'description' | 'description_ar' | 'address' | 'address_ar' | 'is_open'
      >
  >`SELECT ${shopColumns}, s.short_description, s.short_description_ar, s.description, s.description_ar, s.address, s.address_ar,
    s.is_open
    FROM shops s WHERE s.id = ${id} AND s.is_active = 1`.execute(db);
  return rows[0];
}

export async function shopCategories(db: DbOrTrx, shopId: number) {
  const { rows } = await sql<{
    id: number;
    slug: string;
    name: string;
    name_ar: string | null;
    thumbnail: string | null;
    total_products: number;
  }>`SELECT c.id, c.slug, c.name, c.name_ar, c.thumbnail, COUNT(p.id) AS total_products
    FROM categories c JOIN products p ON p.category_id = c.id
    WHERE p.shop_id = ${shopId} AND p.is_active = 1 AND c.is_active = 1
    GROUP BY c.id, c.slug, c.name, c.name_ar, c.thumbnail, c.sort
    ORDER BY c.sort, c.id`.execute(db);
  return rows;
}
