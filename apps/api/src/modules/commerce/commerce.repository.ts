import { type Insertable, type Selectable, sql } from 'kysely';
import type { Dialect, DbOrTrx, Trx } from '../../db';
import { compiledOnce, inList, listRows, listValue } from '../../db/compiled';
import type { OrderItemsTable, OrdersTable, OrderStatus, OrderTaxesTable } from '../../db/commerce-schema';
import type { CouponsTable } from '../../db/catalogue-schema';
import { fromJsonArray, jsonArrayFrom, productRowsWithVariants, runningFlashPriceColumn, variantsOf } from '../catalog';

/** SQL of the commerce module (issue 16). Money is integer baisa. */

export type CouponRow = Selectable<CouponsTable>;
export type OrderRow = Selectable<OrdersTable>;

/** On PostgreSQL, holds the customer's row until the transaction ends (SQLite runs one writer at a time). */
export async function lockCustomer(trx: Trx, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

// --- Products as the cart needs them ------------------------------------------------------------------

export interface SaleProduct {
  id: number;
  shop_id: number;
  name: string;
  name_ar: string | null;
  thumbnail: string | null;
  price: number;
  list_price: number;
  quantity: number;
  available: boolean;
  brand: string | null;
  brand_ar: string | null;
  unit_id: number | null;
  unit_name: string | null;
  unit_name_ar: string | null;
  shop_name: string;
  shop_name_ar: string | null;
  shop_logo: string | null;
  shop_rating: number;
  shop_last_online: string | null;
  delivery_charge: number;
  free_delivery_above: number;
  min_order_amount: number;
  flash: number | undefined;
  colors: Map<number, { id: number; name: string; name_ar: string | null; color_code: string; extra: number }>;
  sizes: Map<number, { id: number; name: string; extra: number }>;
}

const saleProductColumns = (db: DbOrTrx, dialect: Dialect, now: string) =>
  productRowsWithVariants(db, dialect)
    .select([
      'p.is_active',
      's.is_active as shop_active',
      's.is_open as shop_open',
      's.delivery_charge',
      's.free_delivery_above',
      's.min_order_amount',
    ])
    .select(runningFlashPriceColumn(now));

const saleProductRows = compiledOnce((db, dialect, a: { ids: unknown; now: string }) =>
  saleProductColumns(db, dialect, a.now).where(inList(dialect, 'p.id', a.ids)),
);

type SaleProductRow = Awaited<ReturnType<typeof saleProductRows>>[number];

/**
 * A row of saleProductColumns as the cart works with it, built field by field: on Node 20's V8 a spread
 * followed by new keys (`{ ...r, brand }`) makes a new hidden class for every object, left in the old
 * generation, and these were most of what the cart calls promoted (decision 035).
 */
function toSaleProduct(r: SaleProductRow): SaleProduct {
  const { sizes, colors } = variantsOf(r);
  const colorMap: SaleProduct['colors'] = new Map();
  for (const c of colors)
    colorMap.set(c.id, { id: c.id, name: c.name, name_ar: c.name_ar, color_code: c.color_code, extra: c.extra_price });
  const sizeMap: SaleProduct['sizes'] = new Map();
  for (const z of sizes) sizeMap.set(z.id, { id: z.id, name: z.name, extra: z.extra_price });
  return {
    id: r.id,
    shop_id: r.shop_id,
    name: r.name,
    name_ar: r.name_ar,
    thumbnail: r.thumbnail,
    price: r.price,
    list_price: r.list_price,
    quantity: r.quantity,
    // A shop its seller has closed (migration 018) sells nothing until it opens again.
    available: r.is_active === 1 && r.shop_active === 1 && Number(r.shop_open) === 1,
    brand: r.brand_name,
    brand_ar: r.brand_name_ar,
    unit_id: r.unit_id,
    unit_name: r.unit_name,
    unit_name_ar: r.unit_name_ar,
    shop_name: r.shop_name,
    shop_name_ar: r.shop_name_ar,
    shop_logo: r.shop_logo,
    shop_rating: Number(r.shop_rating),
    shop_last_online: r.shop_last_online,
    delivery_charge: r.delivery_charge,
    free_delivery_above: r.free_delivery_above,
    min_order_amount: r.min_order_amount,
    flash: r.flash_price == null ? undefined : Number(r.flash_price),
    colors: colorMap,
    sizes: sizeMap,
  };
}

/** Products (active or not) with their shop, brand, unit, running flash price, colours and sizes. */
export async function saleProducts(db: DbOrTrx, dialect: Dialect, ids: number[], now: string): Promise<Map<number, SaleProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await saleProductRows(db, dialect, { ids: listValue(dialect, unique), now });
  return new Map(rows.map((r) => [r.id, toSaleProduct(r)]));
}

