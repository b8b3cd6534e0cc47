import type { SellerProduct } from '@souq/contracts';
import { sellerProductResponseSchema, sellerProductsResponseSchema, sellerCatalogOptionsResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { productSearchColumns } from '../../shared/product-columns';
import { makeCustomer, post, sellerAuth, setShopTerms } from '../commerce/test-support';

/**
 * The seller centre's products API (BACKOFFICE.md "Seller centre"): every call, rule and refusal, on the
 * dialect under test (TEST_DIALECT).
 */
const app = await createTestApp();
const SHOP = 3;
const OTHER = 4;
const seller = await sellerAuth(app, SHOP);
const otherSeller = await sellerAuth(app, OTHER);
const customer = await makeCustomer(app);

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Record<string, string> = seller, payload?: unknown, headers: Json = {}) =>
  app.inject({ method, url, headers: { ...auth, ...(headers as Record<string, string>) }, payload: payload as object });

/** An active category with a sub-category, another sub-category of another category, a brand, unit, colours and sizes. */
const options = sellerCatalogOptionsResponseSchema.parse((await call('GET', '/api/seller/catalog-options')).json()).data;
const cat = options.categories.find((c) => c.sub_categories.length > 0)!;
const otherCat = options.categories.find((c) => c.id !== cat.id && c.sub_categories.length > 0)!;
const base = {
  name: 'Seller Test Frankincense Burner',
  name_ar: 'مبخرة اختبار البائع',
  category_id: cat.id,
  sub_category_id: cat.sub_categories[0]!.id,
  brand_id: options.brands[0]!.id,
  unit_id: options.units[0]!.id,
  price: 12.5,
  discount_price: 9.75,
  quantity: 40,
  short_description: 'A clay burner',
  short_description_ar: 'مبخرة من الطين',
  description: '<p>Hand made <strong>in Nizwa</strong></p><script>alert(1)</script>',
  description_ar: '<p>صنع يدوي</p>',
  colors: [{ id: options.colors[0]!.id, price: 0 }, { id: options.colors[1]!.id, price: 0.5 }],
  sizes: [{ id: options.sizes[0]!.id, price: 1 }],
  video_url: 'https://www.youtube.com/watch?v=abc',
  meta_title: 'Burner',
  meta_description: 'A burner',
  meta_keywords: 'burner, clay',
  is_active: true,
};

