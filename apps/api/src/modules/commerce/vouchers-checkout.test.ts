import { checkoutResponseSchema, vouchersResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { percentOf } from './pricing';
import { get, makeCustomer, plainProducts, post } from './test-support';

const app = await createTestApp();
const baisa = (n: number) => Math.round(n * 1000);
const DAY = 86_400_000;

async function addCoupon(
  values: Partial<{
    shop_id: number;
    code: string;
    discount_type: 'Percentage' | 'Amount';
    discount: number;
    min_order_amount: number;
    max_discount_amount: number | null;
    usage_limit: number | null;
    used_count: number;
    starts_at: string | null;
    expires_at: string | null;
  }>,
) {
  const row = await app.db
    .insertInto('coupons')
    .values({
      shop_id: 1,
      code: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      discount_type: 'Percentage',
      discount: 10,
      min_order_amount: 0,
      max_discount_amount: null,
      starts_at: new Date(Date.now() - DAY).toISOString(),
      expires_at: new Date(Date.now() + DAY).toISOString(),
      usage_limit: null,
      used_count: 0,
      is_active: 1,
      created_at: new Date().toISOString(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

const seeded = (code: string) => app.db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

describe('vouchers', () => {
  it('lists the shop vouchers that can be collected now, collects once (then 409) and lists the collected ones', async () => {
    const c = await makeCustomer(app);
    const res = await get(app, '/api/get-vouchers?shop_id=1', c.auth);
    expect(res.statusCode).toBe(200);
    const { coupons } = vouchersResponseSchema.parse(res.json()).data;
    const codes = coupons.map((x) => x.code);
    expect(codes).toContain('NIZWA10');
    expect(codes).not.toContain('NIZWASOON');
    expect(codes).not.toContain('NIZWAFIRST50');
    expect(codes).not.toContain('NIZWAEID');
    expect(coupons.every((x) => x.shop_id === 1 && !x.is_collected)).toBe(true);
    const ten = coupons.find((x) => x.code === 'NIZWA10')!;
    expect(ten).toMatchObject({ discount_type: 'Percentage', discount: 10, min_order_amount: 5, max_discount_amount: 5 });

    expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: ten.id })).json()).toEqual({
      message: 'Voucher collected successfully.',
    });
    const again = await post(app, '/api/vouchers-collect', c.auth, { coupon_id: ten.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already collected/);
    // Still 409 once the voucher is switched off (not 404): what is refused is the second collect.
    await app.db.updateTable('coupons').set({ is_active: 0 }).where('id', '=', ten.id).execute();
    try {
      expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: ten.id })).statusCode).toBe(409);
    } finally {
      await app.db.updateTable('coupons').set({ is_active: 1 }).where('id', '=', ten.id).execute();
    }
    const after = (await get(app, '/api/get-vouchers?shop_id=1', c.auth)).json().data.coupons;
    expect(after.find((x: { id: number }) => x.id === ten.id).is_collected).toBe(true);
    const mine = (await get(app, '/api/get-collected-vouchers?shop_id=1', c.auth)).json().data.coupons;
    expect(mine.map((x: { id: number }) => x.id)).toEqual([ten.id]);
    expect((await get(app, '/api/get-collected-vouchers?shop_id=2', c.auth)).json().data.coupons).toEqual([]);
  });

  it('refuses vouchers that have not started, expired, are used up or unknown, saying which rule', async () => {
    const c = await makeCustomer(app);
    const cases: Array<[string, RegExp]> = [
      ['NIZWASOON', /not started/],
      ['NIZWAEID', /expired/],
      ['NIZWAFIRST50', /used up/],
    ];
    for (const [code, message] of cases) {
      const res = await post(app, '/api/vouchers-collect', c.auth, { coupon_id: (await seeded(code)).id });
      expect({ code, status: res.statusCode }).toEqual({ code, status: 422 });
      expect(res.json().errors.coupon_id[0]).toMatch(message);
    }
    expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: 99_999_999 })).statusCode).toBe(404);
    expect((await post(app, '/api/vouchers-collect', c.auth, {})).statusCode).toBe(422);
    expect((await get(app, '/api/get-vouchers', c.auth)).statusCode).toBe(422);
    expect((await get(app, '/api/get-collected-vouchers', c.auth)).json().data.coupons).toEqual([]);
  });
});