const CART_LINE_COLUMNS = [
  'ci.id',
  'ci.user_id',
  'ci.product_id',
  'ci.shop_id',
  'ci.color_id',
  'ci.size_id',
  'ci.quantity',
  'ci.is_buy_now',
  'ci.created_at',
  'ci.updated_at',
] as const;

/**
 * The customer's cart (or buy-now) lines and the products of those lines and of `extraIds`, in one
 * statement: each product's row carries its lines as a JSON array. A cart call is then one round trip
 * for its reading (on PostgreSQL a statement's socket write and read are most of its CPU). Lines in
 * the order they were made.
 */
const cartProductRows = compiledOnce((db, dialect, a: { userId: number; isBuyNow: number; extra: unknown; now: string }) =>
  saleProductColumns(db, dialect, a.now)
    .select((eb) =>
      jsonArrayFrom(dialect)(
        eb
          .selectFrom('cart_items as ci')
          .select(CART_LINE_COLUMNS)
          .whereRef('ci.product_id', '=', 'p.id')
          .where('ci.user_id', '=', a.userId)
          .where('ci.is_buy_now', '=', a.isBuyNow)
          .orderBy('ci.id'),
      ).as('lines_json'),
    )
    .where(
      sql<boolean>`p.id IN (SELECT c2.product_id FROM cart_items c2 WHERE c2.user_id = ${a.userId} AND c2.is_buy_now = ${a.isBuyNow}
        UNION ALL ${listRows(dialect, a.extra)})`,
    ),
);

export async function cartWithProducts(
  db: DbOrTrx,
  dialect: Dialect,
  userId: number,
  isBuyNow: boolean,
  extraIds: number[],
  now: string,
): Promise<{ rows: CartLineRow[]; products: Map<number, SaleProduct> }> {
  const found = await cartProductRows(db, dialect, {
    userId,
    isBuyNow: isBuyNow ? 1 : 0,
    extra: listValue(dialect, extraIds),
    now,
  });
  const rows: CartLineRow[] = [];
  const products = new Map<number, SaleProduct>();
  for (const r of found) {
    products.set(r.id, toSaleProduct(r));
    for (const line of fromJsonArray<CartLineRow>(r.lines_json)) rows.push(line);
  }
  rows.sort((a, b) => a.id - b.id);
  return { rows, products };
}

// --- Cart lines --------------------------------------------------------------------------------------

export const cartLines = (db: DbOrTrx, userId: number, isBuyNow: boolean) =>
  db
    .selectFrom('cart_items')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_buy_now', '=', isBuyNow ? 1 : 0)
    .orderBy('id')
    .execute();

export type CartLineRow = Awaited<ReturnType<typeof cartLines>>[number];

/**
 * Adds to a line (creating it): one statement, so two adds at once both count. With `max`, an existing line
 * is only raised while it stays within it (the stock): adds at once cannot pass it together. Answers the line
 * as written, or undefined when `max` held it back.
 */
