import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cartResponseSchema,
  checkoutResponseSchema,
  formatDate,
  orderAgainPlacedSchema,
  customerOrderResponseSchema,
  orderResponseSchema,
  envelope,
  placeOrderResponseSchema,
} from '@souq/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { deliveryDays } from '../src/modules/commerce/orders.service';
import { makeCustomer, plainProducts, sellerAuth, stockOf, type TestCustomer } from '../src/modules/commerce/test-support';
import { createTestApp } from './helpers';

/**
 * Issue 42: the original web client's orders and basket calls, each written the way that client sends it
 * (JSON through its HTTP client, `X-Requested-With`, no `Accept-Language` unless a language was picked,
 * ids from the address bar as strings), on SQLite and on PostgreSQL.
 */

/** A small local peer that plays Thawani Pay's checkout-session API (for Order again paid online). */
let failing = false;
let sessions = 0;
const peer = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const send = (code: number, body: unknown) =>
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (failing || req.headers['thawani-api-key'] !== 'sk_test_peer') return send(500, { success: false });
    if (req.method === 'POST' && req.url === '/api/v1/checkout/session')
      return send(200, { success: true, code: 2004, data: { session_id: `checkout_${++sessions}`, payment_status: 'unpaid' } });
    return send(404, { success: false });
  });
});
await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));
const payments = {
  ...testConfig({ database: { dialect: 'sqlite', file: ':memory:' } }).payments,
  thawani: {
    baseUrl: `http://127.0.0.1:${(peer.address() as AddressInfo).port}`,
    secretKey: 'sk_test_peer',
    publishableKey: 'pk_test_peer',
    webhookSecret: 'whsec_peer',
  },
};
const app = await createTestApp({ payments });
const baisa = (n: number) => Math.round(n * 1000);
const DAY = 86_400_000;

