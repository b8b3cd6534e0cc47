import {
  checkoutResponseSchema,
  sellerFlashSaleResponseSchema,
  sellerFlashSalesResponseSchema,
  sellerVoucherResponseSchema,
  sellerVouchersResponseSchema,
  vouchersResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { makeCustomer, plainProducts, post, sellerAuth } from '../commerce/test-support';

const app = await createTestApp();
const DAY = 86_400_000;
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const SHOP = 2;
const OTHER = 3;
const seller = await sellerAuth(app, SHOP);
const otherSeller = await sellerAuth(app, OTHER);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string>, payload?: unknown) =>
  app.inject({ method, url, headers: { ...auth, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });

let seq = 0;
const valid = (over: Record<string, unknown> = {}) => ({
  code: `save-${++seq}-${process.pid % 1000}`,
  discount_type: 'Percentage',
  discount: 10,
  min_order_amount: 2.5,
  starts_at: iso(-DAY),
  expires_at: iso(10 * DAY),
  is_active: true,
  ...over,
});

async function create(over: Record<string, unknown> = {}, auth = seller) {
  const res = await call('POST', '/api/seller/vouchers', auth, valid(over));
  expect(res.statusCode, res.body).toBe(201);
  return sellerVoucherResponseSchema.parse(res.json()).data.voucher;
}

const auditOf = (targetType: string, targetId: number) =>
  app.db.selectFrom('audit_log').selectAll().where('target_type', '=', targetType).where('target_id', '=', targetId).orderBy('id').execute();

describe('seller vouchers: create and list', () => {
  it('refuses a missing token (401) and a customer token (403)', async () => {
    expect((await call('GET', '/api/seller/vouchers', {})).statusCode).toBe(401);
    const c = await makeCustomer(app);
    expect((await call('GET', '/api/seller/vouchers', c.auth)).statusCode).toBe(403);
    expect((await call('POST', '/api/seller/vouchers', c.auth, valid())).statusCode).toBe(403);
    expect((await call('GET', '/api/seller/flash-sales', c.auth)).statusCode).toBe(403);
  });

  it('creates a voucher (201): code trimmed and in capitals, money as OMR, stored in baisa, audited', async () => {
    const res = await call('POST', '/api/seller/vouchers', seller, {
      ...valid({ code: '  eid-Sale_1  ', discount_type: 'Amount', discount: 1.5, max_discount_amount: null, usage_limit: 10 }),
      per_customer_limit: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = sellerVoucherResponseSchema.parse(res.json()).data.voucher;
    expect(v).toMatchObject({
      code: 'EID-SALE_1',
      discount_type: 'Amount',
      discount: 1.5,
      min_order_amount: 2.5,
      max_discount_amount: null,
      usage_limit: 10,
      per_customer_limit: 2,
      used_count: 0,
      collected_count: 0,
      is_active: true,
      status: 'active',
    });
    const row = await app.db.selectFrom('coupons').selectAll().where('id', '=', v.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ shop_id: SHOP, discount: 1500, min_order_amount: 2500, usage_limit: 10, per_customer_limit: 2 });
    const [entry] = await auditOf('voucher', v.id);
    expect(entry).toMatchObject({ action: 'voucher.create', actor_role: 'seller', shop_id: SHOP });
    expect(JSON.parse(entry!.changes)).toMatchObject({ code: [null, 'EID-SALE_1'], discount: [null, 1.5] });
  });

  it('takes the defaults: no minimum, no cap, unlimited, once per customer, active', async () => {
    const { min_order_amount: _m, is_active: _a, ...body } = valid();
    const res = await call('POST', '/api/seller/vouchers', seller, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.voucher).toMatchObject({
      min_order_amount: 0,
      max_discount_amount: null,
      usage_limit: null,
      per_customer_limit: 1,
      is_active: true,
    });
  });

  it.each([
    ['code', { code: '' }, /required/],
    ['code', { code: 'has space' }, /letters, digits/],
    ['code', { code: 'كود' }, /letters, digits/],
    ['code', { code: 'A'.repeat(33) }, /32/],
    ['code', { code: 'nizwa10' }, /already in use/],
    ['code', { code: 7 }, /string/],
    ['discount_type', { discount_type: 'Free' }, /Percentage or Amount/],
    ['discount', { discount: 0 }, /1 to 100/],
    ['discount', { discount: 101 }, /1 to 100/],
    ['discount', { discount: 12.5 }, /whole number/],
    ['discount', { discount_type: 'Amount', discount: 0 }, /greater than 0/],
    ['discount', { discount_type: 'Amount', discount: 1.2345 }, /3 decimals/],
    ['discount', { discount: -1 }, /at least 0/],
    ['min_order_amount', { min_order_amount: 1e12 }, /greater than/],
    ['max_discount_amount', { max_discount_amount: 0 }, /greater than 0/],
    ['starts_at', { starts_at: 'tomorrow' }, /date and time/],
    ['starts_at', { starts_at: '2026-13-01T00:00:00Z' }, /date and time/],
    ['starts_at', { starts_at: undefined }, /required/],
    ['expires_at', { expires_at: iso(-2 * DAY) }, /after it starts/],
    ['expires_at', { starts_at: iso(-10 * DAY), expires_at: iso(-DAY) }, /future/],
    ['usage_limit', { usage_limit: 0 }, /at least 1/],
    ['usage_limit', { usage_limit: 1.5 }, /integer/],
    ['per_customer_limit', { per_customer_limit: 0 }, /at least 1/],
    ['is_active', { is_active: 'yes' }, /true or false/],
  ])('answers 422 on %s for %j', async (field, over, message) => {
    const res = await call('POST', '/api/seller/vouchers', seller, valid(over));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]?.[0]).toMatch(message);
  });

  it('refuses a code that differs from its own shop voucher only by case (422)', async () => {
    const v = await create();
    const res = await call('POST', '/api/seller/vouchers', seller, valid({ code: v.code.toLowerCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code[0]).toMatch(/already in use/);
  });

  it('lists the shop vouchers only, newest first, paged, each with its status', async () => {
    const now = Date.now();
    await app.db.updateTable('coupons').set({ is_active: 0 }).where('code', '=', 'LUBAN10').execute();
    const res = await call('GET', '/api/seller/vouchers?per_page=100', seller);
    expect(res.statusCode).toBe(200);
    const data = sellerVouchersResponseSchema.parse(res.json()).data;
    const shopCodes = await app.db.selectFrom('coupons').select('code').where('shop_id', '=', SHOP).execute();
    expect(data.total).toBe(shopCodes.length);
    expect(data.vouchers.map((v) => v.code).sort()).toEqual(shopCodes.map((c) => c.code).sort());
    const by = (code: string) => data.vouchers.find((v) => v.code === code)!;
    expect(by('LUBANSOON').status).toBe('scheduled');
    expect(by('LUBANFIRST50').status).toBe('used_up');
    expect(by('LUBAN10').status).toBe('inactive');
    expect(by('LUBAN2OFF').status).toBe(Date.parse(by('LUBAN2OFF').expires_at!) > now ? 'active' : 'expired');
    const created = data.vouchers.map((v) => v.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const page2 = sellerVouchersResponseSchema.parse((await call('GET', '/api/seller/vouchers?per_page=2&page=2', seller)).json()).data;
    expect(page2.total).toBe(data.total);
    expect(page2.vouchers.map((v) => v.id)).toEqual(data.vouchers.slice(2, 4).map((v) => v.id));
    // An expired one.
    const old = await create();
    await app.db.updateTable('coupons').set({ starts_at: iso(-3 * DAY), expires_at: iso(-DAY) }).where('id', '=', old.id).execute();
    expect((await call('GET', `/api/seller/vouchers/${old.id}`, seller)).json().data.voucher.status).toBe('expired');
    await app.db.updateTable('coupons').set({ is_active: 1 }).where('code', '=', 'LUBAN10').execute();
  });

  it('a new active voucher is at once in /get-vouchers, collected, and used at checkout', async () => {
    const v = await create({ discount_type: 'Amount', discount: 0.5, min_order_amount: 0 });
    const c = await makeCustomer(app);
    const listed = vouchersResponseSchema.parse((await call('GET', `/api/get-vouchers?shop_id=${SHOP}`, c.auth)).json()).data.coupons;
    expect(listed.find((x) => x.id === v.id)).toMatchObject({ code: v.code, discount_type: 'Amount', discount: 0.5 });
    expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: v.id })).statusCode).toBe(200);
    const [p] = await plainProducts(app, { shopId: SHOP, minStock: 2 });
    await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 });
    const typed = checkoutResponseSchema.parse((await post(app, '/api/cart/checkout', c.auth, { shop_ids: [SHOP], coupon_code: v.code.toLowerCase() })).json()).data;
    expect(typed.checkout_items[0]!.coupon).toMatchObject({ id: v.id, code: v.code });
    expect(typed.checkout.coupon_discount).toBe(0.5);

    // Switched off: gone from the list, the collection and the checkout.
    expect((await call('PUT', `/api/seller/vouchers/${v.id}`, seller, { is_active: false })).statusCode).toBe(200);
    const after = (await call('GET', `/api/get-vouchers?shop_id=${SHOP}`, c.auth)).json().data.coupons;
    expect(after.some((x: { id: number }) => x.id === v.id)).toBe(false);
    const mine = (await call('GET', `/api/get-collected-vouchers?shop_id=${SHOP}`, c.auth)).json().data.coupons;
    expect(mine.some((x: { id: number }) => x.id === v.id)).toBe(false);
    const auto = checkoutResponseSchema.parse((await post(app, '/api/cart/checkout', c.auth, { shop_ids: [SHOP] })).json()).data;
    expect(auto.checkout_items[0]!.coupon?.id).not.toBe(v.id);
    const refused = await post(app, '/api/cart/checkout', c.auth, { shop_ids: [SHOP], coupon_code: v.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.coupon_code[0]).toMatch(/not available/);
  });
});

