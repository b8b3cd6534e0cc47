import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { CouponsTable } from '../../db/catalogue-schema';

/** SQL of the seller's vouchers and of the shop's part in flash sales. Every query is bound to one shop. */

export type VoucherRow = Selectable<CouponsTable> & { collected_count: number };

const collectedCount = sql<number>`(SELECT COUNT(*) FROM collected_coupons cc WHERE cc.coupon_id = c.id)`.as('collected_count');

export async function listVouchers(db: DbOrTrx, shopId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('coupons as c')
      .selectAll('c')
      .select(collectedCount)
      .where('c.shop_id', '=', shopId)
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .executeTakeFirst(),
  ]);
  return { rows: rows.map(withCount), total: Number(total?.n ?? 0) };
}

const withCount = <T extends { collected_count: number | string }>(r: T) => ({ ...r, collected_count: Number(r.collected_count) });

/** The shop's voucher (undefined for another shop's or none). */
export async function voucherOf(db: DbOrTrx, shopId: number, id: number): Promise<VoucherRow | undefined> {
  const row = await db
    .selectFrom('coupons as c')
    .selectAll('c')
    .select(collectedCount)
    .where('c.id', '=', id)
    .where('c.shop_id', '=', shopId)
    .executeTakeFirst();
  return row && withCount(row);
}

/** Whether a voucher other than `exceptId` has this code, whatever its case (codes are unique in the marketplace). */
export async function codeTaken(db: DbOrTrx, code: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('coupons').select('id').where(sql<string>`upper(code)`, '=', code.toUpperCase());
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export const insertVoucher = (db: DbOrTrx, values: Insertable<CouponsTable>) =>
  db.insertInto('coupons').values(values).returning('id').executeTakeFirstOrThrow();

export const updateVoucher = (db: DbOrTrx, shopId: number, id: number, values: Updateable<CouponsTable>) =>
  db.updateTable('coupons').set(values).where('id', '=', id).where('shop_id', '=', shopId).execute();

/**
 * Deletes the voucher if nobody has collected or used it, in one statement (a collect or an order that
 * comes at the same moment either sees it gone or keeps it). True when it was deleted.
 */
export async function deleteUnusedVoucher(db: DbOrTrx, shopId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('coupons')
    .where('id', '=', id)
    .where('shop_id', '=', shopId)
    .where('used_count', '=', 0)
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('collected_coupons').select('id').where('coupon_id', '=', id))),
        eb.not(eb.exists(eb.selectFrom('coupon_usages').select('id').where('coupon_id', '=', id))),
        eb.not(eb.exists(eb.selectFrom('orders').select('id').where('coupon_id', '=', id))),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

// --- Flash sales ---------------------------------------------------------------------------------------

const saleColumns = ['id', 'name', 'name_ar', 'thumbnail', 'start_at', 'end_at'] as const;

/** The active sales that have not ended: running first (by end), then upcoming by start. */
export const openSales = (db: DbOrTrx, now: string) =>
  db
    .selectFrom('flash_sales')
    .select(saleColumns)
    .where('is_active', '=', 1)
    .where('end_at', '>', now)
    .orderBy(sql`CASE WHEN start_at <= ${now} THEN 0 ELSE 1 END`)
    .orderBy('start_at')
    .orderBy('id')
    .execute();

/** An active sale that has not ended (undefined otherwise). */
export const openSale = (db: DbOrTrx, id: number, now: string) =>
  db
    .selectFrom('flash_sales')
    .select(saleColumns)
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .where('end_at', '>', now)
    .executeTakeFirst();

export const saleById = (db: DbOrTrx, id: number) =>
  db.selectFrom('flash_sales').select([...saleColumns, 'is_active']).where('id', '=', id).executeTakeFirst();

/** The shop's own (not archived) products in these sales, with their prices (baisa). */
export function shopProductsInSales(db: DbOrTrx, shopId: number, saleIds: number[]) {
  if (saleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('flash_sale_products as fsp')
    .innerJoin('products as p', 'p.id', 'fsp.product_id')
    .select([
      'fsp.flash_sale_id',
      'fsp.price as sale_price',
      'p.id',
      'p.name',
      'p.name_ar',
      'p.thumbnail',
      'p.price',
      'p.discount_price',
    ])
    .where('fsp.flash_sale_id', 'in', saleIds)
    .where('p.shop_id', '=', shopId)
    .where('p.archived_at', 'is', null)
    .orderBy('fsp.id')
    .execute();
}

/** The shop's own product that is not archived. */
export const ownProduct = (db: DbOrTrx, shopId: number, id: number) =>
  db
    .selectFrom('products')
    .select(['id', 'name', 'price', 'discount_price'])
    .where('id', '=', id)
    .where('shop_id', '=', shopId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();

export const saleEntry = (db: DbOrTrx, saleId: number, productId: number) =>
  db
    .selectFrom('flash_sale_products')
    .select(['id', 'price'])
    .where('flash_sale_id', '=', saleId)
    .where('product_id', '=', productId)
    .executeTakeFirst();

/** Puts the product in the sale at this price, or sets its price when it is in already. */
export const upsertSaleEntry = (db: DbOrTrx, saleId: number, productId: number, price: number) =>
  db
    .insertInto('flash_sale_products')
    .values({ flash_sale_id: saleId, product_id: productId, price })
    .onConflict((oc) => oc.columns(['flash_sale_id', 'product_id']).doUpdateSet({ price }))
    .execute();

/** Takes the shop's product out of a sale that has not started (false when nothing was taken). */
export async function leaveSale(db: DbOrTrx, saleId: number, productId: number, now: string): Promise<boolean> {
  const r = await db
    .deleteFrom('flash_sale_products')
    .where('flash_sale_id', '=', saleId)
    .where('product_id', '=', productId)
    .where((eb) => eb.exists(eb.selectFrom('flash_sales').select('id').where('id', '=', saleId).where('start_at', '>', now)))
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
