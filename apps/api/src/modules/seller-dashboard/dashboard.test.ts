import { sellerDashboardResponseSchema, type SellerDashboard } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { issueToken } from '../auth';
import { get, makeCustomer, plainProducts, post, sellerAuth, type TestCustomer } from '../commerce/test-support';

/**
 * GET /api/seller/dashboard (BACKOFFICE.md "Seller centre") on a shop of its own with orders placed at
 * known moments around Oman's midnights: the clock is 14:00 in Muscat (10:00 UTC) today.
 */
const real = new Date();
const clock = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate(), 10, 0, 0));
const app = await createTestApp({ now: () => clock });

const DAY = 86_400_000;
/** Midnight in Muscat (UTC+4) `daysBack` days before today, plus `hours`, as UTC ISO text. */
const muscat = (daysBack: number, hours = 0) =>
  new Date(
    Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()) -
      4 * 3_600_000 -
      daysBack * DAY +
      hours * 3_600_000,
  ).toISOString();

let seq = 0;
const stamp = `${process.pid}${Date.now() % 100_000}`;

/** An approved, open shop with its seller, signed in. */
async function makeShop(name: string) {
  const at = new Date().toISOString();
  const { id: shopId } = await app.db
    .insertInto('shops')
    .values({
      name,
      name_ar: `متجر ${name}`,
      slug: `dash-${stamp}-${++seq}`,
      logo: null,
      search_text: name,
      is_active: 1,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: sellerId } = await app.db
    .insertInto('shop_users')
    .values({
      shop_id: shopId,
      name: `${name} owner`,
      email: `dash-${stamp}-${seq}@souq.test`,
      phone: null,
      password_hash: 'x',
      is_active: 1,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'seller', sellerId);
  return { shopId, auth: { authorization: `Bearer ${token}` } };
}

async function makeProduct(shopId: number, p: { name: string; quantity: number; total_sold?: number; archived?: boolean }) {
  const at = new Date().toISOString();
  const slug = `dash-product-${stamp}-${++seq}`;
  const { id } = await app.db
    .insertInto('products')
    .values({
      shop_id: shopId,
      category_id: 1,
      name: p.name,
      name_ar: `${p.name} بالعربية`,
      slug,
      price: 2500,
      list_price: 2500,
      quantity: p.quantity,
      total_sold: p.total_sold ?? 0,
      search_text: p.name.toLowerCase(),
      search_name: p.name.toLowerCase(),
      is_active: p.archived ? 0 : 1,
      archived_at: p.archived ? at : null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** An order of the shop placed at `created_at` for `payable` OMR (items plus delivery). */
async function makeOrder(shopId: number, userId: number, created_at: string, payable: number, status: string) {
  const payableBaisa = Math.round(payable * 1000);
  await app.db
    .insertInto('orders')
    .values({
      order_code: `SQD${stamp}${++seq}`.slice(0, 20),
      user_id: userId,
      shop_id: shopId,
      checkout_ref: `dash-${stamp}-${seq}`,
      coupon_id: null,
      coupon_code: null,
      quantity: 1,
      total_amount: payableBaisa - 500,
      delivery_charge: 500,
      coupon_discount: 0,
      tax_amount: 0,
      payable_amount: payableBaisa,
      payment_method: 'cash',
      payment_status: 'Unpaid',
      order_status: status as 'Pending',
      note: null,
      address: '{}',
      paid_at: null,
      created_at,
      updated_at: created_at,
    })
    .execute();
}

const dashboard = async (auth: Record<string, string>, locale = 'en'): Promise<SellerDashboard> => {
  const res = await app.inject({ url: '/api/seller/dashboard', headers: { ...auth, 'accept-language': locale } });
  expect(res.statusCode).toBe(200);
  return sellerDashboardResponseSchema.parse(res.json()).data;
};

const customer: TestCustomer = await makeCustomer(app);
const shop = await makeShop(`Dashboard Shop ${stamp}`);
const other = await makeShop(`Other Shop ${stamp}`);

describe('GET /api/seller/dashboard', () => {
  it('counts the shop’s orders by status and sums the sales of today, 7 and 30 days in Oman’s days, cancelled left out', async () => {
    const u = customer.id;
    await makeOrder(shop.shopId, u, muscat(0, 0.5), 10.5, 'Pending'); // 00:30 today in Muscat (20:30 UTC yesterday)
    await makeOrder(shop.shopId, u, muscat(0, 13), 2.25, 'Delivered');
    await makeOrder(shop.shopId, u, muscat(0, 1), 99, 'Cancelled'); // today, cancelled: counted, never summed
    await makeOrder(shop.shopId, u, muscat(1, 23.5), 5, 'Processing'); // 23:30 yesterday in Muscat (19:30 UTC)
    await makeOrder(shop.shopId, u, muscat(6), 3.125, 'Confirm'); // the first moment of the 7 days
    await makeOrder(shop.shopId, u, new Date(Date.parse(muscat(6)) - 1000).toISOString(), 1, 'Delivered');
    await makeOrder(shop.shopId, u, muscat(29, 8), 0.7, 'On The Way'); // within 30 days
    await makeOrder(shop.shopId, u, muscat(30, 23), 40, 'Pickup'); // before the 30 days
    // Another shop's orders are never counted.
    await makeOrder(other.shopId, u, muscat(0, 9), 50, 'Pending');
    await makeOrder(other.shopId, u, muscat(2, 9), 7, 'Cancelled');

    const d = await dashboard(shop.auth);
    expect(d.orders).toEqual({
      all: 8,
      pending: 1,
      confirm: 1,
      processing: 1,
      pickup: 1,
      on_the_way: 1,
      delivered: 2,
      cancelled: 1,
    });
    expect(d.sales).toEqual({ today: 12.75, last_7_days: 20.875, last_30_days: 22.575 });

    const o = await dashboard(other.auth);
    expect(o.orders.all).toBe(2);
    expect(o.orders.cancelled).toBe(1);
    expect(o.sales).toEqual({ today: 50, last_7_days: 50, last_30_days: 50 });
  });

  it('lists the best sellers and at most 10 products running out, least stock first, archived ones left out, in the asked language', async () => {
    const best = await makeProduct(shop.shopId, { name: 'Frankincense', quantity: 40, total_sold: 30 });
    const second = await makeProduct(shop.shopId, { name: 'Dates', quantity: 20, total_sold: 12 });
    await makeProduct(shop.shopId, { name: 'Archived best seller', quantity: 0, total_sold: 500, archived: true });
    await makeProduct(shop.shopId, { name: 'Never sold', quantity: 6, total_sold: 0 });
    const low: number[] = [];
    for (const q of [5, 0, 3, 1, 4, 2, 5, 0, 1, 3, 2, 4])
      low.push(await makeProduct(shop.shopId, { name: `Low ${q}`, quantity: q }));
    await makeProduct(other.shopId, { name: 'Other shop’s', quantity: 0, total_sold: 900 });

    const d = await dashboard(shop.auth);
    expect(d.top_products).toEqual([
      { id: best, name: 'Frankincense', total_sold: 30 },
      { id: second, name: 'Dates', total_sold: 12 },
    ]);
    expect(d.low_stock).toHaveLength(10);
    expect(d.low_stock.map((p) => p.quantity)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(d.low_stock.every((p) => low.includes(p.id))).toBe(true);
    expect(d.low_stock[0]).toEqual({ id: low[1], name: 'Low 0', quantity: 0 });

    const ar = await dashboard(shop.auth, 'ar');
    expect(ar.top_products[0]!.name).toBe('Frankincense بالعربية');
    expect(ar.low_stock[0]!.name).toBe('Low 0 بالعربية');
  });

  it('answers zeros and empty lists for a new shop', async () => {
    const fresh = await makeShop(`New Shop ${stamp}`);
    const d = await dashboard(fresh.auth);
    expect(d).toEqual({
      orders: { all: 0, pending: 0, confirm: 0, processing: 0, pickup: 0, on_the_way: 0, delivered: 0, cancelled: 0 },
      sales: { today: 0, last_7_days: 0, last_30_days: 0 },
      top_products: [],
      low_stock: [],
    });
  });

  it('follows an order placed and then cancelled through the shop', async () => {
    const seller = await sellerAuth(app, 3);
    const before = await dashboard(seller);
    const [product] = await plainProducts(app, { shopId: 3, minStock: 5 });
    const who = await makeCustomer(app);
    expect((await post(app, '/api/cart/store', who.auth, { product_id: product!.id, quantity: 2 })).statusCode).toBe(200);
    const placed = await post(app, '/api/place-order', who.auth, {
      shop_ids: [3],
      address_id: who.addressId,
      payment_method: 'cash',
    });
    expect(placed.statusCode).toBe(200);
    const order = placed.json().data.orders[0] as { id: number; amount: number };

    const after = await dashboard(seller);
    expect(after.orders.pending).toBe(before.orders.pending + 1);
    expect(Math.round(after.sales.today * 1000)).toBe(Math.round((before.sales.today + order.amount) * 1000));
    expect(Math.round(after.sales.last_30_days * 1000)).toBe(Math.round((before.sales.last_30_days + order.amount) * 1000));

    expect((await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: 'Cancelled' })).statusCode).toBe(
      200,
    );
    const cancelled = await dashboard(seller);
    expect(cancelled.orders.cancelled).toBe(before.orders.cancelled + 1);
    expect(cancelled.orders.pending).toBe(before.orders.pending);
    expect(cancelled.sales).toEqual(before.sales);
  });

  it('is 401 without a token and 403 with a customer’s', async () => {
    expect((await get(app, '/api/seller/dashboard', {})).statusCode).toBe(401);
    expect((await get(app, '/api/seller/dashboard', { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await get(app, '/api/seller/dashboard', customer.auth)).statusCode).toBe(403);
  });
});
