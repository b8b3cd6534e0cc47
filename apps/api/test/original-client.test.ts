import {
  DEFAULT_AVATAR_URL,
  flashSaleDetailsResponseSchema,
  masterResponseSchema,
  productDetailsResponseSchema,
  productsResponseSchema,
  reviewsResponseSchema,
  shopDetailResponseSchema,
  shopPopularProductsResponseSchema,
  userResponseSchema,
  type Product,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { register } from '../src/modules/accounts/test-support';
import { issueToken } from '../src/modules/auth/tokens';
import { createTestApp, testOperator } from './helpers';

/**
 * Issue 19: our server as a drop-in for the original web client. Every request here is written the way
 * that client writes it (empty parameters included), on SQLite and on PostgreSQL.
 */
const app = await createTestApp();

async function get(url: string, lang = 'en', token?: string) {
  const headers: Record<string, string> = { 'accept-language': lang, 'x-requested-with': 'XMLHttpRequest' };
  if (token) headers.authorization = `Bearer ${token}`;
  return app.inject({ method: 'GET', url, headers });
}

async function ok<T>(url: string, lang = 'en', token?: string): Promise<T> {
  const res = await get(url, lang, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

const ids = (ps: Product[]) => ps.map((p) => p.id);

describe('an empty query parameter is an absent one, on every GET endpoint', () => {
  it('walks every GET route of the API: all its parameters sent empty answer exactly as none sent', async () => {
    const customer = (await issueToken(app.db, 'user', 1)).token;
    const seller = (await issueToken(app.db, 'seller', 1)).token;
    const operator = (await issueToken(app.db, 'operator', await testOperator(app.db))).token;
    const doc = (await get('/api/docs')).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const auth = new Map(app.routeTable.map((r) => [`${r.method} ${r.url}`, r.auth]));
    const walked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const names = (methods.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      if (names.length === 0) continue;
      const url = path.replace(/\{(\w+)\}/g, '1');
      const kind = auth.get(`GET ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      const token =
        kind === 'seller'
          ? seller
          : kind === 'operator'
            ? operator
            : kind === 'user' || kind === 'optional'
              ? customer
              : undefined;
      const bare = await get(url, 'en', token);
      const empty = await get(`${url}?${names.map((n) => `${n}=`).join('&')}`, 'en', token);
      expect({ url, status: empty.statusCode, body: empty.json() }).toEqual({ url, status: bare.statusCode, body: bare.json() });
      walked.push(path);
    }
    // Products, reviews, shops, categories, flash sales, home, orders, vouchers, favourites …
    expect(walked.length).toBeGreaterThanOrEqual(12);
    for (const path of ['/api/products', '/api/reviews', '/api/orders', '/api/favorite-products', '/api/shops/popular-products'])
      expect(walked).toContain(path);
    expect(walked).toContain('/api/admin/audit-log');
  });

  it('GET /products as the client sends it: every empty filter ignored, the same list as without them', async () => {
    const sent = await ok<{ data: unknown }>(
      '/api/products?page=1&per_page=20&search=&brand_id=&category_id=&sub_category_id=&shop_id=&color_id=&size_id=&rating=&min_price=&max_price=&sort_type=',
    );
    const plain = await ok<{ data: unknown }>('/api/products?page=1&per_page=20');
    expect(productsResponseSchema.parse(sent).data.total).toBe(216);
    expect(sent).toEqual(plain);
    // One filter set among empty ones still filters.
    const cat = productsResponseSchema.parse(
      await ok('/api/products?page=1&per_page=20&search=&brand_id=&category_id=3&sort_type=&sub_category_id='),
    ).data;
    expect(cat.total).toBeGreaterThan(0);
    expect(cat.total).toBeLessThan(216);
    expect(cat.products.every((p) => p.category_id === 3)).toBe(true);
    // Blank (spaces only) is empty too.
    expect(await ok('/api/products?page=1&per_page=20&search=%20%20&category_id=%20')).toEqual(plain);
  });

  it('a required parameter sent empty is "required", not "must be an integer"', async () => {
    const res = await get('/api/product-details?product_id=');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ product_id: ['The product id field is required.'] });
  });

  it('the other lists the client calls with empty parameters answer as without them', async () => {
    for (const [sent, plain] of [
      ['/api/shops?page=1&per_page=20&search=', '/api/shops?page=1&per_page=20'],
      ['/api/reviews?product_id=5&shop_id=&page=1&per_page=10', '/api/reviews?product_id=5&page=1&per_page=10'],
      ['/api/flash-sale/1/details?page=1&per_page=20&category_id=', '/api/flash-sale/1/details?page=1&per_page=20'],
      ['/api/categories?page=&per_page=', '/api/categories'],
      ['/api/home?page=&per_page=', '/api/home'],
    ] as const)
      expect({ sent, body: await ok(sent) }).toEqual({ sent, body: await ok(plain) });
  });

  it('a decimal rating is a minimum rating', async () => {
    const all = productsResponseSchema.parse(await ok('/api/products?per_page=100&page=1')).data.products;
    const more = productsResponseSchema.parse(await ok('/api/products?per_page=100&page=2')).data.products;
    const every = [...all, ...more, ...productsResponseSchema.parse(await ok('/api/products?per_page=100&page=3')).data.products];
    const expected = every.filter((p) => p.rating >= 4.5).length;
    expect(expected).toBeGreaterThan(0);
    // Some products lie between 4 and 4.5: a whole-star reading would keep them.
    expect(every.some((p) => p.rating >= 4 && p.rating < 4.5)).toBe(true);
    const data = productsResponseSchema.parse(await ok('/api/products?per_page=100&rating=4.5&brand_id=&search=')).data;
    expect(data.total).toBe(expected);
    expect(data.products.every((p) => p.rating >= 4.5)).toBe(true);
    expect(productsResponseSchema.parse(await ok('/api/products?rating=0')).data.total).toBe(216);
    for (const bad of ['5.5', '4.555', '-1', 'x'])
      expect({ bad, status: (await get(`/api/products?rating=${bad}`)).statusCode }).toEqual({ bad, status: 422 });
  });
});

describe('fields the client reads', () => {
  it('product.shop.delivery_charge: the shop charge for one item, 0 when the item alone reaches free delivery', async () => {
    const shop = await app.db
      .selectFrom('shops')
      .select(['id', 'delivery_charge'])
      .where('delivery_charge', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await app.db.updateTable('shops').set({ free_delivery_above: 0 }).where('id', '=', shop.id).execute();
    const list = productsResponseSchema.parse(await ok(`/api/products?per_page=100&shop_id=${shop.id}&category_id=`)).data
      .products;
    expect(list.length).toBeGreaterThan(1);
    for (const p of list) expect(p.shop.delivery_charge).toBe(shop.delivery_charge / 1000);

    // Free from a threshold between the cheapest and the dearest item: per item, as checkout would charge it.
    const prices = list.map((p) => (p.discount_price > 0 ? p.discount_price : p.price)).sort((a, b) => a - b);
    const threshold = Math.round(((prices[0]! + prices.at(-1)!) / 2) * 1000);
    await app.db.updateTable('shops').set({ free_delivery_above: threshold }).where('id', '=', shop.id).execute();
    const after = productsResponseSchema.parse(await ok(`/api/products?per_page=100&shop_id=${shop.id}`)).data.products;
    const cheap = after.find((p) => (p.discount_price > 0 ? p.discount_price : p.price) * 1000 < threshold)!;
    const dear = after.find((p) => (p.discount_price > 0 ? p.discount_price : p.price) * 1000 >= threshold)!;
    expect(cheap.shop.delivery_charge).toBe(shop.delivery_charge / 1000);
    expect(dear.shop.delivery_charge).toBe(0);
    const details = productDetailsResponseSchema.parse(await ok(`/api/product-details?product_id=${cheap.id}`)).data;
    expect(details.product.shop.delivery_charge).toBe(shop.delivery_charge / 1000);
  });

  it('shop.banners: objects with id, title (in the request language) and thumbnail, in order, active ones only', async () => {
    const en = shopDetailResponseSchema.parse(await ok('/api/shops/3')).data.shop;
    expect(en.banners).toHaveLength(2);
    for (const b of en.banners) expect(Object.keys(b).sort()).toEqual(['id', 'thumbnail', 'title']);
    expect(en.banners[0]).toMatchObject({ title: 'Muscat Halwa Kitchen', thumbnail: '/uploads/shops/3-banner.svg' });
    const ar = shopDetailResponseSchema.parse(await ok('/api/shops/3', 'ar')).data.shop;
    expect(ar.banners[0]!.title).toBe(ar.name);
    expect(ar.name).toMatch(/^[\u0600-\u06FF ]+$/);
    expect(ar.banners.map((b) => b.id)).toEqual(en.banners.map((b) => b.id));
    // Display order is the sort column; a hidden banner is left out.
    await app.db.updateTable('shop_banners').set({ sort: 5 }).where('id', '=', en.banners[0]!.id).execute();
    expect(shopDetailResponseSchema.parse(await ok('/api/shops/3')).data.shop.banners.map((b) => b.id)).toEqual(
      [...en.banners].reverse().map((b) => b.id),
    );
    await app.db.updateTable('shop_banners').set({ is_active: 0 }).where('id', '=', en.banners[1]!.id).execute();
    expect(shopDetailResponseSchema.parse(await ok('/api/shops/3')).data.shop.banners.map((b) => b.id)).toEqual([
      en.banners[0]!.id,
    ]);
  });

  it("reviews: created_at is the display date in the request's language (Oman time), created_at_iso the instant", async () => {
    const product = await app.db.selectFrom('products').select(['id', 'shop_id']).where('id', '=', 9).executeTakeFirstOrThrow();
    const base = { product_id: product.id, shop_id: product.shop_id, user_id: null, rating: 5, description: 'Fine' };
    // The newest two: 21 Nov 2027 at 10:00 UTC, and 21 Nov 2027 at 21:30 UTC, which is 22 Nov in Muscat.
    await app.db
      .insertInto('reviews')
      .values([
        { ...base, customer_name: 'Early', created_at: '2027-11-21T10:00:00.000Z' },
        { ...base, customer_name: 'Late', created_at: '2027-11-21T21:30:00.000Z' },
      ])
      .execute();
    const en = reviewsResponseSchema.parse(await ok(`/api/reviews?product_id=${product.id}&shop_id=&page=1&per_page=2`)).data
      .reviews;
    expect(en.map((r) => [r.customer_name, r.created_at, r.created_at_iso])).toEqual([
      ['Late', '22 Nov 2027', '2027-11-21T21:30:00.000Z'],
      ['Early', '21 Nov 2027', '2027-11-21T10:00:00.000Z'],
    ]);
    const ar = reviewsResponseSchema.parse(await ok(`/api/reviews?product_id=${product.id}&per_page=2`, 'ar')).data.reviews;
    expect(ar.map((r) => r.created_at)).toEqual(['22 نوفمبر 2027', '21 نوفمبر 2027']);
  });

  it('avatars: a review without a photo and a new user get the default avatar, which the API serves', async () => {
    const reviews = reviewsResponseSchema.parse(await ok('/api/reviews?shop_id=1&per_page=5')).data.reviews;
    expect(reviews.length).toBeGreaterThan(0);
    for (const r of reviews) expect(r.customer_profile).toBe(DEFAULT_AVATAR_URL);

    const me = await register(app, { password: 'tidy-secret-41', password_confirmation: 'tidy-secret-41' });
    expect((me.user as unknown as { profile_photo: unknown }).profile_photo).toBe(DEFAULT_AVATAR_URL);
    const profile = userResponseSchema.parse(await ok('/api/profile', 'en', me.token)).data.user;
    expect(profile.profile_photo).toBe(DEFAULT_AVATAR_URL);

    // A reviewer with a photo shows it.
    await app.db.updateTable('users').set({ profile_photo: '/uploads/profiles/x.webp' }).where('id', '=', me.user.id).execute();
    await app.db
      .insertInto('reviews')
      .values({
        product_id: 12,
        shop_id: (await app.db.selectFrom('products').select('shop_id').where('id', '=', 12).executeTakeFirstOrThrow()).shop_id,
        user_id: me.user.id,
        customer_name: 'Test Customer',
        rating: 4,
        description: null,
        created_at: '2028-01-01T00:00:00.000Z',
      })
      .execute();
    const mine = reviewsResponseSchema.parse(await ok('/api/reviews?product_id=12&per_page=1')).data.reviews[0]!;
    expect(mine.customer_profile).toBe('/uploads/profiles/x.webp');

    const svg = await get(DEFAULT_AVATAR_URL);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg.body).not.toMatch(/<script/i);
  });

  it("popular_products on product details: the shop's most popular other products, site-wide ones only filling a small shop", async () => {
    const popularOf = async (id: number) =>
      productDetailsResponseSchema.parse(await ok(`/api/product-details?product_id=${id}`)).data.popular_products;
    const p = await app.db
      .selectFrom('products')
      .select(['id', 'shop_id'])
      .where('shop_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const popular = await popularOf(p.id);
    expect(popular).toHaveLength(10);
    expect(popular.every((x) => x.shop.id === 1)).toBe(true);
    expect(ids(popular)).not.toContain(p.id);
    // The shop's best rated first (the "popular" sort's order).
    const shopList = productsResponseSchema.parse(
      await ok('/api/products?shop_id=1&sort_type=popular_product&per_page=11&search=&brand_id='),
    ).data.products;
    expect(ids(popular)).toEqual(
      ids(shopList)
        .filter((id) => id !== p.id)
        .slice(0, 10),
    );

    // A shop with three other active products: those three first, then the site's most popular.
    const small = await app.db.selectFrom('products').select('id').where('shop_id', '=', 2).orderBy('id').execute();
    const keep = small.slice(0, 4).map((r) => r.id);
    await app.db.updateTable('products').set({ is_active: 0 }).where('shop_id', '=', 2).where('id', 'not in', keep).execute();
    const mixed = await popularOf(keep[0]!);
    expect(mixed).toHaveLength(10);
    expect(mixed.slice(0, 3).every((x) => x.shop.id === 2)).toBe(true);
    expect(mixed.slice(3).every((x) => x.shop.id !== 2)).toBe(true);
    const siteWide = productsResponseSchema.parse(await ok('/api/products?sort_type=popular_product&per_page=20')).data.products;
    expect(ids(mixed.slice(3))).toEqual(
      ids(siteWide)
        .filter((id) => !keep.includes(id))
        .slice(0, 7),
    );
  });

  it('GET /shops/popular-products?product_id= answers the same list, and is not read as a shop id', async () => {
    const details = productDetailsResponseSchema.parse(await ok('/api/product-details?product_id=5')).data;
    const res = shopPopularProductsResponseSchema.parse(await ok('/api/shops/popular-products?product_id=5'));
    expect(ids(res.data.products)).toEqual(ids(details.popular_products));
    expect(res.data.products.length).toBeGreaterThan(0);
    const missing = await get('/api/shops/popular-products');
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['product_id']);
    expect((await get('/api/shops/popular-products?product_id=')).json().errors).toEqual({
      product_id: ['The product id field is required.'],
    });
    expect((await get('/api/shops/popular-products?product_id=99999')).statusCode).toBe(404);
    expect(shopDetailResponseSchema.parse(await ok('/api/shops/3')).data.shop.id).toBe(3);
  });

  it('GET /flash-sale/{id}/details filters by category_id', async () => {
    const all = flashSaleDetailsResponseSchema.parse(await ok('/api/flash-sale/1/details?per_page=100')).data;
    const byCategory = new Map<number, number>();
    for (const p of all.products) byCategory.set(p.category_id, (byCategory.get(p.category_id) ?? 0) + 1);
    expect(byCategory.size).toBeGreaterThan(1);
    const [category, count] = [...byCategory.entries()][0]!;
    const one = flashSaleDetailsResponseSchema.parse(
      await ok(`/api/flash-sale/1/details?page=1&per_page=100&category_id=${category}`),
    ).data;
    expect(one.total_products).toBe(count);
    expect(one.products.map((p) => p.category_id)).toEqual(Array(count).fill(category));
    const paged = flashSaleDetailsResponseSchema.parse(
      await ok(`/api/flash-sale/1/details?page=1&per_page=1&category_id=${category}`),
    ).data;
    expect(paged).toMatchObject({ total_products: count });
    expect(paged.products).toHaveLength(1);
    const none = await app.db
      .selectFrom('categories')
      .select('id')
      .where('id', 'not in', [...byCategory.keys()])
      .executeTakeFirstOrThrow();
    expect(flashSaleDetailsResponseSchema.parse(await ok(`/api/flash-sale/1/details?category_id=${none.id}`)).data).toMatchObject(
      {
        total_products: 0,
        products: [],
      },
    );
    expect((await get('/api/flash-sale/1/details?category_id=abc')).statusCode).toBe(422);
  });

  it("/master app_locale is the site's default language, whatever the request's", async () => {
    for (const lang of ['ar', 'en', 'fr'])
      expect(masterResponseSchema.parse(await ok('/api/master', lang)).data.app_locale).toBe('ar');
    // Another site whose default is English.
    const other = await createTestApp();
    await other.db.updateTable('languages').set({ is_default: 0 }).execute();
    await other.db.updateTable('languages').set({ is_default: 1 }).where('name', '=', 'en').execute();
    const res = await other.inject({ method: 'GET', url: '/api/master', headers: { 'accept-language': 'ar' } });
    const m = masterResponseSchema.parse(res.json()).data;
    expect(m.app_locale).toBe('en');
    expect(m.app_name).toBe('سوق عُمان');
  });

  it('products carry meta_keywords (may be empty) and a short_description that is never null', async () => {
    const en = productDetailsResponseSchema.parse(await ok('/api/product-details?product_id=37')).data.product;
    expect(en.meta_keywords).toMatch(/\w+, \w+/);
    expect(en.meta_keywords).toContain(en.shop.name);
    const ar = productDetailsResponseSchema.parse(await ok('/api/product-details?product_id=37', 'ar')).data.product;
    expect(ar.meta_keywords).toContain(ar.shop.name);
    expect(ar.meta_keywords).toContain('،');
    await app.db
      .updateTable('products')
      .set({ short_description: null, short_description_ar: null, meta_keywords: null, meta_keywords_ar: null })
      .where('id', '=', 38)
      .execute();
    const bare = (await ok<{ data: { product: Record<string, unknown> } }>('/api/product-details?product_id=38')).data.product;
    expect(bare.short_description).toBe('');
    expect(bare.meta_keywords).toBe('');
  });
});
