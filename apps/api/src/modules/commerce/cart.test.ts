import { cartResponseSchema } from '@souq/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { get, makeCustomer, plainProducts, post, setStock } from './test-support';

const app = await createTestApp();

async function variantProduct() {
  const row = await app.db
    .selectFrom('products as p')
    .innerJoin('product_colors as pc', 'pc.product_id', 'p.id')
    .innerJoin('product_sizes as ps', 'ps.product_id', 'p.id')
    .select([
      'p.id',
      'p.price',
      'p.list_price',
      'p.quantity',
      'pc.color_id',
      'pc.extra_price as color_extra',
      'ps.size_id',
      'ps.extra_price as size_extra',
    ])
    .where('p.is_active', '=', 1)
    .where('p.quantity', '>=', 5)
    .where('ps.extra_price', '>', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('flash_sale_products').select('id').whereRef('product_id', '=', 'p.id'))))
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const otherColor = await app.db
    .selectFrom('colors')
    .select('id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('product_colors').select('id').where('product_id', '=', row.id).whereRef('color_id', '=', 'colors.id'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  const sizes = await app.db
    .selectFrom('product_sizes')
    .select(['size_id', 'extra_price'])
    .where('product_id', '=', row.id)
    .orderBy('size_id')
    .execute();
  return { ...row, otherColor: otherColor.id, sizes };
}