/** The original client's request: its headers, a JSON body, the language only when one was picked. */
function send(c: TestCustomer, method: 'GET' | 'POST', url: string, body?: object, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = {
    ...c.auth,
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    ...extra,
  };
  if (body === undefined) return app.inject({ method, url, headers });
  return app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
const post = (c: TestCustomer, url: string, body: object, extra?: Record<string, string>) => send(c, 'POST', url, body, extra);
const get = (c: TestCustomer, url: string, extra?: Record<string, string>) => send(c, 'GET', url, undefined, extra);

async function addToCart(c: TestCustomer, productId: number, quantity: number) {
  const res = await post(c, '/api/cart/store', { product_id: productId, quantity, color: '', size: '', unit: '' });
  expect(res.statusCode, res.body).toBe(200);
}

/** Places the cart's shop `shopId` as the original client does (no Idempotency-Key); answers the order. */
async function placeShop(c: TestCustomer, shopId: number, body: object = {}) {
  const res = await post(c, '/api/place-order', {
    shop_ids: [shopId],
    address_id: c.addressId,
    payment_method: 'cash',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return placeOrderResponseSchema.parse(res.json()).data.orders[0]!;
}

const detailOf = async (c: TestCustomer, id: number | string, extra?: Record<string, string>) => {
  const res = await get(c, `/api/order-details?order_id=${id}`, extra);
  expect(res.statusCode, res.body).toBe(200);
  return customerOrderResponseSchema.parse(res.json()).data.order;
};

async function addCoupon(values: { shop_id: number; discount: number; expires_at?: string; code?: string }) {
  return app.db
    .insertInto('coupons')
    .values({
      code: `K${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      discount_type: 'Amount',
      min_order_amount: 0,
      max_discount_amount: null,
      starts_at: null,
      expires_at: null,
      usage_limit: null,
      used_count: 0,
      is_active: 1,
      created_at: new Date().toISOString(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const usedCount = async (id: number) =>
  (await app.db.selectFrom('coupons').select('used_count').where('id', '=', id).executeTakeFirstOrThrow()).used_count;

const orderCount = async (c: TestCustomer) =>
  Number(
    (
      await app.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', c.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the basket: POST /cart/checkout', () => {
  it('with no shop selected (the basket opening) answers 200: zero amounts, no items, a message in the language', async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 1, minStock: 5 });
    await addToCart(c, a!.id, 2);
    // No Accept-Language: the site's default language (Arabic).
    const res = await post(c, '/api/cart/checkout', { shop_ids: [] });
    expect(res.statusCode, res.body).toBe(200);
    const body = checkoutResponseSchema.parse(res.json());
    expect(body.message).toBe('معلومات إتمام الطلب');
    expect(body.data).toEqual({
      checkout: {
        total_amount: 0,
        delivery_charge: 0,
        coupon_discount: 0,
        order_tax_amount: 0,
        payable_amount: 0,
        all_vat_taxes: [],
      },
      apply_coupon: false,
      checkout_items: [],
    });
    const en = await post(c, '/api/cart/checkout', { shop_ids: [] }, { 'accept-language': 'en' });
    expect(en.json().message).toBe('Checkout information');
    // The cart itself is left as it was.
    expect(cartResponseSchema.parse((await get(c, '/api/carts')).json()).data.total).toBe(1);
  });

  it('says "Coupon applied" when a voucher applies, "Checkout information" otherwise, in the request language', async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 1, minStock: 5 });
    const [d] = await plainProducts(app, { shopId: 2, minStock: 5 });
    await addToCart(c, a!.id, 2);
    await addToCart(c, d!.id, 1);
    const plain = await post(c, '/api/cart/checkout', { shop_ids: [2] }, { 'accept-language': 'en' });
    expect(plain.json()).toMatchObject({ message: 'Checkout information', data: { apply_coupon: false } });
    const coupon = await addCoupon({ shop_id: 1, discount: 100 });
    expect((await post(c, '/api/vouchers-collect', { coupon_id: coupon.id })).statusCode).toBe(200);
    const en = await post(c, '/api/cart/checkout', { shop_ids: [1, 2] }, { 'accept-language': 'en' });
    expect(en.json()).toMatchObject({ message: 'Coupon applied', data: { apply_coupon: true } });
    const ar = await post(c, '/api/cart/checkout', { shop_ids: [1, 2] });
    expect(ar.json()).toMatchObject({ message: 'تم تطبيق القسيمة', data: { apply_coupon: true } });
    // A typed code that does not apply is still refused here: our storefront's checkout summary says why.
    const bad = await post(c, '/api/cart/checkout', { shop_ids: [1], coupon_code: 'NO-SUCH-CODE' }, { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.coupon_code[0]).toMatch(/not valid/);
  });
});

describe('vouchers: the validity as the original client prints it', () => {
  it('answers "28 January 2027 02:00" (Oman time, the request language) with the instant beside it; none is null', async () => {
    const c = await makeCustomer(app);
    // 27 January 22:00 UTC is 28 January 02:00 in Muscat.
    const dated = await addCoupon({ shop_id: 1, discount: 500, expires_at: '2027-01-27T22:00:00.000Z' });
    const open = await addCoupon({ shop_id: 1, discount: 300 });
    for (const [lang, words] of [
      [undefined, '28 يناير 2027 02:00'],
      ['en', '28 January 2027 02:00'],
      ['ar', '28 يناير 2027 02:00'],
    ] as const) {
      const extra: Record<string, string> = lang ? { 'accept-language': lang } : {};
      const res = await get(c, '/api/get-vouchers?shop_id=1', extra);
      expect(res.statusCode, res.body).toBe(200);
      const coupons = res.json().data.coupons as Array<{ id: number; validity: string | null; validity_iso: string | null }>;
      expect(coupons.find((v) => v.id === dated.id)).toMatchObject({ validity: words, validity_iso: '2027-01-27T22:00:00.000Z' });
      expect(coupons.find((v) => v.id === open.id)).toMatchObject({ validity: null, validity_iso: null });
    }
    expect((await post(c, '/api/vouchers-collect', { coupon_id: dated.id })).statusCode).toBe(200);
    const mine = await get(c, '/api/get-collected-vouchers?shop_id=1', { 'accept-language': 'en' });
    expect(mine.json().data.coupons.find((v: { id: number }) => v.id === dated.id)).toMatchObject({
      validity: '28 January 2027 02:00',
      validity_iso: '2027-01-27T22:00:00.000Z',
    });
  });
});

describe('POST /place-order: a typed code that does not apply', () => {
  it("is ignored in the original client's placement; a code that applies still applies; a collected voucher takes over", async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 1, minStock: 20 });
    const other = await addCoupon({ shop_id: 2, discount: 200 });
    const expired = await addCoupon({ shop_id: 1, discount: 200, expires_at: new Date(Date.now() - DAY).toISOString() });
    const cases = ['NO-SUCH-CODE', other.code, expired.code.toLowerCase()];
    for (const coupon_code of cases) {
      await addToCart(c, a!.id, 1);
      const order = await placeShop(c, 1, { coupon_code });
      const detail = await detailOf(c, order.id);
      expect({ coupon_code, discount: detail.coupon_discount, coupon: detail.coupon }).toEqual({
        coupon_code,
        discount: 0,
        coupon: null,
      });
      expect(baisa(detail.payable_amount)).toBe(
        baisa(detail.total_amount) + baisa(detail.delivery_charge) + baisa(detail.order_tax_amount),
      );
    }
    expect(await usedCount(other.id)).toBe(0);
    expect(await usedCount(expired.id)).toBe(0);

    // A code that applies still applies, and its use is taken.
    const good = await addCoupon({ shop_id: 1, discount: 150 });
    await addToCart(c, a!.id, 1);
    const withGood = await detailOf(c, (await placeShop(c, 1, { coupon_code: good.code })).id);
    expect(withGood.coupon).toEqual({ code: good.code, discount: 0.15 });
    expect(await usedCount(good.id)).toBe(1);

    // A collected voucher applies by itself when the typed code does not.
    const collected = await addCoupon({ shop_id: 1, discount: 120 });
    expect((await post(c, '/api/vouchers-collect', { coupon_id: collected.id })).statusCode).toBe(200);
    await addToCart(c, a!.id, 1);
    const withCollected = await detailOf(c, (await placeShop(c, 1, { coupon_code: 'NO-SUCH-CODE' })).id);
    expect(withCollected.coupon).toEqual({ code: collected.code, discount: 0.12 });
  });

  it('is refused, with nothing placed, when the body asks so (coupon_strict, our storefront), whatever the headers', async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 1, minStock: 20 });
    await addToCart(c, a!.id, 1);
    const stock = await stockOf(app, a!.id);
    const used = await addCoupon({ shop_id: 1, discount: 100 });
    await app.db.updateTable('coupons').set({ usage_limit: 1, used_count: 1 }).where('id', '=', used.id).execute();
    const body = { shop_ids: [1], address_id: c.addressId, payment_method: 'cash', is_buy_now: false };
    for (const coupon_code of ['NO-SUCH-CODE', used.code]) {
      // Our storefront's shape: the Idempotency-Key and coupon_strict; and coupon_strict alone (no key).
      for (const [strict, headers] of [
        [true, { 'idempotency-key': `storefront-${c.id}-${coupon_code}` }],
        ['1', {}],
      ] as const) {
        const res = await post(c, '/api/place-order', { ...body, coupon_code, coupon_strict: strict }, headers);
        expect({ coupon_code, strict, status: res.statusCode }).toEqual({ coupon_code, strict, status: 422 });
        expect(res.json().errors.coupon_code).toBeTruthy();
      }
    }
    expect(await orderCount(c)).toBe(0);
    expect(await stockOf(app, a!.id)).toBe(stock);

    // An Idempotency-Key alone decides nothing about the code: left aside, the order placed without it.
    const keyed = await post(
      c,
      '/api/place-order',
      { ...body, coupon_code: used.code, coupon_strict: false },
      { 'idempotency-key': `keyed-${c.id}` },
    );
    expect(keyed.statusCode, keyed.body).toBe(200);
    const order = placeOrderResponseSchema.parse(keyed.json()).data.orders[0]!;
    expect((await detailOf(c, order.id)).coupon).toBeNull();
    expect(await usedCount(used.id)).toBe(1);
    // The same key and body again: the first answer replayed, nothing placed twice.
    await addToCart(c, a!.id, 1);
    const replay = await post(
      c,
      '/api/place-order',
      { ...body, coupon_code: used.code, coupon_strict: false },
      { 'idempotency-key': `keyed-${c.id}` },
    );
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.body]).toEqual([200, 'true', keyed.body]);
    // The key with coupon_strict now set is another request: refused as such.
    const changed = await post(
      c,
      '/api/place-order',
      { ...body, coupon_code: used.code, coupon_strict: true },
      { 'idempotency-key': `keyed-${c.id}` },
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toMatch(/Idempotency-Key/);
    expect(await orderCount(c)).toBe(1);
  });
});

describe('GET /order-details: the original client fields beside ours', () => {
  it('product lines by product id (line_id ours), quantities, prices paid, taxes, dates, links and payment words', async () => {
    const c = await makeCustomer(app);
    const [a, b] = await plainProducts(app, { shopId: 1, minStock: 20 });
    await app.db
      .updateTable('shops')
      .set({ estimated_delivery_time: '2-3 days', estimated_delivery_time_ar: '٢-٣ أيام' })
      .where('id', '=', 1)
      .execute();
    await addToCart(c, a!.id, 2);
    await addToCart(c, b!.id, 1);
    const placed = await placeShop(c, 1);
    const lines = await app.db.selectFrom('order_items').selectAll().where('order_id', '=', placed.id).orderBy('id').execute();

    // The id as the address bar gives it (a string); no Accept-Language.
    const o = await detailOf(c, String(placed.id));
    expect(o.products.map((p) => [p.id, p.line_id, p.product_id])).toEqual(lines.map((l) => [l.product_id, l.id, l.product_id]));
    const first = o.products[0]!;
    expect(first).toMatchObject({ order_qty: 2, quantity: 2, rating: null, size: null, color: null });
    expect(first.discount_price).toBe(first.unit_price);
    expect(baisa(first.discount_price)).toBe(lines[0]!.unit_price);
    expect(o.tax_amount).toBe(o.order_tax_amount);
    expect(o.all_vat_taxes).toEqual(o.taxes);
    expect(o.all_vat_taxes.length).toBeGreaterThan(0);
    expect(o.estimated_delivery_date).toBe(formatDate(new Date(Date.parse(o.created_at) + 3 * DAY).toISOString(), 'ar'));
    const en = await detailOf(c, placed.id, { 'accept-language': 'en' });
    expect(en.estimated_delivery_date).toBe(formatDate(new Date(Date.parse(o.created_at) + 3 * DAY).toISOString(), 'en'));
    expect(o.invoice_url).toBe(`${app.config.publicUrl}/order-history/${placed.id}/invoice`);
    expect(o.payment_receipt_url).toBeNull();
    // The original's words where it reads them (it prints both); ours in the twins our storefront reads.
    expect(o).toMatchObject({
      payment_status: 'Pending',
      payment_method: 'Cash Payment',
      payment_state: 'Unpaid',
      payment_method_code: 'cash',
    });
    expect(o).not.toHaveProperty('payment_status_label');
    expect(o).not.toHaveProperty('payment_method_label');

    // The seller's view of the same order links the seller's invoice page and keeps our values where they were.
    const seller = await sellerAuth(app, 1);
    const sellerView = await app.inject({ method: 'GET', url: `/api/seller/orders/${placed.id}`, headers: seller });
    const sellerOrder = orderResponseSchema.parse(sellerView.json()).data.order;
    expect(sellerOrder.invoice_url).toBe(`${app.config.publicUrl}/seller/orders/${placed.id}/invoice`);
    expect(sellerOrder).toMatchObject({
      payment_status: 'Unpaid',
      payment_method: 'cash',
      payment_state: 'Unpaid',
      payment_method_code: 'cash',
    });
    // So does the customer's list of orders (the console's order: admin-orders.test.ts).
    const listed = (await get(c, '/api/orders')).json().data.orders.find((x: { id: number }) => x.id === placed.id);
    expect(listed).toMatchObject({ payment_status: 'Unpaid', payment_method: 'cash' });

    // Delivered (cash is then paid) and reviewed by the product id the details gave: the line's rating.
    for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'])
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/seller/orders/${placed.id}/status`,
            headers: seller,
            payload: { order_status: status },
          })
        ).statusCode,
      ).toBe(200);
    const review = await post(c, '/api/product-review', {
      product_id: String(first.id),
      order_id: String(placed.id),
      rating: 4,
      description: 'Fresh and well packed',
    });
    expect(review.statusCode, review.body).toBe(201);
    const delivered = await detailOf(c, placed.id);
    expect(delivered.products.map((p) => p.rating)).toEqual([4, null]);
    expect(delivered.products[0]!.review?.rating).toBe(4);
    expect(delivered).toMatchObject({ payment_status: 'Paid', payment_state: 'Paid', payment_method: 'Cash Payment' });
  });

  it('a bank transfer and a gateway in the original words; no estimate for a cancelled order or a shop without one', async () => {
    const c = await makeCustomer(app);
    const [d] = await plainProducts(app, { shopId: 2, minStock: 20 });
    await app.db
      .updateTable('shops')
      .set({ estimated_delivery_time: null, estimated_delivery_time_ar: null })
      .where('id', '=', 2)
      .execute();
    const setting = app.db.selectFrom('settings').select('value').where('key', '=', 'bank_transfer');
    const was = (await setting.executeTakeFirstOrThrow()).value;
    await app.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'bank_transfer').execute();
    await addToCart(c, d!.id, 1);
    const bank = await detailOf(c, (await placeShop(c, 2, { payment_method: 'bank' })).id);
    await app.db.updateTable('settings').set({ value: was }).where('key', '=', 'bank_transfer').execute();
    expect(bank).toMatchObject({
      payment_method: 'Bank Transfer',
      payment_method_code: 'bank',
      payment_status: 'Pending',
      payment_state: 'Unpaid',
      estimated_delivery_date: null,
    });

    await addToCart(c, d!.id, 1);
    const online = await detailOf(c, (await placeShop(c, 2, { payment_method: 'thawani' })).id);
    const title = (
      await app.db.selectFrom('payment_gateways').select('title').where('name', '=', 'thawani').executeTakeFirstOrThrow()
    ).title;
    expect(title).not.toBe('thawani');
    expect(online).toMatchObject({
      payment_method: title,
      payment_method_code: 'thawani',
      payment_status: 'Pending',
      payment_state: 'Unpaid',
    });

    await app.db.updateTable('shops').set({ estimated_delivery_time: '1 week' }).where('id', '=', 2).execute();
    expect((await detailOf(c, online.id)).estimated_delivery_date).toBe(
      formatDate(new Date(Date.parse(online.created_at) + 7 * DAY).toISOString(), 'ar'),
    );
    // Cancelling answers the customer's order as the details do.
    const cancelled = await post(c, '/api/orders/cancel', { order_id: String(bank.id) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(customerOrderResponseSchema.parse(cancelled.json()).data.order).toMatchObject({
      order_status: 'Cancelled',
      payment_method: 'Bank Transfer',
      payment_method_code: 'bank',
      payment_status: 'Pending',
    });
    expect((await detailOf(c, bank.id)).estimated_delivery_date).toBeNull();
  });

  it('reads a shop delivery time as its longest stated span', () => {
    expect(deliveryDays('2-3 days')).toBe(3);
    expect(deliveryDays('٢-٤ أيام')).toBe(4);
    expect(deliveryDays('1 week')).toBe(7);
    expect(deliveryDays('24 hours')).toBe(1);
    expect(deliveryDays('Same day')).toBeNull();
    expect(deliveryDays(null)).toBeNull();
    expect(deliveryDays('9999 days')).toBeNull();
  });
});

