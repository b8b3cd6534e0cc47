import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';

/** SQL of shop applications: the new shop and its seller account, and their approval. */

export const sellerEmailTaken = async (db: DbOrTrx, email: string) =>
  !!(await db.selectFrom('shop_users').select('id').where('email', '=', email).executeTakeFirst());

/** A shop (any state) already has this English name (case ignored) or this Arabic name. */
export const shopNameTaken = async (db: DbOrTrx, name: string, nameAr: string) =>
  !!(await db
    .selectFrom('shops')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(name)`, '=', name.toLowerCase()), eb('name_ar', '=', nameAr)]))
    .executeTakeFirst());

export const slugTaken = async (db: DbOrTrx, slug: string) =>
  !!(await db.selectFrom('shops').select('id').where('slug', '=', slug).executeTakeFirst());

export async function insertPendingShop(
  db: DbOrTrx,
  row: {
    name: string;
    name_ar: string;
    slug: string;
    logo: string;
    search_text: string;
    phone: string;
    email: string;
    at: string;
  },
): Promise<number> {
  const { id } = await db
    .insertInto('shops')
    .values({
      name: row.name,
      name_ar: row.name_ar,
      slug: row.slug,
      logo: row.logo,
      phone: row.phone,
      email: row.email,
      search_text: row.search_text,
      is_active: 0,
      status: 'pending',
      applied_at: row.at,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const insertSellerAccount = (
  db: DbOrTrx,
  row: { shop_id: number; name: string; email: string; phone: string; password_hash: string; locale: string; at: string },
) =>
  db
    .insertInto('shop_users')
    .values({
      shop_id: row.shop_id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      password_hash: row.password_hash,
      locale: row.locale,
      is_active: 1,
      created_at: row.at,
    })
    .execute();

/** Shops waiting for approval, oldest application first, with their seller's contact. */
export const pendingShops = (db: DbOrTrx) =>
  db
    .selectFrom('shops as s')
    .leftJoin('shop_users as u', 'u.shop_id', 's.id')
    .select(['s.id', 's.name', 's.name_ar', 's.applied_at', 'u.name as owner', 'u.email', 'u.phone'])
    .where('s.status', '=', 'pending')
    .orderBy('s.applied_at')
    .orderBy('s.id')
    .execute();