const create = async (body: Json = {}, auth = seller) => {
  const res = await call('POST', '/api/seller/products', auth, { ...base, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return sellerProductResponseSchema.parse(res.json()).data.product;
};
const read = async (id: number) => {
  const res = await call('GET', `/api/seller/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return { product: sellerProductResponseSchema.parse(res.json()).data.product, etag: res.headers.etag as string };
};
const put = (id: number, body: Json, headers: Json = {}, auth = seller) => call('PUT', `/api/seller/products/${id}`, auth, body, headers);
const auditOf = (id: number) =>
  app.db.selectFrom('audit_log').selectAll().where('target_type', '=', 'product').where('target_id', '=', id).orderBy('id').execute();
const stored = (id: number) => app.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

describe('who may call', () => {
  it('no token is 401, a customer token 403, on every call; another shop\'s product is 404 on every call', async () => {
    const mine = await create();
    const theirs = await create({ name: 'Other shop product' }, otherSeller);
    const img = { 'content-type': 'application/json' };
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/seller/catalog-options'],
      ['GET', '/api/seller/products'],
      ['POST', '/api/seller/products', base],
      ['GET', `/api/seller/products/${mine.id}`],
      ['PUT', `/api/seller/products/${mine.id}`, { price: 3 }],
      ['DELETE', `/api/seller/products/${mine.id}`],
      ['POST', `/api/seller/products/${mine.id}/images`, {}],
      ['PUT', `/api/seller/products/${mine.id}/images`, { ids: [] }],
      ['DELETE', `/api/seller/products/${mine.id}/images/1`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method as 'GET', url, {}, body, img)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method as 'GET', url, customer.auth, body, img)).statusCode, `${method} ${url}`).toBe(403);
    }
    const theirImage = await app.db
      .insertInto('product_images')
      .values({ product_id: theirs.id, path: '/uploads/products/x.webp', type: 'image', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [method, url, body] of [
      ['GET', `/api/seller/products/${theirs.id}`],
      ['PUT', `/api/seller/products/${theirs.id}`, { price: 3 }],
      ['DELETE', `/api/seller/products/${theirs.id}`],
      ['PUT', `/api/seller/products/${theirs.id}/images`, { ids: [theirImage.id] }],
      ['DELETE', `/api/seller/products/${theirs.id}/images/${theirImage.id}`],
      // Mine, with their picture's id.
      ['DELETE', `/api/seller/products/${mine.id}/images/${theirImage.id}`],
      ['GET', `/api/seller/products/999999`],
    ] as Array<[string, string, unknown?]>) {
      expect((await call(method as 'GET', url, seller, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing of theirs changed, and no audit entry for refused calls.
    expect((await read(mine.id)).product.price).toBe(12.5);
    expect((await stored(theirs.id))!.price).toBe(12500);
    expect((await auditOf(theirs.id)).map((a) => a.action)).toEqual(['product.create']);
  });
});

describe('catalogue options', () => {
  it('lists active categories with their active sub-categories, brands, colours, sizes, units, in the asked language', async () => {
    const inactive = await app.db.selectFrom('categories').select('id').where('is_active', '=', 0).execute();
    for (const c of inactive) expect(options.categories.some((x) => x.id === c.id)).toBe(false);
    const ar = sellerCatalogOptionsResponseSchema.parse(
      (await call('GET', '/api/seller/catalog-options', { ...seller, 'accept-language': 'ar' })).json(),
    ).data;
    const en = sellerCatalogOptionsResponseSchema.parse(
      (await call('GET', '/api/seller/catalog-options', { ...seller, 'accept-language': 'en' })).json(),
    ).data;
    const row = await app.db.selectFrom('categories').select(['name', 'name_ar']).where('id', '=', cat.id).executeTakeFirstOrThrow();
    expect(en.categories.find((c) => c.id === cat.id)!.name).toBe(row.name);
    expect(ar.categories.find((c) => c.id === cat.id)!.name).toBe(row.name_ar);
    expect(en.colors[0]!.color_code).toMatch(/^#/);
    expect(en.sizes.length).toBeGreaterThan(0);
    expect(en.units.length).toBeGreaterThan(0);
  });
});

describe('create and read', () => {
  it('creates with every field (201, ETag), sanitises descriptions, keeps the search columns as the seed computes them, audits', async () => {
    const res = await call('POST', '/api/seller/products', seller, base);
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toMatch(/^"/);
    const p = sellerProductResponseSchema.parse(res.json()).data.product;
    expect(p).toMatchObject({
      name: base.name,
      name_ar: base.name_ar,
      price: 12.5,
      discount_price: 9.75,
      quantity: 40,
      is_active: true,
      category_id: cat.id,
      colors: base.colors,
      sizes: base.sizes,
      thumbnail: null,
      images: [],
      total_sold: 0,
      slug: expect.stringMatching(/^seller-test-frankincense-burner/),
    });
    expect(p.description).toBe('<p>Hand made <strong>in Nizwa</strong></p>');
    const row = (await stored(p.id))!;
    const [brand, category, sub] = await Promise.all([
      app.db.selectFrom('brands').select(['name', 'name_ar']).where('id', '=', base.brand_id).executeTakeFirstOrThrow(),
      app.db.selectFrom('categories').select(['name', 'name_ar']).where('id', '=', base.category_id).executeTakeFirstOrThrow(),
      app.db.selectFrom('sub_categories').select(['name', 'name_ar']).where('id', '=', base.sub_category_id).executeTakeFirstOrThrow(),
    ]);
    expect({ search_text: row.search_text, search_name: row.search_name }).toEqual(
      productSearchColumns({ ...base, brand, category, sub_category: sub }),
    );
    expect(row.list_price).toBe(9750);
    expect(row.shop_id).toBe(SHOP);
    const [entry] = await auditOf(p.id);
    expect(entry).toMatchObject({ action: 'product.create', actor_role: 'seller', shop_id: SHOP });
    expect(JSON.parse(entry!.changes).price).toEqual([null, 12.5]);
    // The same name again: another slug.
    const again = await create();
    expect(again.slug).not.toBe(p.slug);
    // GET answers the same object and the same ETag.
    const got = await read(p.id);
    expect(got.product).toEqual(p);
    expect(got.etag).toBe(res.headers.etag);
  });

  it('refuses each bad field with 422 on that field, and writes nothing', async () => {
    const before = await app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const auditBefore = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const inactiveCat = await app.db.insertInto('categories').values({ slug: 'off-cat', name: 'Off', name_ar: 'مطفأ', is_active: 0 }).returning('id').executeTakeFirstOrThrow();
    const cases: Array<[Json, string]> = [
      [{ name: undefined }, 'name'],
      [{ name: '' }, 'name'],
      [{ name_ar: undefined }, 'name_ar'],
      [{ category_id: undefined }, 'category_id'],
      [{ price: undefined }, 'price'],
      [{ price: 0 }, 'price'],
      [{ price: 1.2345 }, 'price'],
      [{ price: 2_000_000 }, 'price'],
      [{ price: '5' }, 'price'],
      [{ discount_price: 12.5 }, 'discount_price'],
      [{ discount_price: -1 }, 'discount_price'],
      [{ quantity: -1 }, 'quantity'],
      [{ quantity: 1.5 }, 'quantity'],
      [{ category_id: 999999 }, 'category_id'],
      [{ category_id: inactiveCat.id, sub_category_id: null }, 'category_id'],
      [{ sub_category_id: otherCat.sub_categories[0]!.id }, 'sub_category_id'],
      [{ sub_category_id: 999999 }, 'sub_category_id'],
      [{ brand_id: 999999 }, 'brand_id'],
      [{ unit_id: 999999 }, 'unit_id'],
      [{ colors: [{ id: 999999, price: 0 }] }, 'colors'],
      [{ sizes: [{ id: 999999, price: 0 }] }, 'sizes'],
      [{ sizes: [{ id: options.sizes[0]!.id, price: -1 }] }, 'sizes.0.price'],
      [{ colors: [{ id: options.colors[0]!.id, price: 0 }, { id: options.colors[0]!.id, price: 1 }] }, 'colors'],
      [{ video_url: 'https://evil.example/watch' }, 'video_url'],
      [{ name: 'a\u0000b' }, 'name'],
      [{ description: 'x\u0000y' }, 'description'],
      [{ is_active: 'yes' }, 'is_active'],
      [{ category_id: 99999999999 }, 'category_id'],
    ];
    for (const [change, field] of cases) {
      const res = await call('POST', '/api/seller/products', seller, { ...base, ...change });
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(change)).toContain(field);
    }
    const after = await app.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const auditAfter = await app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(Number(auditAfter.n)).toBe(Number(auditBefore.n));
  });
});

describe('partial updates', () => {
  it('a PUT of only the price changes the price (and list price, updated_at, ETag), nothing else', async () => {
    const p = await create();
    const { etag } = await read(p.id);
    const rowBefore = (await stored(p.id))!;
    const res = await put(p.id, { price: 15 });
    expect(res.statusCode, res.body).toBe(200);
    const after = sellerProductResponseSchema.parse(res.json()).data.product;
    expect(after).toEqual({ ...p, price: 15, updated_at: after.updated_at });
    expect(after.updated_at > p.updated_at).toBe(true);
    expect(res.headers.etag).not.toBe(etag);
    const rowAfter = (await stored(p.id))!;
    expect(rowAfter).toEqual({ ...rowBefore, price: 15000, updated_at: after.updated_at });
    const [, entry] = await auditOf(p.id);
    expect(entry!.action).toBe('product.update');
    expect(JSON.parse(entry!.changes)).toEqual({ price: [12.5, 15] });
  });

  it('null clears an optional field and is 422 on a required one; colours and sizes are replaced only when sent', async () => {
    const p = await create();
    let res = await put(p.id, { short_description: null, brand_id: null, video_url: null, description: null });
    expect(res.statusCode, res.body).toBe(200);
    let after = res.json().data.product as SellerProduct;
    expect(after).toMatchObject({ short_description: null, brand_id: null, video_url: null, description: null });
    expect(after.colors).toEqual(p.colors);
    expect(after.sizes).toEqual(p.sizes);
    for (const field of ['name', 'name_ar', 'category_id', 'price', 'quantity', 'is_active', 'discount_price', 'colors', 'sizes']) {
      res = await put(p.id, { [field]: null });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    res = await put(p.id, { colors: [], sizes: [{ id: options.sizes[1]!.id, price: 0.25 }] });
    after = res.json().data.product;
    expect(after.colors).toEqual([]);
    expect(after.sizes).toEqual([{ id: options.sizes[1]!.id, price: 0.25 }]);
    // The brand and the short description left the search text with the clearing.
    const [category, sub] = await Promise.all([
      app.db.selectFrom('categories').select(['name', 'name_ar']).where('id', '=', base.category_id).executeTakeFirstOrThrow(),
      app.db.selectFrom('sub_categories').select(['name', 'name_ar']).where('id', '=', base.sub_category_id).executeTakeFirstOrThrow(),
    ]);
    const row = (await stored(p.id))!;
    expect(row.search_text).toBe(
      productSearchColumns({ ...base, short_description: null, brand: null, category, sub_category: sub }).search_text,
    );
  });

  it('checks a discount against the stored price, and a sub-category against the stored category (both ways)', async () => {
    const p = await create(); // price 12.5, discount 9.75
    expect((await put(p.id, { discount_price: 13 })).json().errors).toHaveProperty('discount_price');
    expect((await put(p.id, { price: 9 })).json().errors).toHaveProperty('price');
    expect((await put(p.id, { price: 9, discount_price: 0 })).statusCode).toBe(200);
    expect((await put(p.id, { sub_category_id: otherCat.sub_categories[0]!.id })).json().errors).toHaveProperty('sub_category_id');
    expect((await put(p.id, { category_id: otherCat.id })).json().errors).toHaveProperty('category_id');
    const moved = await put(p.id, { category_id: otherCat.id, sub_category_id: otherCat.sub_categories[0]!.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await put(p.id, { category_id: cat.id, sub_category_id: null })).statusCode).toBe(200);
    expect((await put(p.id, { sub_category_id: cat.sub_categories[0]!.id })).statusCode).toBe(200);
    // Refused writes left no audit entry: create and three updates.
    expect((await auditOf(p.id)).map((a) => a.action)).toEqual(['product.create', 'product.update', 'product.update', 'product.update', 'product.update']);
  });

  it('a rename keeps search_name and search_text in step; an empty PUT changes nothing', async () => {
    const p = await create();
    const res = await put(p.id, { name: 'Zanzibar Qwerty Lamp', name_ar: 'مصباح زنجبار' });
    expect(res.statusCode).toBe(200);
    const row = (await stored(p.id))!;
    expect(row.search_name).toContain('zanzibar qwerty lamp');
    expect(row.search_name).toContain('مصباح زنجبار');
    expect(row.search_text).toContain('zanzibar');
    expect(row.slug).toBe(p.slug);
    const same = await put(p.id, {});
    expect(same.statusCode).toBe(200);
    expect(same.json().data.product.updated_at).toBe(res.json().data.product.updated_at);
  });
});

describe('the list', () => {
  it('searches English and Arabic names, filters by status and category, pages, newest change first, own shop only', async () => {
    const a = await create({ name: 'Quokka Kettle', name_ar: 'غلاية الكوكا' });
    const b = await create({ name: 'Quokka Mug', name_ar: 'كوب الكوكا', is_active: false });
    await create({ name: 'Quokka Other Shop', name_ar: 'كوكا' }, otherSeller);
    const list = async (qs: string) => {
      const res = await call('GET', `/api/seller/products?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return sellerProductsResponseSchema.parse(res.json()).data;
    };
    const found = await list('search=quokka');
    expect(found.products.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(found.total).toBe(2);
    // Arabic, with hamza/ta-marbuta variants and without the article.
    expect((await list(`search=${encodeURIComponent('غلايه')}`)).products.map((p) => p.id)).toEqual([a.id]);
    expect((await list(`search=${encodeURIComponent('الكوكا')}&status=active`)).products.map((p) => p.id)).toEqual([a.id]);
    expect((await list('search=quokka&status=inactive')).products.map((p) => p.id)).toEqual([b.id]);
    expect((await list(`search=quokka&category_id=${otherCat.id}`)).total).toBe(0);
    const page = await list('search=quokka&per_page=1&page=2');
    expect(page).toMatchObject({ total: 2, products: [{ id: a.id, name: 'Quokka Kettle', name_ar: 'غلاية الكوكا', price: 12.5, discount_price: 9.75, quantity: 40, is_active: true, category: { id: cat.id } }] });
    // A write moves a product to the top.
    await put(a.id, { quantity: 41 });
    expect((await list('search=quokka')).products.map((p) => p.id)).toEqual([a.id, b.id]);
    const all = await list('per_page=100');
    const shops = await app.db.selectFrom('products').select('shop_id').where('id', 'in', all.products.map((p) => p.id)).execute();
    expect(new Set(shops.map((s) => s.shop_id))).toEqual(new Set([SHOP]));
    expect((await call('GET', '/api/seller/products?status=nope')).statusCode).toBe(422);
    expect((await call('GET', '/api/seller/products?per_page=1000')).statusCode).toBe(422);
  });

  it('answers a shop of 5,000 products quickly (index products_shop_list)', async () => {
    const BIG = 5;
    const now = Date.now();
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      shop_id: BIG,
      category_id: cat.id,
      name: `Bulk item ${i}`,
      name_ar: `صنف ${i}`,
      slug: `bulk-item-${i}-${now}`,
      price: 1000 + i,
      list_price: 1000 + i,
      search_name: `bulk item ${i} صنف ${i}`,
      created_at: new Date(now - i * 1000).toISOString(),
      updated_at: new Date(now - i * 1000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500) await app.db.insertInto('products').values(rows.slice(i, i + 500)).execute();
    const auth = await sellerAuth(app, BIG);
    const time = async (qs: string) => {
      await call('GET', `/api/seller/products?${qs}`, auth);
      const started = performance.now();
      const res = await call('GET', `/api/seller/products?${qs}`, auth);
      expect(res.statusCode).toBe(200);
      return { ms: performance.now() - started, data: res.json().data };
    };
    const first = await time('per_page=20');
    expect(first.data.total).toBeGreaterThanOrEqual(5000);
    expect(first.data.products[0].name).toBe('Bulk item 0');
    const searched = await time('search=4321');
    expect(searched.data.total).toBe(1);
    const deep = await time('page=200&per_page=20&status=active');
    // Generous bounds for a shared CI machine; measured figures are in the report.
    console.log(`seller list, 5,000 products: first page ${first.ms.toFixed(1)} ms, search ${searched.ms.toFixed(1)} ms, page 200 ${deep.ms.toFixed(1)} ms`);
    expect(first.ms).toBeLessThan(150);
    expect(searched.ms).toBeLessThan(150);
    expect(deep.ms).toBeLessThan(150);
  });
});