describe('seller vouchers: update and delete', () => {
  it('changes only the fields sent, audits the change, and an empty body changes nothing', async () => {
    const v = await create({ max_discount_amount: 3, usage_limit: 50 });
    const res = await call('PUT', `/api/seller/vouchers/${v.id}`, seller, { discount: 25, usage_limit: null });
    expect(res.statusCode, res.body).toBe(200);
    const after = sellerVoucherResponseSchema.parse(res.json()).data.voucher;
    expect(after).toEqual({ ...v, discount: 25, usage_limit: null });
    const entries = await auditOf('voucher', v.id);
    expect(entries.map((e) => e.action)).toEqual(['voucher.create', 'voucher.update']);
    expect(JSON.parse(entries[1]!.changes)).toEqual({ discount: [10, 25], usage_limit: [50, null] });

    const same = await call('PUT', `/api/seller/vouchers/${v.id}`, seller, {});
    expect(same.statusCode).toBe(200);
    expect(same.json().data.voucher).toEqual(after);
    expect(await auditOf('voucher', v.id)).toHaveLength(2);
  });

  it('keeps its own code (any case) and checks the rules on the voucher as it would be', async () => {
    const v = await create();
    expect((await call('PUT', `/api/seller/vouchers/${v.id}`, seller, { code: v.code.toLowerCase() })).statusCode).toBe(200);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ code: 'LUBAN10' }, 'code', /already in use/],
      [{ code: 'NIZWA10' }, 'code', /already in use/],
      [{ discount_type: 'Amount' }, 'discount', /required when the discount type changes/],
      [{ discount: 150 }, 'discount', /1 to 100/],
      [{ expires_at: v.starts_at }, 'expires_at', /after it starts/],
      [{ starts_at: iso(20 * DAY) }, 'expires_at', /after it starts/],
      [{ code: null }, 'code', /string/],
      [{ discount_type: null }, 'discount_type', /Percentage or Amount/],
      [{ starts_at: null }, 'starts_at', /required/],
      [{ is_active: null }, 'is_active', /true or false/],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', `/api/seller/vouchers/${v.id}`, seller, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]?.[0], JSON.stringify(body)).toMatch(message);
    }
    const amount = await call('PUT', `/api/seller/vouchers/${v.id}`, seller, { discount_type: 'Amount', discount: 2.25 });
    expect(amount.json().data.voucher).toMatchObject({ discount_type: 'Amount', discount: 2.25 });
    const used = await app.db.selectFrom('coupons').select(['id', 'used_count']).where('code', '=', 'LUBAN10').executeTakeFirstOrThrow();
    const low = await call('PUT', `/api/seller/vouchers/${used.id}`, seller, { usage_limit: Math.max(1, used.used_count - 1) });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.usage_limit[0]).toMatch(/already made/);
  });

  it("answers 404 for another shop's voucher and for an id that is none, and changes nothing", async () => {
    const theirs = await create({}, otherSeller);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { is_active: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/seller/vouchers/${theirs.id}`, seller, payload);
      expect(res.statusCode, method).toBe(404);
    }
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) expect((await call('GET', `/api/seller/vouchers/${id}`, seller)).statusCode).toBe(404);
    expect((await call('GET', `/api/seller/vouchers/${theirs.id}`, otherSeller)).json().data.voucher).toEqual(theirs);
  });

  it('deletes a voucher nobody collected or used (204), audited', async () => {
    const v = await create();
    const res = await call('DELETE', `/api/seller/vouchers/${v.id}`, seller);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await app.db.selectFrom('coupons').select('id').where('id', '=', v.id).executeTakeFirst()).toBeUndefined();
    const entries = await auditOf('voucher', v.id);
    expect(entries.map((e) => e.action)).toEqual(['voucher.create', 'voucher.delete']);
    expect(JSON.parse(entries[1]!.changes).code).toEqual([v.code, null]);
    expect((await call('DELETE', `/api/seller/vouchers/${v.id}`, seller)).statusCode).toBe(404);
  });

  it('switches off a collected or used voucher instead of deleting it (200 {voucher}), once audited', async () => {
    const v = await create();
    const c = await makeCustomer(app);
    expect((await post(app, '/api/vouchers-collect', c.auth, { coupon_id: v.id })).statusCode).toBe(200);
    const res = await call('DELETE', `/api/seller/vouchers/${v.id}`, seller);
    expect(res.statusCode).toBe(200);
    const kept = sellerVoucherResponseSchema.parse(res.json()).data.voucher;
    expect(kept).toMatchObject({ id: v.id, is_active: false, status: 'inactive', collected_count: 1 });
    expect(res.json().message).toMatch(/switched off/);
    expect(await app.db.selectFrom('collected_coupons').select('id').where('coupon_id', '=', v.id).executeTakeFirst()).toBeDefined();
    // Again: the same answer, nothing more in the log.
    expect((await call('DELETE', `/api/seller/vouchers/${v.id}`, seller)).statusCode).toBe(200);
    const entries = await auditOf('voucher', v.id);
    expect(entries.map((e) => e.action)).toEqual(['voucher.create', 'voucher.deactivate']);
    expect(JSON.parse(entries[1]!.changes)).toEqual({ is_active: [true, false] });

    const seeded = await app.db.selectFrom('coupons').select(['id', 'used_count']).where('code', '=', 'LUBAN2OFF').executeTakeFirstOrThrow();
    await app.db.updateTable('coupons').set({ used_count: Math.max(1, seeded.used_count) }).where('id', '=', seeded.id).execute();
    const used = await call('DELETE', `/api/seller/vouchers/${seeded.id}`, seller);
    expect(used.statusCode).toBe(200);
    expect(used.json().data.voucher.is_active).toBe(false);
  });
});

describe('seller flash sales', () => {
  const sales = async (auth = seller, lang = 'en') =>
    sellerFlashSalesResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/seller/flash-sales', headers: { ...auth, 'accept-language': lang } })).json(),
    ).data.flash_sales;

  it('lists the running and upcoming sales with only the shop products in each', async () => {
    const list = await sales();
    expect(list.map((s) => [s.id, s.status])).toEqual([
      [1, 'running'],
      [2, 'upcoming'],
    ]);
    expect(list[0]!.name).toBe('Weekend Flash Sale');
    expect((await sales(seller, 'ar'))[1]!.name).toBe('تخفيضات العيد الوطني');
    const inSales = await app.db
      .selectFrom('flash_sale_products as fsp')
      .innerJoin('products as p', 'p.id', 'fsp.product_id')
      .select(['fsp.flash_sale_id', 'p.id', 'fsp.price'])
      .where('p.shop_id', '=', SHOP)
      .execute();
    for (const s of list) {
      const mine = inSales.filter((r) => r.flash_sale_id === s.id);
      expect(s.products.map((p) => p.id).sort()).toEqual(mine.map((r) => r.id).sort());
      for (const p of s.products) expect(p.sale_price).toBeLessThan(p.price);
    }
    // An ended and a switched-off sale are not listed.
    await app.db
      .insertInto('flash_sales')
      .values([
        { name: 'Ended', start_at: iso(-3 * DAY), end_at: iso(-DAY), is_active: 1 },
        { name: 'Off', start_at: iso(-DAY), end_at: iso(DAY), is_active: 0 },
      ])
      .execute();
    expect((await sales()).map((s) => s.id)).toEqual([1, 2]);
  });

  it('joins a running sale below the own price; the storefront shows the sale price at once; audited', async () => {
    const [p] = await plainProducts(app, { shopId: SHOP });
    const own = p!.list_price / 1000;
    const price = Math.round(own * 0.5 * 1000) / 1000;
    const res = await call('POST', '/api/seller/flash-sales/1/products', seller, { product_id: p!.id, price });
    expect(res.statusCode, res.body).toBe(200);
    const sale = sellerFlashSaleResponseSchema.parse(res.json()).data.flash_sale;
    expect(sale.products.find((x) => x.id === p!.id)).toMatchObject({ price: own, sale_price: price });

    const details = (await app.inject({ method: 'GET', url: `/api/product-details?product_id=${p!.id}`, headers: { 'accept-language': 'en' } })).json()
      .data.product;
    expect(details.discount_price).toBe(price);
    expect(details.flash_sale).toMatchObject({ id: 1 });
    const listed = (await app.inject({ method: 'GET', url: '/api/flash-sale/1/details?per_page=100' })).json().data;
    expect(listed.products.find((x: { id: number }) => x.id === p!.id)?.discount_price).toBe(price);

    const [entry] = await auditOf('flash_sale', 1);
    expect(entry).toMatchObject({ action: 'flash_sale.join', shop_id: SHOP });
    expect(JSON.parse(entry!.changes)).toEqual({ product_id: [null, p!.id], [`price.${p!.id}`]: [null, price] });

    // While it runs the price may go down, not up; and the product cannot leave.
    const up = await call('POST', '/api/seller/flash-sales/1/products', seller, { product_id: p!.id, price: price + 0.1 });
    expect(up.statusCode).toBe(422);
    expect(up.json().errors.price[0]).toMatch(/only be lowered/);
    const down = await call('POST', '/api/seller/flash-sales/1/products', seller, { product_id: p!.id, price: price - 0.1 });
    expect(down.statusCode).toBe(200);
    const leave = await call('DELETE', `/api/seller/flash-sales/1/products/${p!.id}`, seller);
    expect(leave.statusCode).toBe(422);
    expect(leave.json().message).toMatch(/before the sale starts/);
  });

  it('joins an upcoming sale, changes its price, and leaves it before it starts (204), audited', async () => {
    const [, p] = await plainProducts(app, { shopId: SHOP });
    const own = p!.list_price / 1000;
    expect((await call('POST', '/api/seller/flash-sales/2/products', seller, { product_id: p!.id, price: own - 0.5 })).statusCode).toBe(200);
    const again = await call('POST', '/api/seller/flash-sales/2/products', seller, { product_id: p!.id, price: own - 0.2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.flash_sale.products.find((x: { id: number }) => x.id === p!.id).sale_price).toBe(Math.round((own - 0.2) * 1000) / 1000);
    const leave = await call('DELETE', `/api/seller/flash-sales/2/products/${p!.id}`, seller);
    expect(leave.statusCode).toBe(204);
    expect((await sales()).find((s) => s.id === 2)!.products.some((x) => x.id === p!.id)).toBe(false);
    const actions = (await auditOf('flash_sale', 2)).filter((e) => e.shop_id === SHOP).map((e) => e.action);
    expect(actions).toEqual(['flash_sale.join', 'flash_sale.update_price', 'flash_sale.leave']);
    expect((await call('DELETE', `/api/seller/flash-sales/2/products/${p!.id}`, seller)).statusCode).toBe(404);
  });

  it('refuses a price not below the own price (422), another shop or archived product (404), a sale that ended or is none (404)', async () => {
    const [p, q] = await plainProducts(app, { shopId: SHOP });
    const own = p!.list_price / 1000;
    for (const price of [own, own + 1]) {
      const res = await call('POST', '/api/seller/flash-sales/2/products', seller, { product_id: p!.id, price });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.price[0]).toMatch(/below the product's own price/);
    }
    for (const [body, field] of [
      [{ product_id: p!.id }, 'price'],
      [{ product_id: p!.id, price: 0 }, 'price'],
      [{ product_id: p!.id, price: 1.0001 }, 'price'],
      [{ price: 1 }, 'product_id'],
      [{ product_id: 'x', price: 1 }, 'product_id'],
    ] as const) {
      const res = await call('POST', '/api/seller/flash-sales/2/products', seller, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toBeDefined();
    }
    const [theirs] = await plainProducts(app, { shopId: OTHER });
    expect((await call('POST', '/api/seller/flash-sales/2/products', seller, { product_id: theirs!.id, price: 0.1 })).statusCode).toBe(404);
    await app.db.updateTable('products').set({ archived_at: iso(0), is_active: 0 }).where('id', '=', q!.id).execute();
    expect((await call('POST', '/api/seller/flash-sales/2/products', seller, { product_id: q!.id, price: 0.1 })).statusCode).toBe(404);
    const ended = await app.db
      .insertInto('flash_sales')
      .values({ name: 'Past', start_at: iso(-5 * DAY), end_at: iso(-4 * DAY), is_active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('POST', `/api/seller/flash-sales/${ended.id}/products`, seller, { product_id: p!.id, price: 0.1 })).statusCode).toBe(404);
    expect((await call('POST', '/api/seller/flash-sales/99999/products', seller, { product_id: p!.id, price: 0.1 })).statusCode).toBe(404);
    expect((await call('POST', '/api/seller/flash-sales/abc/products', seller, { product_id: p!.id, price: 0.1 })).statusCode).toBe(404);
    // Another shop's product in a sale cannot be taken out by this seller.
    const theirsInSale = await app.db
      .selectFrom('flash_sale_products as fsp')
      .innerJoin('products as p', 'p.id', 'fsp.product_id')
      .select('p.id')
      .where('fsp.flash_sale_id', '=', 2)
      .where('p.shop_id', '!=', SHOP)
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/seller/flash-sales/2/products/${theirsInSale.id}`, seller)).statusCode).toBe(404);
    expect(await app.db.selectFrom('flash_sale_products').select('id').where('product_id', '=', theirsInSale.id).executeTakeFirst()).toBeDefined();
  });
});
