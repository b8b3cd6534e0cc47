import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { makeCustomer, plainProducts, post, setShopTerms, setStock, stockOf, type TestCustomer } from './test-support';

/**
 * Races (issue 16): requests sent at once through app.inject. On PostgreSQL they run concurrently on
 * the pool's connections; on SQLite the driver runs one transaction at a time.
 */
const app = await createTestApp();
const SHOP = 7;
await setShopTerms(app, SHOP, { min_order_amount: 0 });

const customers = (n: number) => Promise.all(Array.from({ length: n }, () => makeCustomer(app)));
const place = (c: TestCustomer, headers: Record<string, string> = {}) =>
  post(app, '/api/place-order', c.auth, { shop_ids: [SHOP], address_id: c.addressId, payment_method: 'cash' }, headers);
/** Cart lines written straight to the table (the cart calls have their own tests). */
const fillCarts = (list: TestCustomer[], productId: number) => {
  const now = new Date().toISOString();
  return app.db
    .insertInto('cart_items')
    .values(
      list.map((c) => ({
        user_id: c.id,
        product_id: productId,
        shop_id: SHOP,
        color_id: 0,
        size_id: 0,
        quantity: 1,
        is_buy_now: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
};
const ordersOf = async (productId: number) =>
  Number(
    (
      await app.db
        .selectFrom('order_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('races', () => {
  it('100 customers at once buy a product with 10 units: exactly 10 orders, stock 0', async () => {
    const [p] = await plainProducts(app, { shopId: SHOP });
    const list = await customers(100);
    for (const c of list)
      expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 })).statusCode).toBe(200);
    await setStock(app, p!.id, 10);
    const answers = await Promise.all(list.map((c) => place(c)));
    const codes = answers.map((r) => r.statusCode);
    // Said when it fails: every status seen, and the first answer that was neither an order nor a refusal.
    const seen = `${JSON.stringify(Object.fromEntries(codes.map((c) => [c, codes.filter((x) => x === c).length])))} ${
      answers.find((r) => r.statusCode !== 200 && r.statusCode !== 422)?.body ?? ''
    }`;
    expect(
      codes.filter((s) => s === 200),
      seen,
    ).toHaveLength(10);
    expect(
      codes.filter((s) => s === 422),
      seen,
    ).toHaveLength(90);
    expect(await stockOf(app, p!.id)).toBe(0);
    expect(await ordersOf(p!.id)).toBe(10);
  });

  it('one Idempotency-Key sent 10 times at once: one set of orders and 10 identical answers', async () => {
    const [, p] = await plainProducts(app, { shopId: SHOP, minStock: 5 });
    const c = await makeCustomer(app);
    await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 2 });
    const stock = await stockOf(app, p!.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(c, { 'idempotency-key': `race-${c.id}` })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(await stockOf(app, p!.id)).toBe(stock - 2);
    const orders = await app.db.selectFrom('orders').select('id').where('user_id', '=', c.id).execute();
    expect(orders).toHaveLength(1);
  });

  it('50 parallel collects of one voucher by one customer: one collected', async () => {
    const c = await makeCustomer(app);
    const coupon = await app.db.selectFrom('coupons').select('id').where('code', '=', 'MANDOOS10').executeTakeFirstOrThrow();
    const codes = (
      await Promise.all(Array.from({ length: 50 }, () => post(app, '/api/vouchers-collect', c.auth, { coupon_id: coupon.id })))
    ).map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const rows = await app.db.selectFrom('collected_coupons').select('id').where('user_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('a voucher with 5 uses left, placed by 20 customers at once: 5 discounted orders', async () => {
    const [, , p] = await plainProducts(app, { shopId: SHOP });
    await setStock(app, p!.id, 1000);
    const coupon = await app.db
      .insertInto('coupons')
      .values({
        shop_id: SHOP,
        code: 'RACE5',
        discount_type: 'Amount',
        discount: 100,
        min_order_amount: 0,
        max_discount_amount: null,
        starts_at: null,
        expires_at: null,
        usage_limit: 12,
        used_count: 7,
        is_active: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await customers(20);
    await fillCarts(list, p!.id);
    for (const c of list)
      expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: coupon.id })).statusCode).toBe(200);
    const codes = (await Promise.all(list.map((c) => place(c)))).map((r) => r.statusCode);
    expect(codes).toEqual(Array(20).fill(200));
    const orders = await app.db
      .selectFrom('orders')
      .select(['coupon_id', 'coupon_discount', 'payable_amount', 'total_amount', 'delivery_charge', 'tax_amount'])
      .where(
        'user_id',
        'in',
        list.map((c) => c.id),
      )
      .execute();
    expect(orders).toHaveLength(20);
    expect(orders.filter((o) => o.coupon_discount > 0)).toHaveLength(5);
    expect(orders.filter((o) => o.coupon_id === coupon.id)).toHaveLength(5);
    for (const o of orders) expect(o.payable_amount).toBe(o.total_amount + o.delivery_charge + o.tax_amount - o.coupon_discount);
    const after = await app.db.selectFrom('coupons').select('used_count').where('id', '=', coupon.id).executeTakeFirstOrThrow();
    expect(after.used_count).toBe(12);
  });
});
