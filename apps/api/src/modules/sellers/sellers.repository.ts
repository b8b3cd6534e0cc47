import type { Seller, SellerShop } from '@souq/contracts';
import type { DbOrTrx } from '../../db';

/** Seller accounts with what a session shows of them and their shop. */
const sellersWithShop = (db: DbOrTrx) =>
  db
    .selectFrom('shop_users as u')
    .innerJoin('shops as s', 's.id', 'u.shop_id')
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.phone',
      's.id as shop_id',
      's.name as shop_name',
      's.name_ar as shop_name_ar',
      's.logo as shop_logo',
    ]);

/** A seller account with its shop, by sign-in e-mail (lower case), with what signing in checks. */
export const findSellerByEmail = (db: DbOrTrx, email: string) =>
  sellersWithShop(db)
    .select(['u.password_hash', 'u.is_active', 's.status as shop_status', 's.status_reason as shop_status_reason'])
    .where('u.email', '=', email)
    .executeTakeFirst();

export const findSellerById = (db: DbOrTrx, id: number) => sellersWithShop(db).where('u.id', '=', id).executeTakeFirst();

type SellerRow = NonNullable<Awaited<ReturnType<typeof findSellerById>>>;

export const toSeller = (r: SellerRow): Seller => ({ id: r.id, name: r.name, email: r.email, phone: r.phone });

export const toSellerShop = (r: SellerRow, locale: 'ar' | 'en'): SellerShop => ({
  id: r.shop_id,
  name: (locale === 'ar' && r.shop_name_ar) || r.shop_name,
  logo: r.shop_logo,
});

/** At each sign-in: when, and the seller's language (the marketplace's e-mails use it, migration 021). */
export const touchSellerSeen = (db: DbOrTrx, id: number, at: string, locale: 'ar' | 'en') =>
  db.updateTable('shop_users').set({ last_online_at: at, locale }).where('id', '=', id).execute();