describe('delete and archive', () => {
  it('deletes a product never ordered with its pictures, colours, sizes, favourites, recent views and cart lines', async () => {
    const p = await create();
    await app.db.insertInto('product_images').values({ product_id: p.id, path: '/uploads/products/none.webp', sort: 0 }).execute();
    const now = new Date().toISOString();
    await app.db.insertInto('favorites').values({ user_id: customer.id, product_id: p.id, created_at: now }).execute();
    await app.db.insertInto('recently_viewed').values({ user_id: customer.id, product_id: p.id, viewed_at: now }).execute();
    await app.db
      .insertInto('cart_items')
      .values({ user_id: customer.id, product_id: p.id, shop_id: SHOP, color_id: base.colors[0]!.id, size_id: base.sizes[0]!.id, quantity: 1, is_buy_now: 0, created_at: now, updated_at: now })
      .execute();
    const res = await call('DELETE', `/api/seller/products/${p.id}`);
    expect(res.statusCode).toBe(204);
    expect(await stored(p.id)).toBeUndefined();
    for (const table of ['product_images', 'product_colors', 'product_sizes', 'favorites', 'recently_viewed', 'cart_items'] as const) {
      const left = await app.db.selectFrom(table).select('id').where('product_id', '=', p.id).execute();
      expect(left, table).toEqual([]);
    }
    expect((await call('GET', `/api/seller/products/${p.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/seller/products/${p.id}`)).statusCode).toBe(404);
    const entries = await auditOf(p.id);
    expect(entries.at(-1)!.action).toBe('product.delete');
    expect(JSON.parse(entries.at(-1)!.changes).name).toEqual([base.name, null]);
  });

  it('archives a product that was ordered: gone from the list and the seller calls, kept in its order; carts drop it with info', async () => {
    await setShopTerms(app, SHOP, { min_order_amount: 0 });
    const p = await create({ colors: [], sizes: [], discount_price: 0 });
    const buyer = await makeCustomer(app);
    const holder = await makeCustomer(app);
    expect((await post(app, '/api/cart/store', buyer.auth, { product_id: p.id, quantity: 2 })).statusCode).toBe(200);
    const placed = await post(app, '/api/place-order', buyer.auth, { shop_ids: [SHOP], address_id: buyer.addressId, payment_method: 'cash' });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orders[0].id as number;
    expect((await post(app, '/api/cart/store', holder.auth, { product_id: p.id, quantity: 1 })).statusCode).toBe(200);

    expect((await call('DELETE', `/api/seller/products/${p.id}`)).statusCode).toBe(204);
    const row = (await stored(p.id))!;
    expect(row.is_active).toBe(0);
    expect(row.archived_at).not.toBeNull();
    expect((await call('GET', `/api/seller/products/${p.id}`)).statusCode).toBe(404);
    expect((await put(p.id, { price: 1 })).statusCode).toBe(404);
    expect((await call('POST', `/api/seller/products/${p.id}/images`, seller, {})).statusCode).not.toBe(200);
    const listed = (await call('GET', '/api/seller/products?per_page=100&search=seller%20test')).json().data;
    expect(listed.products.some((x: { id: number }) => x.id === p.id)).toBe(false);
    // The order keeps its line, name and price.
    for (const [language, name] of [['en', base.name], ['ar', base.name_ar]]) {
      const res = await app.inject({ url: `/api/order-details?order_id=${orderId}`, headers: { ...buyer.auth, 'accept-language': language! } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.order.products).toMatchObject([{ product_id: p.id, name, price: 12.5, quantity: 2, total: 25 }]);
    }
    // The storefront no longer shows it; the other customer's cart drops it and says so.
    expect((await app.inject({ url: `/api/product-details?product_id=${p.id}` })).statusCode).toBe(404);
    const cart = (await app.inject({ url: '/api/carts', headers: holder.auth })).json().data;
    expect(cart.total).toBe(0);
    expect(cart.info).toMatch(/no longer available/);
    const entries = await auditOf(p.id);
    expect(entries.at(-1)!.action).toBe('product.archive');
    expect(JSON.parse(entries.at(-1)!.changes)).toMatchObject({ is_active: [true, false] });
  });

  it('a switched-off product leaves carts with their info too', async () => {
    const p = await create({ colors: [], sizes: [] });
    const holder = await makeCustomer(app);
    expect((await post(app, '/api/cart/store', holder.auth, { product_id: p.id, quantity: 1 })).statusCode).toBe(200);
    expect((await put(p.id, { is_active: false })).statusCode).toBe(200);
    const cart = (await app.inject({ url: '/api/carts', headers: holder.auth })).json().data;
    expect(cart.total).toBe(0);
    expect(cart.info).toMatch(/no longer available/);
  });
});