export async function addToLine(
  db: DbOrTrx,
  line: { user_id: number; product_id: number; shop_id: number; color_id: number; size_id: number; is_buy_now: number },
  quantity: number,
  now: string,
  max?: number,
): Promise<CartLineRow | undefined> {
  // Field by field: on Node 20's V8 a spread followed by new keys makes a new hidden class per call (decision 035).
  return db
    .insertInto('cart_items')
    .values({
      user_id: line.user_id,
      product_id: line.product_id,
      shop_id: line.shop_id,
      color_id: line.color_id,
      size_id: line.size_id,
      is_buy_now: line.is_buy_now,
      quantity,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => {
      const update = oc.columns(['user_id', 'is_buy_now', 'product_id', 'color_id', 'size_id']).doUpdateSet({
        quantity: sql<number>`cart_items.quantity + excluded.quantity`,
        updated_at: now,
      });
      return max === undefined ? update : update.where(sql<number>`cart_items.quantity + excluded.quantity`, '<=', max);
    })
    .returningAll()
    .executeTakeFirst();
}

/** Empties the customer's buy-now line (buy now holds one product). */
export const clearBuyNow = (trx: Trx, userId: number) =>
  trx.deleteFrom('cart_items').where('user_id', '=', userId).where('is_buy_now', '=', 1).execute();

export const setLineQuantity = (db: DbOrTrx, id: number, quantity: number, now: string) =>
  db.updateTable('cart_items').set({ quantity, updated_at: now }).where('id', '=', id).execute();

/**
 * Moves a line's quantity by `delta` in one statement (changes made at once all count), as long as it stays
 * at least 1 and, with `max`, at most `max`. Answers the line as written, or undefined when it is gone or
 * would leave that range.
 */
export const shiftLineQuantity = (db: DbOrTrx, id: number, delta: number, now: string, max?: number) => {
  let q = db
    .updateTable('cart_items')
    .set({ quantity: sql<number>`quantity + ${delta}`, updated_at: now })
    .where('id', '=', id)
    .where(sql<number>`quantity + ${delta}`, '>=', 1);
  if (max !== undefined) q = q.where(sql<number>`quantity + ${delta}`, '<=', max);
  return q.returningAll().executeTakeFirst();
};

/** Removes a line if it holds at most one unit (the last decrement); answers whether it did. */
export const deleteLastUnit = async (db: DbOrTrx, id: number) =>
  Number((await db.deleteFrom('cart_items').where('id', '=', id).where('quantity', '<=', 1).executeTakeFirst()).numDeletedRows) >
  0;

/** A line's quantity now, or undefined when it is gone. */
export const lineQuantity = async (db: DbOrTrx, id: number) =>
  (await db.selectFrom('cart_items').select('quantity').where('id', '=', id).executeTakeFirst())?.quantity;

export const deleteLines = (db: DbOrTrx, ids: number[]) =>
  ids.length ? db.deleteFrom('cart_items').where('id', 'in', ids).execute() : Promise.resolve([]);

// --- Vouchers ---------------------------------------------------------------------------------------

export const couponById = (db: DbOrTrx, id: number) =>
  db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();

export const couponByCode = (db: DbOrTrx, code: string) =>
  db
    .selectFrom('coupons')
    .selectAll()
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst();

/** The shop's active vouchers that have started, have not expired and are not used up. */
export const liveCoupons = (db: DbOrTrx, shopId: number, now: string) =>
  db
    .selectFrom('coupons')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .orderBy('id')
    .execute();

export const collectedCoupons = (db: DbOrTrx, userId: number, shopIds?: number[]) => {
  let q = db
    .selectFrom('collected_coupons as cc')
    .innerJoin('coupons as c', 'c.id', 'cc.coupon_id')
    .selectAll('c')
    .where('cc.user_id', '=', userId)
    .where('c.is_active', '=', 1);
  if (shopIds) q = q.where('c.shop_id', 'in', shopIds.length ? shopIds : [0]);
  return q.orderBy('cc.id').execute();
};

export const collectedIds = async (db: DbOrTrx, userId: number, couponIds: number[]) =>
  new Set(
    couponIds.length
      ? (
          await db
            .selectFrom('collected_coupons')
            .select('coupon_id')
            .where('user_id', '=', userId)
            .where('coupon_id', 'in', couponIds)
            .execute()
        ).map((r) => r.coupon_id)
      : [],
  );

/** Collects a voucher; false when it was already collected (the unique key decides, even at once). */
export async function collect(db: DbOrTrx, userId: number, couponId: number, now: string): Promise<boolean> {
  const r = await db
    .insertInto('collected_coupons')
    .values({ user_id: userId, coupon_id: couponId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'coupon_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** How many times each voucher was used by the customer. */
export async function usesBy(db: DbOrTrx, userId: number, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('coupon_usages')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('coupon_id', 'in', couponIds)
    .groupBy('coupon_id')
    .execute();
  return new Map(rows.map((r) => [r.coupon_id, Number(r.n)]));
}

/** Takes one use of a voucher if one is left and it is still valid: the conditional update decides. */
export async function takeCouponUse(trx: Trx, couponId: number, now: string): Promise<boolean> {
  const r = await trx
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', couponId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const activeTaxes = (db: DbOrTrx) =>
  db
    .selectFrom('vat_taxes')
    .select(['id', 'name', 'name_ar', 'rate_bp'])
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

// --- Stock ----------------------------------------------------------------------------------------------

/** Takes `quantity` units if that many are in stock (and the product is on sale): the update decides. */
export async function reserveStock(trx: Trx, productId: number, quantity: number): Promise<boolean> {
  const r = await trx
    .updateTable('products')
    .set((eb) => ({ quantity: eb('quantity', '-', quantity), total_sold: eb('total_sold', '+', quantity) }))
    .where('id', '=', productId)
    .where('is_active', '=', 1)
    .where('quantity', '>=', quantity)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const releaseStock = (trx: Trx, productId: number, quantity: number) =>
  trx
    .updateTable('products')
    .set({
      quantity: sql<number>`quantity + ${quantity}`,
      total_sold: sql<number>`case when total_sold >= ${quantity} then total_sold - ${quantity} else 0 end`,
    })
    .where('id', '=', productId)
    .execute();

// --- Orders ------------------------------------------------------------------------------------------------

export type OrderScope = { userId: number } | { shopId: number };

const scoped = <Q extends { where: (...a: never[]) => Q }>(q: Q, scope: OrderScope): Q =>
  'userId' in scope
    ? (q as unknown as { where: (c: string, o: string, v: number) => Q }).where('user_id', '=', scope.userId)
    : (q as unknown as { where: (c: string, o: string, v: number) => Q }).where('shop_id', '=', scope.shopId);

export const findOrder = (db: DbOrTrx, id: number, scope: OrderScope) =>
  scoped(db.selectFrom('orders').selectAll().where('id', '=', id), scope).executeTakeFirst();

export async function statusCounts(db: DbOrTrx, scope: OrderScope): Promise<Map<OrderStatus, number>> {
  const rows = await scoped(db.selectFrom('orders').select(['order_status', (eb) => eb.fn.countAll<number>().as('n')]), scope)
    .groupBy('order_status')
    .execute();
  return new Map(rows.map((r) => [r.order_status, Number(r.n)]));
}

export const listOrders = (db: DbOrTrx, scope: OrderScope, status: OrderStatus | undefined, limit: number, offset: number) => {
  let q = scoped(db.selectFrom('orders').selectAll(), scope);
  if (status) q = q.where('order_status', '=', status);
  return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
};

export const orderItems = (db: DbOrTrx, orderIds: number[]) =>
  orderIds.length
    ? db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute()
    : Promise.resolve([]);

export const orderTaxes = (db: DbOrTrx, orderId: number) =>
  db.selectFrom('order_taxes').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

export const orderHistory = (db: DbOrTrx, orderId: number) =>
  db.selectFrom('order_status_history').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

/** Moves an order from one status to another if it is still in the first: the update decides. */
export async function moveOrder(trx: Trx, id: number, from: OrderStatus, to: OrderStatus, now: string, paid: boolean) {
  const r = await trx
    .updateTable('orders')
    .set({ order_status: to, updated_at: now, ...(paid ? { payment_status: 'Paid' as const, paid_at: now } : {}) })
    .where('id', '=', id)
    .where('order_status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A bank transfer received: Unpaid → Paid, once, for an order not cancelled. */
export async function markTransferPaid(db: DbOrTrx, id: number, now: string) {
  const r = await db
    .updateTable('orders')
    .set({ payment_status: 'Paid', paid_at: now, updated_at: now })
    .where('id', '=', id)
    .where('payment_method', '=', 'bank')
    .where('payment_status', '=', 'Unpaid')
    .where('order_status', '!=', 'Cancelled')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const addHistory = (
  db: DbOrTrx,
  orderId: number,
  status: OrderStatus,
  by: 'customer' | 'seller' | 'system',
  now: string,
) => db.insertInto('order_status_history').values({ order_id: orderId, status, changed_by: by, created_at: now }).execute();

/** Gives a cancelled order's voucher use back (its usage row, and one use of the voucher). */
export async function releaseCouponUse(trx: Trx, orderId: number, couponId: number) {
  const r = await trx.deleteFrom('coupon_usages').where('order_id', '=', orderId).executeTakeFirst();
  if (Number(r.numDeletedRows) > 0)
    await trx
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '-', 1) }))
      .where('id', '=', couponId)
      .where('used_count', '>', 0)
      .execute();
}

export const shopBrief = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('shops')
    .select([
      'id',
      'name',
      'name_ar',
      'logo',
      'rating',
      'address',
      'address_ar',
      'estimated_delivery_time',
      'estimated_delivery_time_ar',
    ])
    .where('id', '=', id)
    .executeTakeFirst();

export const customerBrief = (db: DbOrTrx, id: number) =>
  db.selectFrom('users').select(['id', 'name', 'phone', 'phone_code']).where('id', '=', id).executeTakeFirst();

// --- Placing orders -------------------------------------------------------------------------------------

/** A payment gateway's title (as the storefront shows it), if the gateway is known. */
export const paymentGatewayTitle = async (db: DbOrTrx, name: string) =>
  (await db.selectFrom('payment_gateways').select('title').where('name', '=', name).executeTakeFirst())?.title;

/** A payment gateway's row (its `is_active` flag), if the gateway is known. */
export const paymentGateway = (db: DbOrTrx, name: string) =>
  db.selectFrom('payment_gateways').select('is_active').where('name', '=', name).executeTakeFirst();

export const insertOrder = (trx: Trx, values: Insertable<OrdersTable>) =>
  trx.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();

export const insertOrderItems = (trx: Trx, items: Insertable<OrderItemsTable>[]) =>
  trx.insertInto('order_items').values(items).execute();

export const insertOrderTaxes = (trx: Trx, taxes: Insertable<OrderTaxesTable>[]) =>
  trx.insertInto('order_taxes').values(taxes).execute();

export const recordCouponUse = (trx: Trx, couponId: number, userId: number, orderId: number, now: string) =>
  trx.insertInto('coupon_usages').values({ coupon_id: couponId, user_id: userId, order_id: orderId, created_at: now }).execute();

/** A product's stock now (the row a refused reservation read). */
export const stockOf = (db: DbOrTrx, productId: number) =>
  db.selectFrom('products').select('quantity').where('id', '=', productId).executeTakeFirst();

/** A placement's orders still unpaid and pending (an expired online payment's, to withdraw). */
export const unpaidPendingOrders = (db: DbOrTrx, checkoutRef: string) =>
  db
    .selectFrom('orders')
    .select(['id', 'user_id'])
    .where('checkout_ref', '=', checkoutRef)
    .where('payment_status', '=', 'Unpaid')
    .where('order_status', '=', 'Pending')
    .execute();
