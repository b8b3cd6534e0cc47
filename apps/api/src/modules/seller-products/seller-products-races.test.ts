import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { makeCustomer, post, sellerAuth, setShopTerms, stockOf, type TestCustomer } from '../commerce/test-support';

/**
 * A seller's writes racing each other and the orders (BACKOFFICE.md "Seller centre", decision 037):
 * no lost update with If-Match, stock never below zero. On PostgreSQL the requests run at once on the
 * pool's connections; on SQLite one transaction at a time.
 */
const app = await createTestApp();
const SHOP = 6;
await setShopTerms(app, SHOP, { min_order_amount: 0 });
const seller = await sellerAuth(app, SHOP);
const category = await app.db.selectFrom('categories').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();

const put = (id: number, body: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: `/api/seller/products/${id}`, headers: { ...seller, ...headers }, payload: body });
const etagOf = async (id: number) => (await app.inject({ url: `/api/seller/products/${id}`, headers: seller })).headers.etag as string;

async function product(quantity: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/seller/products',
    headers: seller,
    payload: { name: 'Race Lantern', name_ar: 'فانوس السباق', category_id: category.id, price: 2, quantity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product.id as number;
}

const customers = (n: number) => Promise.all(Array.from({ length: n }, () => makeCustomer(app)));
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
const place = (c: TestCustomer) => post(app, '/api/place-order', c.auth, { shop_ids: [SHOP], address_id: c.addressId, payment_method: 'cash' });

describe('lost updates', () => {
  it('two PUTs with the same If-Match at once: one applies, the other is 412 and writes nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await product(10);
      const etag = await etagOf(id);
      const answers = await Promise.all([put(id, { price: 3 }, { 'if-match': etag }), put(id, { quantity: 7 }, { 'if-match': etag })]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join(' ')).toEqual([200, 412]);
      expect(answers.find((a) => a.statusCode === 412)!.json()).toEqual({ message: expect.any(String) });
      const row = await app.db.selectFrom('products').select(['price', 'quantity']).where('id', '=', id).executeTakeFirstOrThrow();
      // Exactly one of the two changes is there.
      expect([row.price === 3000, row.quantity === 7].filter(Boolean)).toHaveLength(1);
      const audits = await app.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
      expect(audits.map((a) => a.action).sort()).toEqual(['product.create', 'product.update']);
    }
  });

  it('an order between the GET and a PUT of the quantity with If-Match: 412, the order\'s take stays', async () => {
    const id = await product(10);
    const etag = await etagOf(id);
    const [buyer] = await customers(1);
    await fillCarts([buyer!], id);
    expect((await place(buyer!)).statusCode).toBe(200);
    expect(await stockOf(app, id)).toBe(9);
    const res = await put(id, { quantity: 20 }, { 'if-match': etag });
    expect(res.statusCode).toBe(412);
    expect(await stockOf(app, id)).toBe(9);
    // A stale tag among others, a weak one and * behave as HTTP says.
    const fresh = await etagOf(id);
    expect((await put(id, { quantity: 20 }, { 'if-match': `${etag}, W/${fresh}` })).statusCode).toBe(200);
    expect((await put(id, { quantity: 21 }, { 'if-match': '*' })).statusCode).toBe(200);
    // Without If-Match the PUT applies: an absolute set.
    expect((await put(id, { quantity: 5 })).statusCode).toBe(200);
    expect(await stockOf(app, id)).toBe(5);
  });
});

describe('stock under concurrent orders and a seller\'s set', () => {
  it('never goes below zero, and every unit sold is counted', async () => {
    for (const [stock, buyers, set] of [
      [3, 12, 2],
      [0, 8, 4],
      [6, 10, 0],
    ] as const) {
      const id = await product(stock);
      const list = await customers(buyers);
      await fillCarts(list, id);
      const before = await app.db.selectFrom('products').select('total_sold').where('id', '=', id).executeTakeFirstOrThrow();
      const answers = await Promise.all([...list.map((c) => place(c)), put(id, { quantity: set })]);
      for (const a of answers) expect([200, 422], a.body).toContain(a.statusCode);
      expect(answers.at(-1)!.statusCode).toBe(200);
      const after = await app.db.selectFrom('products').select(['quantity', 'total_sold']).where('id', '=', id).executeTakeFirstOrThrow();
      const sold = answers.slice(0, -1).filter((a) => a.statusCode === 200).length;
      expect(after.quantity).toBeGreaterThanOrEqual(0);
      expect(after.total_sold - before.total_sold).toBe(sold);
      // Orders before the set took from the old stock, orders after it from the new one.
      expect(sold).toBeLessThanOrEqual(stock + set);
      // The seller's set was the last write or orders took from it.
      expect(after.quantity).toBeLessThanOrEqual(set);
    }
  });
});