const placedAgain = envelope(orderAgainPlacedSchema);

describe('POST /place-order/again {order_id, payment_method}: the order placed at once', () => {
  /** A customer with a delivered-or-not order of shop 1 of two products, and something else in the cart. */
  async function withOrder(quantity = 2) {
    const c = await makeCustomer(app);
    const [a, b] = await plainProducts(app, { shopId: 1, minStock: 20 });
    const [d] = await plainProducts(app, { shopId: 2, minStock: 20 });
    await addToCart(c, a!.id, quantity);
    await addToCart(c, b!.id, 1);
    const old = await placeShop(c, 1);
    await addToCart(c, d!.id, 1);
    return { c, a: a!, b: b!, d: d!, old };
  }

  it('places the old order lines at today prices with that payment method; the cart is left alone', async () => {
    const { c, a, b, old } = await withOrder();
    const cartBefore = (await get(c, '/api/carts')).body;
    const [stockA, stockB] = [await stockOf(app, a.id), await stockOf(app, b.id)];
    // Today's price of a is higher than when it was ordered.
    await app.db
      .updateTable('products')
      .set({ price: a.price + 500, list_price: a.list_price + 500 })
      .where('id', '=', a.id)
      .execute();

    const res = await post(c, '/api/place-order/again', { order_id: String(old.id), payment_method: 'cash' });
    expect(res.statusCode, res.body).toBe(200);
    const body = placedAgain.parse(res.json());
    expect(body.message).toBe('Order placed successfully.');
    const { order, orders, order_payment_url, info } = body.data;
    expect(order_payment_url).toBeNull();
    expect(info).toBeNull();
    expect(orders).toEqual([order]);
    expect(order.id).not.toBe(old.id);
    expect(order).toMatchObject({ shop_id: 1, order_status: 'Pending', payment_method: 'cash', quantity: 3 });
    expect(order.address).toEqual(old.address);
    const detail = await detailOf(c, order.id);
    expect(detail.products.map((p) => [p.id, p.order_qty])).toEqual([
      [a.id, 2],
      [b.id, 1],
    ]);
    expect(baisa(detail.products[0]!.unit_price)).toBe(a.list_price + 500);
    expect(await stockOf(app, a.id)).toBe(stockA - 2);
    expect(await stockOf(app, b.id)).toBe(stockB - 1);
    expect((await get(c, '/api/carts')).body).toBe(cartBefore);
    // It counts as a placement of the customer's.
    expect((await get(c, '/api/orders')).json().data.total).toBe(2);
  });

  it("goes to the old order's address while the customer has it as it was, else to the default one; none is 422", async () => {
    const { c, old } = await withOrder(1);
    const now = new Date().toISOString();
    const second = await app.db
      .insertInto('addresses')
      .values({
        user_id: c.id,
        name: 'Work',
        phone: c.phone,
        area: 'Ruwi',
        flat_no: '4',
        address_type: 'office',
        address_line: 'Street 9, Ruwi',
        address_line2: null,
        post_code: '112',
        is_default: 0,
        latitude: null,
        longitude: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The old address is not the default any more: it is still the customer's, so the order goes there.
    await app.db.updateTable('addresses').set({ is_default: 0 }).where('id', '=', c.addressId).execute();
    await app.db.updateTable('addresses').set({ is_default: 1 }).where('id', '=', second.id).execute();
    const again = async () => {
      const res = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'cash' });
      expect(res.statusCode, res.body).toBe(200);
      return placedAgain.parse(res.json()).data.order;
    };
    expect((await again()).address.address_line).toBe('Way 3015, Muscat');
    // Changed since: the default address.
    await app.db.updateTable('addresses').set({ flat_no: '99' }).where('id', '=', c.addressId).execute();
    expect((await again()).address).toMatchObject({ address_line: 'Street 9, Ruwi', area: 'Ruwi' });
    // No address at all: 422, nothing placed.
    await app.db.deleteFrom('addresses').where('user_id', '=', c.id).execute();
    const before = await orderCount(c);
    const none = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'cash' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['address_id']);
    expect(await orderCount(c)).toBe(before);
  });

  it('leaves out lines that cannot be bought and reduces one above the stock, saying so; none left is 422', async () => {
    const { c, a, b, old } = await withOrder(3);
    const [stockA, stockB] = [await stockOf(app, a.id), await stockOf(app, b.id)];
    await app.db.updateTable('products').set({ is_active: 0 }).where('id', '=', b.id).execute();
    await app.db.updateTable('products').set({ quantity: 2 }).where('id', '=', a.id).execute();
    try {
      const res = await post(
        c,
        '/api/place-order/again',
        { order_id: old.id, payment_method: 'cash' },
        { 'accept-language': 'en' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = placedAgain.parse(res.json());
      expect(body.data.info).toMatch(/Only 2 of .+ were ordered/);
      expect(body.data.info).toMatch(/no longer available/);
      expect(body.message).toContain(body.data.info!);
      const detail = await detailOf(c, body.data.order.id);
      expect(detail.products.map((p) => [p.id, p.order_qty])).toEqual([[a.id, 2]]);
      expect(await stockOf(app, a.id)).toBe(0);

      // Nothing left to buy: 422 naming why, and nothing placed.
      const before = await orderCount(c);
      const none = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'cash' });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.order_id[0]).toMatch(/out of stock/);
      expect(await orderCount(c)).toBe(before);
    } finally {
      await app.db.updateTable('products').set({ is_active: 1, quantity: stockB }).where('id', '=', b.id).execute();
      await app.db.updateTable('products').set({ quantity: stockA }).where('id', '=', a.id).execute();
    }
  });

  it('shares the stock between lines of one product in two sizes; the details name the size and colour, their options beside', async () => {
    const v = await app.db
      .selectFrom('products as p')
      .innerJoin('shops as s', 's.id', 'p.shop_id')
      .innerJoin('product_colors as pc', 'pc.product_id', 'p.id')
      .select(['p.id', 'p.shop_id', 'p.quantity', 'pc.color_id'])
      .where('p.is_active', '=', 1)
      .where('s.is_active', '=', 1)
      .where('p.quantity', '>=', 10)
      .where((eb) =>
        eb(
          eb
            .selectFrom('product_sizes')
            .select((x) => x.fn.countAll<number>().as('n'))
            .whereRef('product_id', '=', 'p.id'),
          '>=',
          2,
        ),
      )
      .where((eb) => eb.not(eb.exists(eb.selectFrom('flash_sale_products').select('id').whereRef('product_id', '=', 'p.id'))))
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const sizes = await app.db
      .selectFrom('product_sizes')
      .select('size_id')
      .where('product_id', '=', v.id)
      .orderBy('size_id')
      .limit(2)
      .execute();
    const c = await makeCustomer(app);
    for (const z of sizes)
      expect(
        (await post(c, '/api/cart/store', { product_id: String(v.id), quantity: '2', color: v.color_id, size: z.size_id }))
          .statusCode,
      ).toBe(200);
    const old = await placeShop(c, v.shop_id);
    const first = await detailOf(c, old.id);
    expect(first.products.map((p) => p.id)).toEqual([v.id, v.id]);
    expect(new Set(first.products.map((p) => p.line_id)).size).toBe(2);
    expect(first.products.map((p) => p.size_detail?.id)).toEqual(sizes.map((z) => z.size_id));
    // The original client prints `size` and `color` as they come: names, the options' own.
    expect(first.products.map((p) => p.size)).toEqual(first.products.map((p) => p.size_detail!.name));
    expect(first.products.every((p) => p.color_detail?.id === v.color_id && p.color === p.color_detail.name)).toBe(true);
    expect(first.products.every((p) => typeof p.size === 'string' && p.size !== '')).toBe(true);

    const stock = await stockOf(app, v.id);
    await app.db.updateTable('products').set({ quantity: 3 }).where('id', '=', v.id).execute();
    try {
      const res = await post(
        c,
        '/api/place-order/again',
        { order_id: old.id, payment_method: 'cash' },
        { 'accept-language': 'en' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const again = placedAgain.parse(res.json()).data;
      expect(again.info).toMatch(/^Only 1 of .+ was ordered \(stock\)\.$/);
      expect((await detailOf(c, again.order.id)).products.map((p) => [p.size_detail?.id, p.order_qty])).toEqual([
        [sizes[0]!.size_id, 2],
        [sizes[1]!.size_id, 1],
      ]);
      expect(await stockOf(app, v.id)).toBe(0);
    } finally {
      await app.db.updateTable('products').set({ quantity: stock }).where('id', '=', v.id).execute();
    }
  });

  it("refuses another customer's order (404), a bad id or payment method (422), and keeps the account check", async () => {
    const { c, old } = await withOrder(1);
    const other = await makeCustomer(app);
    expect((await post(other, '/api/place-order/again', { order_id: old.id, payment_method: 'cash' })).statusCode).toBe(404);
    expect((await post(c, '/api/place-order/again', { order_id: 99_999_999, payment_method: 'cash' })).statusCode).toBe(404);
    const bad = await post(c, '/api/place-order/again', { order_id: 'abc', payment_method: 'cash' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['order_id']);
    for (const payment_method of ['bitcoin', 'constructor', '__proto__']) {
      const res = await post(c, '/api/place-order/again', { order_id: old.id, payment_method });
      expect({ payment_method, status: res.statusCode }).toEqual({ payment_method, status: 422 });
      expect(Object.keys(res.json().errors)).toEqual(['payment_method']);
    }
    expect(await orderCount(other)).toBe(0);

    const unverified = await makeCustomer(app, { verified: false });
    const [a] = await plainProducts(app, { shopId: 1, minStock: 20 });
    await addToCart(unverified, a!.id, 1);
    const mine = await placeShop(unverified, 1);
    await app.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'order_place_account_verify').execute();
    try {
      const res = await post(unverified, '/api/place-order/again', { order_id: mine.id, payment_method: 'cash' });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['account']);
      expect(await orderCount(unverified)).toBe(1);
    } finally {
      await app.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'order_place_account_verify').execute();
    }
  });

  it('replays the first answer for the same Idempotency-Key, and refuses the key with another request', async () => {
    const { c, a, old } = await withOrder(1);
    const key = { 'idempotency-key': `again-${c.id}` };
    const first = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'cash' }, key);
    expect(first.statusCode).toBe(200);
    const stock = await stockOf(app, a.id);
    const replay = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'cash' }, key);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(app, a.id)).toBe(stock);
    const other = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'bank' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/Idempotency-Key/);
    expect(await orderCount(c)).toBe(2);
  });

  it("paid online: answers the gateway's page; without one the order is withdrawn and the cart untouched", async () => {
    const { c, a, old } = await withOrder(1);
    const res = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'thawani' });
    expect(res.statusCode, res.body).toBe(200);
    const body = placedAgain.parse(res.json());
    expect(body.message).toBe('Order placed: please complete the payment.');
    expect(body.data.order_payment_url).toMatch(/checkout_\d+/);
    expect(body.data.order).toMatchObject({ payment_method: 'thawani', payment_status: 'Unpaid' });

    const cart = (await get(c, '/api/carts')).body;
    const stock = await stockOf(app, a.id);
    failing = true;
    try {
      const down = await post(c, '/api/place-order/again', { order_id: old.id, payment_method: 'thawani' });
      expect(down.statusCode).toBe(503);
    } finally {
      failing = false;
    }
    expect(await stockOf(app, a.id)).toBe(stock);
    expect((await get(c, '/api/carts')).body).toBe(cart);
    const latest = (await get(c, '/api/orders?per_page=1')).json().data.orders[0];
    expect(latest.order_status).toBe('Cancelled');
  });

  it('without payment_method (our storefront) puts the items back in the cart, as before', async () => {
    const { c, a, old } = await withOrder(2);
    const before = await orderCount(c);
    for (const body of [{ order_id: old.id }, { order_id: String(old.id), payment_method: '' }]) {
      const res = await post(c, '/api/place-order/again', body);
      expect(res.statusCode, res.body).toBe(200);
      const cart = cartResponseSchema.parse(res.json()).data;
      expect(cart.cart_items.find((s) => s.shop_id === 1)!.products.find((p) => p.id === a.id)).toBeTruthy();
    }
    expect(await orderCount(c)).toBe(before);
  });
});
