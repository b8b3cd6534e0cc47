import { sql, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { ShopsTable } from '../../db/catalogue-schema';

// --- Reviews ---------------------------------------------------------------------------------------

/** What the seller's review list and one review read: the review and its product. */
const REVIEW_COLUMNS = [
  'r.id',
  'r.customer_name',
  'r.rating',
  'r.description',
  'r.created_at',
  'r.reply',
  'r.replied_at',
  'r.is_hidden',
  'p.id as product_id',
  'p.name as product_name',
  'p.name_ar as product_name_ar',
  'p.thumbnail as product_thumbnail',
] as const;

/** A page of the shop's products' reviews, newest first, optionally of one star value, with the count. */
export async function shopReviews(db: DbOrTrx, shopId: number, q: { rating?: number; limit: number; offset: number }) {
  let base = db.selectFrom('reviews as r').where('r.shop_id', '=', shopId);
  if (q.rating !== undefined) base = base.where('r.rating', '=', q.rating);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select(REVIEW_COLUMNS)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type ShopReviewRow = Awaited<ReturnType<typeof shopReviews>>['rows'][number];

/** One review of the shop's products (null when there is none or it is another shop's). */
export const shopReview = (db: DbOrTrx, shopId: number, id: number) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(REVIEW_COLUMNS)
    .where('r.id', '=', id)
    .where('r.shop_id', '=', shopId)
    .executeTakeFirst();

export const setReviewReply = (db: DbOrTrx, shopId: number, id: number, reply: string, at: string) =>
  db.updateTable('reviews').set({ reply, replied_at: at }).where('id', '=', id).where('shop_id', '=', shopId).execute();

// --- Profile ---------------------------------------------------------------------------------------

const profileColumns = [
  'name',
  'name_ar',
  'short_description',
  'short_description_ar',
  'description',
  'description_ar',
  'logo',
  'banner',
  'address',
  'address_ar',
  'phone',
  'email',
  'delivery_charge',
  'free_delivery_above',
  'min_order_amount',
  'estimated_delivery_time',
  'estimated_delivery_time_ar',
  'is_open',
] as const;

export const shopProfile = (db: DbOrTrx, shopId: number) =>
  db.selectFrom('shops').select(profileColumns).where('id', '=', shopId).executeTakeFirst();
export type ShopProfileRow = NonNullable<Awaited<ReturnType<typeof shopProfile>>>;

export const updateShop = (db: DbOrTrx, shopId: number, set: Updateable<ShopsTable>) =>
  db.updateTable('shops').set(set).where('id', '=', shopId).execute();

/** Another shop already has this English name (any case) or this Arabic name. */
export const shopNameTakenByOther = async (db: DbOrTrx, shopId: number, name: { name?: string; name_ar?: string }) => {
  if (name.name === undefined && name.name_ar === undefined) return { name: false, name_ar: false };
  const rows = await db
    .selectFrom('shops')
    .select(['name', 'name_ar'])
    .where('id', '!=', shopId)
    .where((eb) =>
      eb.or([
        ...(name.name !== undefined ? [eb(sql`lower(name)`, '=', name.name.toLowerCase())] : []),
        ...(name.name_ar !== undefined ? [eb('name_ar', '=', name.name_ar)] : []),
      ]),
    )
    .limit(2)
    .execute();
  return {
    name: name.name !== undefined && rows.some((r) => r.name.toLowerCase() === name.name!.toLowerCase()),
    name_ar: name.name_ar !== undefined && rows.some((r) => r.name_ar === name.name_ar),
  };
};