describe('cart (API.md "Cart, vouchers, checkout, orders")', () => {
  it("reads a cart's lines with their products in one go: the lines in the order they were added, only this customer's, buy-now apart", async () => {
    const c = await makeCustomer(app);
    const other = await makeCustomer(app);
    const products = await plainProducts(app, { shopId: 1, minStock: 5 });
    const low = products[0]!.id < products[1]!.id ? products[0]! : products[1]!;
    const high = low === products[0] ? products[1]! : products[0]!;
    const add = (who: typeof c, id: number, extra: object = {}) =>
      post(app, '/api/cart/store', who.auth, { product_id: id, quantity: 1, ...extra });
    // The higher product id first, so that line order and product order differ.
    await add(c, high.id);
    await add(c, low.id);
    await add(other, low.id);
    await add(other, high.id);
    await add(c, high.id, { is_buy_now: true });
    const cart = cartResponseSchema.parse((await get(app, '/api/carts', c.auth)).json()).data;
    expect(cart.cart_items.flatMap((s) => s.products.map((p) => [p.id, p.quantity]))).toEqual([
      [high.id, 1],
      [low.id, 1],
    ]);
    const buyNow = cartResponseSchema.parse((await get(app, '/api/carts?is_buy_now=1', c.auth)).json()).data;
    expect(buyNow.cart_items.flatMap((s) => s.products.map((p) => p.id))).toEqual([high.id]);
    const others = cartResponseSchema.parse((await get(app, '/api/carts', other.auth)).json()).data;
    expect(others.cart_items.flatMap((s) => s.products.map((p) => p.id))).toEqual([low.id, high.id]);
  });

  it('adds from two shops and answers the cart grouped by shop with the messages of the contract', async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 1, minStock: 5 });
    const [b] = await plainProducts(app, { shopId: 2, minStock: 5 });
    let res = await post(app, '/api/cart/store', c.auth, {
      product_id: a!.id,
      quantity: 2,
      color: null,
      size: null,
      unit: null,
      is_buy_now: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('product added to cart');
    res = await post(app, '/api/cart/store', c.auth, { product_id: String(b!.id), quantity: '1' });
    const cart = cartResponseSchema.parse(res.json()).data;
    expect(cart.total).toBe(2);
    expect(cart.cart_items.map((s) => s.shop_id)).toEqual([1, 2]);
    expect(cart.cart_items[0]!.products[0]).toMatchObject({ id: a!.id, quantity: 2, color: null, size: null });
    expect(cart.cart_items[0]!.products[0]!.price).toBe(a!.price / 1000);
    expect(cart.info).toBeNull();

    res = await post(app, '/api/cart/store', c.auth, { product_id: a!.id, quantity: 1 });
    expect(cartResponseSchema.parse(res.json()).data.cart_items[0]!.products[0]!.quantity).toBe(3);
    res = await post(app, '/api/cart/increment', c.auth, { product_id: a!.id });
    expect(res.json()).toMatchObject({ message: 'product quantity increased' });
    expect(res.json().data.cart_items[0].products[0].quantity).toBe(4);
    res = await post(app, '/api/cart/decrement', c.auth, { product_id: a!.id });
    expect(res.json()).toMatchObject({ message: 'product quantity decreased' });
    res = await post(app, '/api/cart/delete', c.auth, { product_id: b!.id });
    expect(res.json()).toMatchObject({ message: 'product removed from cart' });
    expect(res.json().data.total).toBe(1);
    for (let i = 0; i < 2; i++) await post(app, '/api/cart/decrement', c.auth, { product_id: a!.id });
    res = await post(app, '/api/cart/decrement', c.auth, { product_id: a!.id });
    expect(res.json()).toMatchObject({ message: 'product removed from cart', data: { total: 0, cart_items: [] } });

    // Another customer's cart is their own.
    const other = await makeCustomer(app);
    expect((await get(app, '/api/carts', other.auth)).json().data.total).toBe(0);
  });

  it('refuses bad input with 422 and a clear message, and leaves the cart as it was', async () => {
    const c = await makeCustomer(app);
    const [a] = await plainProducts(app, { shopId: 3, minStock: 3 });
    const v = await variantProduct();
    await post(app, '/api/cart/store', c.auth, { product_id: a!.id, quantity: 1 });
    const before = (await get(app, '/api/carts', c.auth)).body;
    const cases: Array<[object, string]> = [
      [{ product_id: 99_999_999, quantity: 1 }, 'product_id'],
      [{ quantity: 1 }, 'product_id'],
      [{ product_id: 'abc' }, 'product_id'],
      [{ product_id: a!.id, quantity: 0 }, 'quantity'],
      [{ product_id: a!.id, quantity: -2 }, 'quantity'],
      [{ product_id: a!.id, quantity: 1.5 }, 'quantity'],
      [{ product_id: a!.id, quantity: a!.quantity + 1 }, 'quantity'],
      [{ product_id: v.id, quantity: 1, color: v.otherColor, size: v.size_id }, 'color'],
      [{ product_id: v.id, quantity: 1, color: v.color_id, size: 99_999 }, 'size'],
      [{ product_id: v.id, quantity: 1 }, 'color'],
      [{ product_id: a!.id, quantity: 1, color: v.color_id }, 'color'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(app, '/api/cart/store', c.auth, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(res.json().errors[field], JSON.stringify(payload)).toBeTruthy();
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    // Increment past the stock.
    await setStock(app, a!.id, 1);
    const inc = await post(app, '/api/cart/increment', c.auth, { product_id: a!.id });
    expect(inc.statusCode).toBe(422);
    expect(inc.json().message).toMatch(/left in stock/);
    await setStock(app, a!.id, a!.quantity);
    expect((await get(app, '/api/carts', c.auth)).body).toBe(before);
    // A product not in the cart, a malformed body.
    expect((await post(app, '/api/cart/increment', c.auth, { product_id: v.id })).statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/cart/store',
      headers: { ...c.auth, 'content-type': 'application/json' },
      payload: '{"product_id":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(app, '/api/carts', c.auth)).body).toBe(before);
  });

  it('keeps each colour and size as its own line, priced with their extras; names a line by colour and size', async () => {
    const c = await makeCustomer(app);
    const v = await variantProduct();
    const [s1, s2] = v.sizes;
    await post(app, '/api/cart/store', c.auth, { product_id: v.id, quantity: 1, color: v.color_id, size: s1!.size_id });
    const res = await post(app, '/api/cart/store', c.auth, {
      product_id: v.id,
      quantity: 2,
      color: v.color_id,
      size: s2!.size_id,
    });
    const lines = res.json().data.cart_items[0].products as Array<{
      size: { id: number };
      price: number;
      discount_price: number;
      quantity: number;
    }>;
    expect(lines).toHaveLength(2);
    const effective = v.list_price > 0 && v.list_price < v.price ? v.list_price : v.price;
    const line2 = lines.find((l) => l.size.id === s2!.size_id)!;
    expect(line2.price * 1000).toBeCloseTo(v.price + v.color_extra + s2!.extra_price, 6);
    if (effective < v.price) expect(line2.discount_price * 1000).toBeCloseTo(effective + v.color_extra + s2!.extra_price, 6);
    // Without colour and size the product is ambiguous.
    const amb = await post(app, '/api/cart/increment', c.auth, { product_id: v.id });
    expect(amb.statusCode).toBe(422);
    const ok = await post(app, '/api/cart/decrement', c.auth, { product_id: v.id, color: v.color_id, size: s2!.size_id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.cart_items[0].products.find((l: { size: { id: number } }) => l.size.id === s2!.size_id).quantity).toBe(
      1,
    );
  });

  it('keeps buy now apart from the cart, one product at a time', async () => {
    const c = await makeCustomer(app);
    const [a, b] = await plainProducts(app, { shopId: 6, minStock: 3 });
    await post(app, '/api/cart/store', c.auth, { product_id: a!.id, quantity: 1 });
    await post(app, '/api/cart/store', c.auth, { product_id: a!.id, quantity: 2, is_buy_now: true });
    const res = await post(app, '/api/cart/store', c.auth, { product_id: b!.id, quantity: 1, is_buy_now: 1 });
    expect(res.json().data.cart_items.flatMap((s: { products: { id: number }[] }) => s.products.map((p) => p.id))).toEqual([
      b!.id,
    ]);
    const cart = (await get(app, '/api/carts', c.auth)).json().data;
    expect(cart.cart_items[0].products.map((p: { id: number; quantity: number }) => [p.id, p.quantity])).toEqual([[a!.id, 1]]);
    expect((await get(app, '/api/carts?is_buy_now=1', c.auth)).json().data.total).toBe(1);
  });

  it('drops or reduces lines whose stock or availability changed, and says so in info', async () => {
    const c = await makeCustomer(app);
    const [a, b, d] = await plainProducts(app, { shopId: 7, minStock: 5 });
    for (const p of [a, b, d]) await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 4 });
    await setStock(app, a!.id, 2);
    await setStock(app, b!.id, 0);
    await app.db.updateTable('products').set({ is_active: 0 }).where('id', '=', d!.id).execute();
    const res = await get(app, '/api/carts', c.auth);
    const cart = cartResponseSchema.parse(res.json()).data;
    expect(cart.total).toBe(1);
    expect(cart.cart_items[0]!.products[0]).toMatchObject({ id: a!.id, quantity: 2 });
    expect(cart.info).toMatch(/Only 2 of .* are left/);
    expect(cart.info).toMatch(/out of stock/);
    expect(cart.info).toMatch(/no longer available/);
    // Once reported, the cart is settled.
    expect((await get(app, '/api/carts', c.auth)).json().data.info).toBeNull();
    await setStock(app, a!.id, a!.quantity);
    await setStock(app, b!.id, b!.quantity);
    await app.db.updateTable('products').set({ is_active: 1 }).where('id', '=', d!.id).execute();
  });
});

describe('cart changes at once (a double tap, two tabs)', () => {
  it('counts every increment, decrement and add made at the same time on one line, and never passes the stock', async () => {
    const c = await makeCustomer(app);
    const [p] = await plainProducts(app, { shopId: 3 });
    await setStock(app, p!.id, 100);
    const line = { product_id: p!.id };
    const quantity = async () =>
      (
        await app.db
          .selectFrom('cart_items')
          .select('quantity')
          .where('user_id', '=', c.id)
          .where('product_id', '=', p!.id)
          .where('is_buy_now', '=', 0)
          .executeTakeFirstOrThrow()
      ).quantity;
    await post(app, '/api/cart/store', c.auth, { ...line, quantity: 1 });
    const at = (n: number, url: string, body: object) =>
      Promise.all(Array.from({ length: n }, () => post(app, url, c.auth, body)));
    // 10 increments and 5 adds of 2 at once: 1 + 10 + 10.
    const answers = await Promise.all([at(10, '/api/cart/increment', line), at(5, '/api/cart/store', { ...line, quantity: 2 })]);
    expect(answers.flat().map((r) => r.statusCode)).toEqual(Array(15).fill(200));
    expect(await quantity()).toBe(21);
    // Every answer shows a quantity that existed: never below the 2 it could at least see, at most the end.
    for (const r of answers.flat()) {
      const shown = r.json().data.cart_items[0].products[0].quantity as number;
      expect(shown).toBeGreaterThanOrEqual(2);
      expect(shown).toBeLessThanOrEqual(21);
    }
    // 8 decrements at once: 13 left.
    await at(8, '/api/cart/decrement', line);
    expect(await quantity()).toBe(13);
    // Up to the stock and no further, however many ask at once.
    await setStock(app, p!.id, 16);
    const over = (
      await Promise.all([at(3, '/api/cart/increment', line), at(3, '/api/cart/store', { ...line, quantity: 1 })])
    ).flat();
    expect(over.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(over.filter((r) => r.statusCode === 422)).toHaveLength(3);
    expect(await quantity()).toBe(16);
    // Decrements past one remove the line once, and the rest find it gone.
    await setStock(app, p!.id, 100);
    await app.db.updateTable('cart_items').set({ quantity: 2 }).where('user_id', '=', c.id).execute();
    const down = await at(5, '/api/cart/decrement', line);
    expect(down.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(2);
    expect(down.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    const left = await app.db.selectFrom('cart_items').select('id').where('user_id', '=', c.id).execute();
    expect(left).toEqual([]);
    await setStock(app, p!.id, p!.quantity);
  });
});

describe('cart writes that need not reach the disk before they answer', () => {
  it.runIf(app.dialect === 'postgres')(
    "PostgreSQL: cart lines are written on connections that do not wait for the log's flush; orders' connections do",
    async () => {
      const setting = async (db: typeof app.db) =>
        (await sql<{ s: string }>`SELECT current_setting('synchronous_commit') AS s`.execute(db)).rows[0]!.s;
      expect(app.relaxedDb).not.toBe(app.db);
      expect(await setting(app.relaxedDb)).toBe('off');
      expect(await setting(app.db)).toBe('on');
      // Written on the relaxed connections, read at once on the others.
      const c = await makeCustomer(app);
      const [p] = await plainProducts(app, { minStock: 3 });
      expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 2 })).statusCode).toBe(200);
      const line = await app.db
        .selectFrom('cart_items')
        .select('quantity')
        .where('user_id', '=', c.id)
        .where('product_id', '=', p!.id)
        .executeTakeFirstOrThrow();
      expect(line.quantity).toBe(2);
    },
  );

  it.runIf(app.dialect === 'sqlite')('SQLite: one connection for everything', () => {
    expect(app.relaxedDb).toBe(app.db);
  });
});