describe('checkout', () => {
  it('answers the selected shops amounts: items, delivery, VAT, and payable as the sum of its parts', async () => {
    const c = await makeCustomer(app);
    const [a, b] = await plainProducts(app, { shopId: 1, minStock: 5 });
    const [d] = await plainProducts(app, { shopId: 2, minStock: 5 });
    await post(app, '/api/cart/store', c.auth, { product_id: a!.id, quantity: 2 });
    await post(app, '/api/cart/store', c.auth, { product_id: b!.id, quantity: 1 });
    await post(app, '/api/cart/store', c.auth, { product_id: d!.id, quantity: 1 });
    const res = await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1] });
    expect(res.statusCode).toBe(200);
    const data = checkoutResponseSchema.parse(res.json()).data;
    const subtotal = a!.list_price * 2 + b!.list_price;
    const shop = await app.db.selectFrom('shops').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const delivery = subtotal >= shop.free_delivery_above ? 0 : shop.delivery_charge;
    const k = data.checkout;
    expect(baisa(k.total_amount)).toBe(subtotal);
    expect(baisa(k.delivery_charge)).toBe(delivery);
    expect(baisa(k.coupon_discount)).toBe(0);
    expect(baisa(k.order_tax_amount)).toBe(percentOf(subtotal, 500));
    expect(k.all_vat_taxes).toEqual([{ id: 1, name: expect.any(String), percentage: 5, amount: k.order_tax_amount }]);
    expect(baisa(k.payable_amount)).toBe(subtotal + delivery + percentOf(subtotal, 500));
    expect(data.apply_coupon).toBe(false);
    expect(data.checkout_items.map((s) => s.shop_id)).toEqual([1]);

    // Both shops: the sums of both.
    const both = checkoutResponseSchema.parse((await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1, 2] })).json()).data;
    expect(both.checkout_items).toHaveLength(2);
    const sum = (f: 'total_amount' | 'payable_amount' | 'delivery_charge') =>
      both.checkout_items.reduce((s, x) => s + baisa(x.amounts[f]), 0);
    expect(baisa(both.checkout.total_amount)).toBe(sum('total_amount'));
    expect(baisa(both.checkout.delivery_charge)).toBe(sum('delivery_charge'));
    expect(baisa(both.checkout.payable_amount)).toBe(sum('payable_amount'));
    const t = both.checkout;
    expect(baisa(t.payable_amount)).toBe(
      baisa(t.total_amount) + baisa(t.delivery_charge) + baisa(t.order_tax_amount) - baisa(t.coupon_discount),
    );

    // A shop not in the cart, a malformed or missing selection (an empty one is zero amounts: the original
    // web client's basket, issue 42 — test/original-client-orders.test.ts).
    for (const shop_ids of [[1, 5], 'x', undefined]) {
      const bad = await post(app, '/api/cart/checkout', c.auth, { shop_ids });
      expect({ shop_ids, status: bad.statusCode }).toEqual({ shop_ids, status: 422 });
    }
  });

  it('applies a collected voucher of a selected shop by itself, and checks a typed code by the same rules', async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 1, minStock: 5 });
    const [d] = await plainProducts(app, { shopId: 2, minStock: 5 });
    await post(app, '/api/cart/store', c.auth, { product_id: a!.id, quantity: 3 });
    await post(app, '/api/cart/store', c.auth, { product_id: d!.id, quantity: 1 });
    const subtotal = a!.list_price * 3;
    const pct = await addCoupon({ shop_id: 1, discount_type: 'Percentage', discount: 15, max_discount_amount: 100_000 });
    const amount = await addCoupon({ shop_id: 1, discount_type: 'Amount', discount: 500 });
    for (const k of [pct, amount])
      expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: k.id })).statusCode).toBe(200);
    const res = checkoutResponseSchema.parse((await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1] })).json()).data;
    const best = Math.max(percentOf(subtotal, 1500), Math.min(500, subtotal));
    expect(res.apply_coupon).toBe(true);
    expect(baisa(res.checkout.coupon_discount)).toBe(best);
    expect(baisa(res.checkout.order_tax_amount)).toBe(percentOf(subtotal - best, 500));
    expect(res.checkout_items[0]!.coupon!.id).toBe(best === 500 ? amount.id : pct.id);

    // Typed codes: each rule says itself.
    const other = await addCoupon({ shop_id: 2 });
    const high = await addCoupon({ shop_id: 1, min_order_amount: subtotal + 1 });
    const soon = await addCoupon({ shop_id: 1, starts_at: new Date(Date.now() + DAY).toISOString() });
    const gone = await addCoupon({ shop_id: 1, expires_at: new Date(Date.now() - 1000).toISOString() });
    const full = await addCoupon({ shop_id: 1, usage_limit: 3, used_count: 3 });
    const cases: Array<[string, RegExp]> = [
      [other.code, /another shop/],
      [high.code, /at least/],
      [soon.code, /not started/],
      [gone.code, /expired/],
      [full.code, /used up/],
      ['NO-SUCH-CODE', /not valid/],
    ];
    for (const [coupon_code, message] of cases) {
      const r = await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1], coupon_code });
      expect({ coupon_code, status: r.statusCode }).toEqual({ coupon_code, status: 422 });
      expect(r.json().errors.coupon_code[0]).toMatch(message);
    }
    // A valid typed code of the selected shop replaces the collected one; the code's case does not matter.
    const typed = await addCoupon({ shop_id: 1, discount_type: 'Amount', discount: 250 });
    const r = checkoutResponseSchema.parse(
      (await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1, 2], coupon_code: typed.code.toLowerCase() })).json(),
    ).data;
    expect(r.checkout_items.find((s) => s.shop_id === 1)!.coupon!.code).toBe(typed.code);
    expect(baisa(r.checkout.coupon_discount)).toBe(250);
  });

  it('places with a typed code that does not apply: refused by the same rule with coupon_strict, else left aside (issue 42)', async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 1, minStock: 20 });
    const typed = await addCoupon({ shop_id: 1, discount_type: 'Amount', discount: 300, usage_limit: 1 });
    const place = (body: object) =>
      post(app, '/api/place-order', c.auth, { shop_ids: [1], address_id: c.addressId, payment_method: 'cash', ...body });
    await post(app, '/api/cart/store', c.auth, { product_id: a!.id, quantity: 1 });
    // The summary applied it; meanwhile its last use is taken by someone else.
    const shown = checkoutResponseSchema.parse(
      (await post(app, '/api/cart/checkout', c.auth, { shop_ids: [1], coupon_code: typed.code })).json(),
    ).data;
    expect(baisa(shown.checkout.coupon_discount)).toBe(300);
    await app.db.updateTable('coupons').set({ used_count: 1 }).where('id', '=', typed.id).execute();
    const other = await addCoupon({ shop_id: 2 });
    const gone = await addCoupon({ shop_id: 1, expires_at: new Date(Date.now() - 1000).toISOString() });
    const cases: Array<[string, RegExp]> = [
      [typed.code, /used up/],
      [other.code, /another shop/],
      [gone.code, /expired/],
      ['NO-SUCH-CODE', /not valid/],
    ];
    for (const [coupon_code, message] of cases) {
      const r = await place({ coupon_code, coupon_strict: true });
      expect({ coupon_code, status: r.statusCode }).toEqual({ coupon_code, status: 422 });
      expect(r.json().errors.coupon_code[0]).toMatch(message);
    }
    expect((await get(app, '/api/orders', c.auth)).json().data.total).toBe(0);
    // Without coupon_strict (the original web client): placed without the code, at the full price.
    const placed = await place({ coupon_code: typed.code });
    expect(placed.statusCode, placed.body).toBe(200);
    const row = await app.db
      .selectFrom('orders')
      .select(['coupon_id', 'coupon_discount'])
      .where('id', '=', placed.json().data.orders[0].id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ coupon_id: null, coupon_discount: 0 });
  });
});
