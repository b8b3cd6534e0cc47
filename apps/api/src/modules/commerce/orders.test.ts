import { customerOrderResponseSchema, ordersResponseSchema, placeOrderResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { DEMO_SELLERS } from '../../../seed';
import { get, makeCustomer, plainProducts, post, stockOf, type TestCustomer, sellerAuth as sellerAuthOf } from './test-support';

const app = await createTestApp();
const baisa = (n: number) => Math.round(n * 1000);

const sellerAuth = (shopId: number) => sellerAuthOf(app, shopId);

/** A cart with products of shops 1 and 2; answers them. */
async function fill(c: TestCustomer, quantity = 2) {
  const [a] = await plainProducts(app, { shopId: 1, minStock: 20 });
  const [d] = await plainProducts(app, { shopId: 2, minStock: 20 });
  for (const p of [a, d])
    expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity })).statusCode).toBe(200);
  return { a: a!, d: d! };
}

const place = (c: TestCustomer, body: object = {}, headers: Record<string, string> = {}) =>
  post(app, '/api/place-order', c.auth, { shop_ids: [1, 2], address_id: c.addressId, payment_method: 'cash', ...body }, headers);

describe('placing orders', () => {
  it('places one order per shop with server prices, takes the stock, copies the address and empties those shops', async () => {
    const c = await makeCustomer(app);
    const { a, d } = await fill(c);
    const [stockA, stockD] = [await stockOf(app, a.id), await stockOf(app, d.id)];
    const check = (await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1, 2] })).json().data;
    const res = await place(c, { note: 'Ring the bell', price: 0.001, total_amount: 0.001 });
    expect(res.statusCode).toBe(200);
    const data = placeOrderResponseSchema.parse(res.json()).data;
    expect(data.order_payment_url).toBeNull();
    expect(data.orders).toHaveLength(2);
    expect(data.orders.map((o) => o.order_status)).toEqual(['Pending', 'Pending']);
    expect(data.orders.every((o) => /^SQ[A-Z2-9]{8}$/.test(o.order_code))).toBe(true);
    expect(data.orders[0]!.address).toMatchObject({ address_line: 'Way 3015, Muscat', area: 'Al Khuwair' });
    expect(data.orders[0]!.placed_at).toMatch(/^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2} (AM|PM)$/);
    // The orders' amounts are the checkout's.
    expect(data.orders.reduce((s, o) => s + baisa(o.amount), 0)).toBe(baisa(check.checkout.payable_amount));
    expect(await stockOf(app, a.id)).toBe(stockA - 2);
    expect(await stockOf(app, d.id)).toBe(stockD - 2);
    expect((await get(app, '/api/carts', c.auth)).json().data.total).toBe(0);

    const detail = customerOrderResponseSchema.parse(
      (await get(app, `/api/order-details?order_id=${data.orders[0]!.id}`, c.auth)).json(),
    ).data.order;
    expect(detail.products).toHaveLength(1);
    expect(detail.products[0]).toMatchObject({ product_id: a.id, quantity: 2, unit_price: a.list_price / 1000 });
    expect(baisa(detail.payable_amount)).toBe(
      baisa(detail.total_amount) + baisa(detail.delivery_charge) + baisa(detail.order_tax_amount) - baisa(detail.coupon_discount),
    );
    expect(detail.taxes).toEqual([{ id: 1, name: 'ضريبة القيمة المضافة', percentage: 5, amount: detail.order_tax_amount }]);
    expect(detail.note).toBe('Ring the bell');
    expect(detail.status_history.map((h) => h.status)).toEqual(['Pending']);
    expect(detail.can_cancel).toBe(true);

    // Another customer's order is not found.
    const other = await makeCustomer(app);
    expect((await get(app, `/api/order-details?order_id=${data.orders[0]!.id}`, other.auth)).statusCode).toBe(404);
    expect((await post(app, '/api/orders/cancel', other.auth, { order_id: data.orders[0]!.id })).statusCode).toBe(404);
  });

  it('refuses with 4xx and changes nothing: a shop not in the cart, another customer address, a bad payment method, stock gone', async () => {
    const c = await makeCustomer(app);
    const other = await makeCustomer(app);
    const { a } = await fill(c);
    const stockA = await stockOf(app, a.id);
    const cart = (await get(app, '/api/carts', c.auth)).body;
    const cases: Array<[object, string]> = [
      [{ shop_ids: [1, 7] }, 'shop_ids'],
      [{ address_id: other.addressId }, 'address_id'],
      [{ address_id: 99_999_999 }, 'address_id'],
      [{ payment_method: 'bitcoin' }, 'payment_method'],
      [{ payment_method: 'thawani' }, 'payment_method'],
      [{ payment_method: '' }, 'payment_method'],
      // Names a plain object inherits (issue 41, finding 4: a lookup found Object's own keys, and answered 500).
      [{ payment_method: 'constructor' }, 'payment_method'],
      [{ payment_method: '__proto__' }, 'payment_method'],
      [{ payment_method: 'toString' }, 'payment_method'],
      [{ payment_method: 'hasOwnProperty' }, 'payment_method'],
      [{ shop_ids: 'nope' }, 'shop_ids'],
      [{ coupon_code: 'NOPE' }, 'coupon_code'],
    ];
    // As our storefront places (an Idempotency-Key and coupon_strict, which keeps refusing a code that does
    // not apply; without it, as the original web client places, such a code is ignored: issue 42).
    for (const [body, field] of cases) {
      const res = await place(
        c,
        { coupon_strict: true, ...body },
        { 'idempotency-key': `refuse-${c.id}-${JSON.stringify(body)}` },
      );
      expect({ body, status: res.statusCode }).toEqual({ body, status: 422 });
      expect(res.json().errors[field]).toBeTruthy();
    }
    for (const coupon_strict of ['maybe', null, 2]) {
      const res = await place(c, { coupon_strict });
      expect({ coupon_strict, status: res.statusCode }).toEqual({ coupon_strict, status: 422 });
      expect(Object.keys(res.json().errors)).toEqual(['coupon_strict']);
    }
    await app.db.updateTable('products').set({ quantity: 1 }).where('id', '=', a.id).execute();
    const short = await place(c);
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toMatch(/Your cart has changed/);
    await app.db.updateTable('products').set({ quantity: stockA }).where('id', '=', a.id).execute();
    expect((await get(app, '/api/carts', c.auth)).body).toBe(cart);
    expect(await stockOf(app, a.id)).toBe(stockA);
    expect((await get(app, '/api/orders', c.auth)).json().data.total).toBe(0);
  });

  it('replays the first answer for the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const c = await makeCustomer(app);
    const { a } = await fill(c, 1);
    const key = { 'idempotency-key': `k-${c.id}` };
    const first = await place(c, {}, key);
    expect(first.statusCode).toBe(200);
    const stock = await stockOf(app, a.id);
    const again = await place(c, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stockOf(app, a.id)).toBe(stock);
    const changed = await place(c, { note: 'other' }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toMatch(/Idempotency-Key/);
    expect((await place(c, {}, { 'idempotency-key': 'x'.repeat(300) })).statusCode).toBe(422);
    expect((await get(app, '/api/orders', c.auth)).json().data.total).toBe(2);
  });

  it('places a buy-now order by bank transfer, leaving the cart alone; an expired key starts afresh', async () => {
    const c = await makeCustomer(app);
    const { a, d } = await fill(c, 1);
    await post(app, '/api/cart/store', c.auth, { product_id: d.id, quantity: 2, is_buy_now: true });
    const body = { shop_ids: [2], payment_method: 'bank', is_buy_now: true };
    const key = { 'idempotency-key': `bn-${c.id}` };
    const res = await place(c, body, key);
    expect(res.statusCode).toBe(200);
    const [order] = placeOrderResponseSchema.parse(res.json()).data.orders;
    expect(order).toMatchObject({ shop_id: 2, quantity: 2, payment_method: 'bank', payment_status: 'Unpaid' });
    expect((await get(app, '/api/carts?is_buy_now=1', c.auth)).json().data.total).toBe(0);
    const cart = (await get(app, '/api/carts', c.auth)).json().data;
    expect(cart.total).toBe(2);
    expect(cart.cart_items.map((s: { shop_id: number }) => s.shop_id)).toEqual([1, 2]);
    // Nothing left to buy now: the shop is not in the buy-now line any more.
    expect((await place(c, body, { 'idempotency-key': `bn2-${c.id}` })).statusCode).toBe(422);
    // After 24 hours the key is free again: another request under it runs.
    await app.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('user_id', '=', c.id)
      .execute();
    const fresh = await place(c, { shop_ids: [1] }, key);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.orders[0].shop_id).toBe(1);
    // A key left pending by a request that died (its process stopped) is taken over after two minutes.
    await app.db
      .insertInto('idempotency_keys')
      .values({
        user_id: c.id,
        idem_key: 'dead',
        request_hash: 'x',
        status: 'pending',
        created_at: new Date(Date.now() - 3 * 60_000).toISOString(),
      })
      .execute();
    await post(app, '/api/cart/store', c.auth, { product_id: d.id, quantity: 1 });
    expect((await place(c, { shop_ids: [2] }, { 'idempotency-key': 'dead' })).statusCode).toBe(200);
    expect(a.id).toBeGreaterThan(0);
  });

  it('with order_place_account_verify on, refuses an unverified account with 422 and sends it a code', async () => {
    const c = await makeCustomer(app, { verified: false });
    await fill(c, 1);
    await app.db.updateTable('settings').set({ value: 'true' }).where('key', '=', 'order_place_account_verify').execute();
    try {
      const res = await place(c);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.account[0]).toMatch(/verify your account/);
      const codes = await app.db.selectFrom('one_time_codes').select('id').where('user_id', '=', c.id).execute();
      expect(codes).toHaveLength(1);
      await app.db.updateTable('users').set({ phone_verified_at: new Date().toISOString() }).where('id', '=', c.id).execute();
      expect((await place(c)).statusCode).toBe(200);
    } finally {
      await app.db.updateTable('settings').set({ value: 'false' }).where('key', '=', 'order_place_account_verify').execute();
    }
  });
});

describe('orders after placing', () => {
  it('lists with status counts and a filter, cancels a pending order (stock and voucher back) and orders again', async () => {
    const c = await makeCustomer(app);
    const { a, d } = await fill(c, 3);
    const coupon = await app.db
      .insertInto('coupons')
      .values({
        shop_id: 1,
        code: `ONCE${c.id}`,
        discount_type: 'Amount',
        discount: 300,
        min_order_amount: 0,
        max_discount_amount: null,
        starts_at: null,
        expires_at: null,
        usage_limit: 10,
        used_count: 0,
        is_active: 1,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: coupon.id })).statusCode).toBe(200);
    const [stockA, stockD] = [await stockOf(app, a.id), await stockOf(app, d.id)];
    const placed = placeOrderResponseSchema.parse((await place(c)).json()).data.orders;
    const shop1 = placed.find((o) => o.shop_id === 1)!;
    const usedCount = async () =>
      (await app.db.selectFrom('coupons').select('used_count').where('id', '=', coupon.id).executeTakeFirstOrThrow()).used_count;
    expect(await usedCount()).toBe(1);
    const d1 = (await get(app, `/api/order-details?order_id=${shop1.id}`, c.auth)).json().data.order;
    expect(d1.coupon).toEqual({ code: coupon.code, discount: 0.3 });

    // Used once: the same customer cannot use it again (typed, collected or collecting anew).
    await post(app, '/api/cart/store', c.auth, { product_id: a.id, quantity: 1 });
    const typed = await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1], coupon_code: coupon.code });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors.coupon_code[0]).toMatch(/already used/);
    expect((await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1] })).json().data.apply_coupon).toBe(false);
    await post(app, '/api/cart/delete', c.auth, { product_id: a.id });

    const list = ordersResponseSchema.parse((await get(app, '/api/orders?page=1&per_page=1', c.auth)).json()).data;
    expect(list.total).toBe(2);
    expect(list.orders).toHaveLength(1);
    expect(list.status_wise_orders).toEqual({
      all: 2,
      pending: 2,
      confirm: 0,
      processing: 0,
      pickup: 0,
      on_the_way: 0,
      delivered: 0,
      cancelled: 0,
    });

    const cancel = await post(app, '/api/orders/cancel', c.auth, { order_id: shop1.id });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.order.order_status).toBe('Cancelled');
    expect(cancel.json().data.order.status_history.map((h: { status: string }) => h.status)).toEqual(['Pending', 'Cancelled']);
    expect(await stockOf(app, a.id)).toBe(stockA);
    // The voucher use came back: the customer may use it again.
    expect(await usedCount()).toBe(0);
    await post(app, '/api/cart/store', c.auth, { product_id: a.id, quantity: 1 });
    expect((await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1] })).json().data.apply_coupon).toBe(true);
    await post(app, '/api/cart/delete', c.auth, { product_id: a.id });
    expect((await post(app, '/api/orders/cancel', c.auth, { order_id: shop1.id })).statusCode).toBe(422);
    const cancelled = (await get(app, '/api/orders?order_status=cancelled', c.auth)).json().data;
    expect(cancelled.total).toBe(1);
    expect(cancelled.orders[0].id).toBe(shop1.id);
    expect((await get(app, '/api/orders?order_status=Cancelled', c.auth)).json().data.total).toBe(1);
    expect((await get(app, '/api/orders?order_status=lost', c.auth)).statusCode).toBe(422);
    // `all`, the key of the counts' total, lists every status.
    const all = (await get(app, '/api/orders?order_status=all', c.auth)).json().data;
    expect(all.total).toBe(all.status_wise_orders.all);
    expect(all.total).toBeGreaterThan(cancelled.total);

    // Order again: back in the cart; an item that cannot be bought is named.
    await app.db.updateTable('products').set({ quantity: 0 }).where('id', '=', d.id).execute();
    const shop2 = placed.find((o) => o.shop_id === 2)!;
    const again = await post(app, '/api/place-order/again', c.auth, { order_id: shop1.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.cart_items[0].products[0]).toMatchObject({ id: a.id, quantity: 3 });
    const none = await post(app, '/api/place-order/again', c.auth, { order_id: shop2.id });
    expect(none.json().data.info).toMatch(/out of stock/);
    expect(none.json().data.total).toBe(1);
    await app.db.updateTable('products').set({ quantity: stockD }).where('id', '=', d.id).execute();
  });

  it('lets the seller see only their shop orders and move them along the chain; the customer sees each step', async () => {
    const c = await makeCustomer(app);
    const { a } = await fill(c, 1);
    const placed = placeOrderResponseSchema.parse((await place(c)).json()).data.orders;
    const order = placed.find((o) => o.shop_id === 1)!;
    const seller = await sellerAuth(1);
    const otherSeller = await sellerAuth(2);
    expect(DEMO_SELLERS[0]!.shop_id).toBe(1);

    const list = ordersResponseSchema.parse((await get(app, '/api/seller/orders', seller)).json()).data;
    expect(list.orders.some((o) => o.id === order.id)).toBe(true);
    expect(list.orders.every((o) => o.shop_id === 1)).toBe(true);
    expect((await get(app, `/api/seller/orders/${order.id}`, otherSeller)).statusCode).toBe(404);
    expect((await post(app, `/api/seller/orders/${order.id}/status`, otherSeller, { order_status: 'Confirm' })).statusCode).toBe(
      404,
    );
    expect((await get(app, `/api/seller/orders/abc`, seller)).statusCode).toBe(404);
    expect((await get(app, `/api/seller/orders/${order.id}`, seller)).json().data.order.customer.id).toBe(c.id);

    // Skipping a step is refused; each next step is taken.
    expect((await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: 'Processing' })).statusCode).toBe(
      422,
    );
    for (const status of ['Confirm', 'Processing', 'Pickup']) {
      const res = await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: status });
      expect({ status, code: res.statusCode }).toEqual({ status, code: 200 });
    }
    // After Pickup: no cancelling, by the seller or the customer.
    const late = await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: 'Cancelled' });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/before it is picked up/);
    expect((await post(app, '/api/orders/cancel', c.auth, { order_id: order.id })).statusCode).toBe(422);
    for (const status of ['on_the_way', 'Delivered']) {
      expect((await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: status })).statusCode).toBe(200);
    }
    expect((await post(app, `/api/seller/orders/${order.id}/status`, seller, { order_status: 'Delivered' })).statusCode).toBe(
      422,
    );
    const seen = (await get(app, `/api/order-details?order_id=${order.id}`, c.auth)).json().data.order;
    expect(seen.order_status).toBe('Delivered');
    expect(seen.payment_state).toBe('Paid');
    expect(seen.status_history.map((h: { status: string }) => h.status)).toEqual([
      'Pending',
      'Confirm',
      'Processing',
      'Pickup',
      'On The Way',
      'Delivered',
    ]);
    expect((await get(app, '/api/orders?order_status=delivered', c.auth)).json().data.status_wise_orders.delivered).toBe(1);

    // A seller cancels the other order before Pickup: stock comes back.
    const o2 = placed.find((o) => o.shop_id === 2)!;
    const seller2 = await sellerAuth(2);
    const before = await app.db
      .selectFrom('order_items')
      .select(['product_id', 'quantity'])
      .where('order_id', '=', o2.id)
      .executeTakeFirstOrThrow();
    const stock = await stockOf(app, before.product_id!);
    expect((await post(app, `/api/seller/orders/${o2.id}/status`, seller2, { order_status: 'Confirm' })).statusCode).toBe(200);
    expect((await post(app, `/api/seller/orders/${o2.id}/status`, seller2, { order_status: 'Cancelled' })).statusCode).toBe(200);
    expect(await stockOf(app, before.product_id!)).toBe(stock + before.quantity);
    expect(a.id).toBeGreaterThan(0);
  });
});
