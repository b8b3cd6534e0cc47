import fs from 'node:fs';
import path from 'node:path';
import {
  checkoutResponseSchema,
  productDetailsResponseSchema,
  productsResponseSchema,
  reviewsResponseSchema,
  sellerReviewResponseSchema,
  sellerReviewsResponseSchema,
  sellerShopResponseSchema,
  shopDetailResponseSchema,
} from '@souq/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { get, makeCustomer, plainProducts, post, sellerAuth } from '../commerce/test-support';

const app = await createTestApp();
type App = typeof app;

const put = (target: App, url: string, auth: Record<string, string>, payload: unknown) =>
  target.inject({ method: 'PUT', url, headers: { ...auth, 'accept-language': 'en' }, payload: payload as object });

/** A multipart POST with one `image` file, as a browser's FormData sends it. */
async function upload(target: App, url: string, auth: Record<string, string>, bytes: Buffer | null, field = 'image') {
  const form = new FormData();
  if (bytes) form.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'picture.png');
  else form.set('note', 'nothing');
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return target.inject({
    method: 'POST',
    url,
    headers: { ...auth, 'content-type': encoded.headers.get('content-type')!, 'accept-language': 'en' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const auditRows = (action: string, targetId: number) =>
  app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

/** A review of a product of `shopId`, written now (so it is the newest). */
async function newReview(shopId: number, rating = 4, at = new Date().toISOString()) {
  const [product] = await plainProducts(app, { shopId });
  const { id } = await app.db
    .insertInto('reviews')
    .values({
      product_id: product!.id,
      shop_id: shopId,
      user_id: null,
      customer_name: 'Salim',
      rating,
      description: 'Fresh and well packed.',
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, productId: product!.id };
}

describe('seller reviews (BACKOFFICE.md "Seller centre")', () => {
  it("lists only the shop's products' reviews, newest first, with the product, filtered by rating, paged", async () => {
    const seller = await sellerAuth(app, 1);
    const all = sellerReviewsResponseSchema.parse((await get(app, '/api/seller/reviews?per_page=100', seller)).json()).data;
    const inDb = await app.db.selectFrom('reviews').select(['id', 'rating', 'shop_id']).where('shop_id', '=', 1).execute();
    expect(all.total).toBe(inDb.length);
    expect(all.reviews.length).toBe(Math.min(100, inDb.length));
    expect(new Set(all.reviews.map((r) => r.id))).toEqual(new Set(inDb.map((r) => r.id).slice(0, 100)));
    const times = all.reviews.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const products = await app.db.selectFrom('products').select(['id', 'shop_id', 'name']).execute();
    for (const r of all.reviews) expect(products.find((p) => p.id === r.product.id)!.shop_id).toBe(1);

    const fives = sellerReviewsResponseSchema.parse(
      (await get(app, '/api/seller/reviews?rating=5&per_page=100', seller)).json(),
    ).data;
    expect(fives.total).toBe(inDb.filter((r) => r.rating === 5).length);
    expect(fives.reviews.every((r) => r.rating === 5)).toBe(true);

    const page2 = sellerReviewsResponseSchema.parse(
      (await get(app, '/api/seller/reviews?page=2&per_page=2', seller)).json(),
    ).data;
    expect(page2.reviews.map((r) => r.id)).toEqual(all.reviews.slice(2, 4).map((r) => r.id));
    expect(page2.total).toBe(all.total);

    for (const bad of ['rating=0', 'rating=6', 'rating=x', 'page=0', 'per_page=500']) {
      const res = await get(app, `/api/seller/reviews?${bad}`, seller);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([bad.split('=')[0]]);
    }
  });

  it('answers the product name in the request language', async () => {
    const seller = await sellerAuth(app, 1);
    const { id, productId } = await newReview(1, 3);
    const product = await app.db
      .selectFrom('products')
      .select(['name', 'name_ar', 'thumbnail'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const ar = (await app.inject({ url: '/api/seller/reviews', headers: { ...seller, 'accept-language': 'ar' } })).json().data;
    const en = (await app.inject({ url: '/api/seller/reviews', headers: { ...seller, 'accept-language': 'en' } })).json().data;
    expect(ar.reviews[0]).toMatchObject({
      id,
      product: { id: productId, name: product.name_ar ?? product.name, thumbnail: product.thumbnail },
    });
    expect(en.reviews[0]).toMatchObject({ id, product: { id: productId, name: product.name } });
  });

  it('writes one reply, replaces it when posted again, and shows it under the review on the product page', async () => {
    const seller = await sellerAuth(app, 2);
    const { id, productId } = await newReview(2, 2);
    const first = await post(app, `/api/seller/reviews/${id}/reply`, seller, {
      reply: '  Thank you, Salim!\r\nWe will do better.  ',
    });
    expect(first.statusCode).toBe(200);
    const review = sellerReviewResponseSchema.parse(first.json()).data.review;
    expect(review).toMatchObject({ id, reply: 'Thank you, Salim!\nWe will do better.', rating: 2 });
    expect(review.replied_at).not.toBeNull();

    const again = sellerReviewResponseSchema.parse(
      (await post(app, `/api/seller/reviews/${id}/reply`, seller, { reply: 'Sorry about the delay.' })).json(),
    ).data.review;
    expect(again.reply).toBe('Sorry about the delay.');
    const row = await app.db.selectFrom('reviews').select(['reply', 'replied_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ reply: 'Sorry about the delay.', replied_at: again.replied_at });

    const listed = sellerReviewsResponseSchema
      .parse((await get(app, '/api/seller/reviews', seller)).json())
      .data.reviews.find((r) => r.id === id);
    expect(listed).toEqual(again);

    const storefront = reviewsResponseSchema.parse(
      (await app.inject({ url: `/api/reviews?product_id=${productId}` })).json(),
    ).data;
    expect(storefront.reviews.find((r) => r.id === id)).toMatchObject({
      reply: 'Sorry about the delay.',
      replied_at: again.replied_at,
    });
    expect(storefront.reviews.filter((r) => r.id !== id).every((r) => r.reply === null || typeof r.reply === 'string')).toBe(
      true,
    );

    const audit = await auditRows('review.reply', id);
    expect(audit.map((a) => JSON.parse(a.changes))).toEqual([
      { reply: [null, 'Thank you, Salim!\nWe will do better.'] },
      { reply: ['Thank you, Salim!\nWe will do better.', 'Sorry about the delay.'] },
    ]);
    expect(audit[0]).toMatchObject({ actor_role: 'seller', shop_id: 2, target_type: 'review' });
  });

  it("refuses another shop's review and an unknown one with 404, and bad replies with 422 on the reply", async () => {
    const { id } = await newReview(3);
    const other = await sellerAuth(app, 4);
    expect((await post(app, `/api/seller/reviews/${id}/reply`, other, { reply: 'Hi' })).statusCode).toBe(404);
    expect((await post(app, `/api/seller/reviews/99999999/reply`, other, { reply: 'Hi' })).statusCode).toBe(404);
    expect((await post(app, `/api/seller/reviews/abc/reply`, other, { reply: 'Hi' })).statusCode).not.toBe(500);
    const own = await sellerAuth(app, 3);
    for (const body of [
      {},
      { reply: '' },
      { reply: '   ' },
      { reply: 'x'.repeat(1001) },
      { reply: 'bell\u0007' },
      { reply: 'nul\u0000' },
      { reply: 5 },
      { reply: null },
    ]) {
      const res = await post(app, `/api/seller/reviews/${id}/reply`, own, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reply']);
    }
    expect((await post(app, `/api/seller/reviews/${id}/reply`, own, { reply: 'x'.repeat(1000) })).statusCode).toBe(200);
    expect(await auditRows('review.reply', id)).toHaveLength(1);
  });

  it('shows a reply on the cached product reviews within the answer cache lifetime', async () => {
    const ttl = 1000;
    const cached = await createTestApp({ catalogCacheTtlMs: ttl });
    const product = await cached.db
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', 5)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    const { id } = await cached.db
      .insertInto('reviews')
      .values({
        product_id: product!.id,
        shop_id: 5,
        user_id: null,
        customer_name: 'Maha',
        rating: 5,
        description: 'Lovely',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/reviews?product_id=${product!.id}`;
    const before = (await cached.inject({ url })).json().data.reviews.find((r: { id: number }) => r.id === id);
    expect(before.reply).toBeNull();
    const res = await post(cached, `/api/seller/reviews/${id}/reply`, await sellerAuth(cached, 5), { reply: 'Thank you!' });
    expect(res.statusCode).toBe(200);
    // The guests' answer is the cached one for a moment (the cache is on)…
    expect((await cached.inject({ url })).json().data.reviews.find((r: { id: number }) => r.id === id).reply).toBeNull();
    // …and shows the reply once it has expired.
    await new Promise((resolve) => setTimeout(resolve, ttl + 50));
    const after = (await cached.inject({ url })).json().data.reviews.find((r: { id: number }) => r.id === id);
    expect(after.reply).toBe('Thank you!');
  });
});

describe('seller shop profile (BACKOFFICE.md "Seller centre")', () => {
  it("answers the shop's profile with money in OMR", async () => {
    const seller = await sellerAuth(app, 1);
    const row = await app.db.selectFrom('shops').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const shop = sellerShopResponseSchema.parse((await get(app, '/api/seller/shop', seller)).json()).data.shop;
    expect(shop).toMatchObject({
      name: row.name,
      name_ar: row.name_ar,
      logo: row.logo,
      delivery_charge: row.delivery_charge / 1000,
      free_delivery_above: row.free_delivery_above / 1000,
      min_order_amount: row.min_order_amount / 1000,
      is_open: true,
    });
    const owner = await app.db
      .selectFrom('shop_users')
      .select(['email', 'phone'])
      .where('shop_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(shop.email).toBe(owner.email);
    expect(shop.phone).toBe(owner.phone);
  });

  it('changes only the fields a PUT sends, sanitises descriptions, clears with null, and records the changes', async () => {
    const seller = await sellerAuth(app, 6);
    const before = sellerShopResponseSchema.parse((await get(app, '/api/seller/shop', seller)).json()).data.shop;
    const res = await put(app, '/api/seller/shop', seller, {
      short_description: '  Dates from Nizwa  ',
      description: '<p>Hello <strong>there</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
      address_ar: null,
      delivery_charge: 1.25,
      phone: '+968 9123-4567',
      email: 'Shop@Example.COM',
    });
    expect(res.statusCode).toBe(200);
    const after = sellerShopResponseSchema.parse(res.json()).data.shop;
    const expected = {
      ...before,
      short_description: 'Dates from Nizwa',
      description: '<p>Hello <strong>there</strong><img src="x" /></p>',
      address_ar: null,
      delivery_charge: 1.25,
      phone: '+96891234567',
      email: 'shop@example.com',
    };
    expect(after).toEqual({ ...expected, description: after.description });
    expect(after.description).not.toMatch(/script|onerror/);
    expect(after.description).toMatch(/^<p>Hello <strong>there<\/strong>/);
    expect(sellerShopResponseSchema.parse((await get(app, '/api/seller/shop', seller)).json()).data.shop).toEqual(after);
    expect(
      (await app.db.selectFrom('shops').select('delivery_charge').where('id', '=', 6).executeTakeFirstOrThrow()).delivery_charge,
    ).toBe(1250);

    const [entry, ...more] = await auditRows('shop.update', 6);
    expect(more).toHaveLength(0);
    const changes = JSON.parse(entry!.changes);
    expect(Object.keys(changes).sort()).toEqual(
      [
        'short_description',
        'description',
        'delivery_charge',
        'phone',
        'email',
        ...(before.address_ar === null ? [] : ['address_ar']),
      ].sort(),
    );
    expect(changes.delivery_charge).toEqual([before.delivery_charge, 1.25]);
    expect(entry).toMatchObject({ actor_role: 'seller', shop_id: 6, target_type: 'shop', action: 'shop.update' });

    // Sending what is already there writes nothing and logs nothing; an empty body changes nothing.
    expect((await put(app, '/api/seller/shop', seller, { delivery_charge: 1.25 })).json().data.shop).toEqual(after);
    expect((await put(app, '/api/seller/shop', seller, {})).json().data.shop).toEqual(after);
    expect(await auditRows('shop.update', 6)).toHaveLength(1);
  });

  it('refuses bad fields with 422 on each field and writes nothing', async () => {
    const seller = await sellerAuth(app, 7);
    const before = (await get(app, '/api/seller/shop', seller)).json().data.shop;
    const other = await app.db.selectFrom('shops').select(['name', 'name_ar']).where('id', '=', 1).executeTakeFirstOrThrow();
    const cases: Array<[object, string]> = [
      [{ name: null }, 'name'],
      [{ name: '' }, 'name'],
      [{ name_ar: 'x'.repeat(101) }, 'name_ar'],
      [{ name: 'Bad\u0000name' }, 'name'],
      [{ name: other.name.toUpperCase() }, 'name'],
      [{ name_ar: other.name_ar }, 'name_ar'],
      [{ delivery_charge: 1.2345 }, 'delivery_charge'],
      [{ delivery_charge: -1 }, 'delivery_charge'],
      [{ free_delivery_above: 1e12 }, 'free_delivery_above'],
      [{ min_order_amount: '5' }, 'min_order_amount'],
      [{ delivery_charge: null }, 'delivery_charge'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: '12ab' }, 'phone'],
      [{ is_open: 'yes' }, 'is_open'],
      [{ is_open: null }, 'is_open'],
      [{ address: 'x'.repeat(301) }, 'address'],
      [{ short_description: 'line\nbreak' }, 'short_description'],
      [{ description: 5 }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await put(app, '/api/seller/shop', seller, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    const mixed = await put(app, '/api/seller/shop', seller, { email: 'x', delivery_charge: -2, name: 'Fine name' });
    expect(Object.keys(mixed.json().errors).sort()).toEqual(['delivery_charge', 'email']);
    expect((await get(app, '/api/seller/shop', seller)).json().data.shop).toEqual(before);
    expect(await auditRows('shop.update', 7)).toHaveLength(0);
  });

  it('shows a new name on the storefront shop page and cards (the card revision moves)', async () => {
    const seller = await sellerAuth(app, 8);
    const rev = async () => (await app.db.selectFrom('catalog_revision').select('revision').executeTakeFirstOrThrow()).revision;
    const cards = async () =>
      productsResponseSchema.parse(
        (await app.inject({ url: '/api/products?shop_id=8&per_page=5', headers: { 'accept-language': 'en' } })).json(),
      ).data.products;
    expect((await cards()).length).toBeGreaterThan(0);
    const revBefore = await rev();
    const res = await put(app, '/api/seller/shop', seller, { name: 'Renamed Souq Shop', name_ar: 'متجر جديد الاسم' });
    expect(res.statusCode).toBe(200);
    expect(Number(await rev())).toBeGreaterThan(Number(revBefore));
    expect((await cards()).every((p) => p.shop.name === 'Renamed Souq Shop')).toBe(true);
    const shop = shopDetailResponseSchema.parse(
      (await app.inject({ url: '/api/shops/8', headers: { 'accept-language': 'ar' } })).json(),
    ).data.shop;
    expect(shop.name).toBe('متجر جديد الاسم');
    const found = (await app.inject({ url: '/api/shops?search=renamed', headers: { 'accept-language': 'en' } })).json().data
      .shops;
    expect(found.map((s: { id: number }) => s.id)).toEqual([8]);
  });

  it("uses the new delivery charge in the customer's next checkout", async () => {
    const seller = await sellerAuth(app, 2);
    const c = await makeCustomer(app);
    const [p] = await plainProducts(app, { shopId: 2, minStock: 5 });
    await put(app, '/api/seller/shop', seller, { free_delivery_above: 0, min_order_amount: 0 });
    expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 })).statusCode).toBe(200);
    const charge = async () =>
      checkoutResponseSchema.parse((await post(app, '/api/cart/checkout', c.auth, { shop_ids: [2] })).json()).data.checkout
        .delivery_charge;
    await put(app, '/api/seller/shop', seller, { delivery_charge: 0.75 });
    expect(await charge()).toBe(0.75);
    await put(app, '/api/seller/shop', seller, { delivery_charge: 2.125 });
    expect(await charge()).toBe(2.125);
  });

  it('a closed shop stays listed, marked closed, and nothing of it can be ordered until it opens', async () => {
    const plain = await plainProducts(app, { minStock: 5 });
    const shopId = (plain.find((x) => x.shop_id !== 2) ?? plain[0]!).shop_id;
    const seller = await sellerAuth(app, shopId);
    const c = await makeCustomer(app);
    const [p] = await plainProducts(app, { shopId, minStock: 5 });
    expect((await put(app, '/api/seller/shop', seller, { is_open: false })).json().data.shop.is_open).toBe(false);
    expect(shopDetailResponseSchema.parse((await app.inject({ url: `/api/shops/${shopId}` })).json()).data.shop.is_open).toBe(
      false,
    );
    const details = productDetailsResponseSchema.parse(
      (await app.inject({ url: `/api/product-details?product_id=${p!.id}` })).json(),
    ).data.product;
    expect(details).toMatchObject({ in_stock: false, shop_open: false });
    const add = await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 });
    expect(add.statusCode).toBe(422);
    expect(Object.keys(add.json().errors)).toEqual(['product_id']);
    await put(app, '/api/seller/shop', seller, { is_open: true });
    expect((await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 })).statusCode).toBe(200);
    expect(
      productDetailsResponseSchema.parse((await app.inject({ url: `/api/product-details?product_id=${p!.id}` })).json()).data
        .product,
    ).toMatchObject({
      in_stock: true,
      shop_open: true,
    });
    expect((await auditRows('shop.update', shopId)).map((a) => JSON.parse(a.changes))).toEqual([
      { is_open: [true, false] },
      { is_open: [false, true] },
    ]);
  });
});

describe('shop logo and banner uploads', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3a7' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .jpeg()
      .toBuffer();

  it('stores the logo (320×320) and the banner (1600×400) as WebP without metadata, and records old and new paths', async () => {
    const seller = await sellerAuth(app, 3);
    const before = (await get(app, '/api/seller/shop', seller)).json().data.shop;
    for (const [kind, w, h] of [
      ['logo', 320, 320],
      ['banner', 1600, 400],
    ] as const) {
      const res = await upload(app, `/api/seller/shop/${kind}`, seller, await png(2000, 900));
      expect(res.statusCode, res.body).toBe(200);
      const shop = sellerShopResponseSchema.parse(res.json()).data.shop;
      expect(shop[kind]).toMatch(/^\/uploads\/shops\/[0-9a-f]{32}\.webp$/);
      expect({ ...shop, [kind]: before[kind] }).toEqual(before);
      before[kind] = shop[kind];
      const file = path.join(app.config.dataDir, 'uploads', 'shops', path.basename(shop[kind]!));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: w, height: h });
      expect(meta.exif).toBeUndefined();
      const served = await app.inject({ url: `/img/256${shop[kind]!}` });
      expect(served.statusCode).toBe(200);
      const [entry] = await auditRows(`shop.${kind}`, 3);
      expect(JSON.parse(entry!.changes)).toEqual({ [kind]: [expect.any(String), shop[kind]] });
      expect(JSON.parse(entry!.changes)[kind][0]).not.toBe(shop[kind]);
    }
    const page = shopDetailResponseSchema.parse((await app.inject({ url: '/api/shops/3' })).json()).data.shop;
    expect(page).toMatchObject({ logo: before.logo, banner: before.banner });
  });

  it('refuses what is not an image by its content, a missing file and a huge picture with 422 on image', async () => {
    const seller = await sellerAuth(app, 5);
    const before = (await get(app, '/api/seller/shop', seller)).json().data.shop;
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const huge = await sharp({ create: { width: 7000, height: 100, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const kind of ['logo', 'banner']) {
      for (const [bytes, name] of [
        [fake, 'svg'],
        [Buffer.from('GIF89a not really'), 'gif'],
        [null, 'missing'],
        [huge, 'huge'],
      ] as const) {
        const res = await upload(app, `/api/seller/shop/${kind}`, seller, bytes);
        expect(res.statusCode, `${kind} ${name}`).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['image']);
      }
      const json = await app.inject({
        method: 'POST',
        url: `/api/seller/shop/${kind}`,
        headers: seller,
        payload: { image: 'x' },
      });
      expect(json.statusCode).toBe(422);
    }
    expect((await get(app, '/api/seller/shop', seller)).json().data.shop).toEqual(before);
    expect(await auditRows('shop.logo', 5)).toHaveLength(0);
  });
});

describe('seller shop calls: who may call them', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/api/seller/reviews'],
    ['POST', '/api/seller/reviews/1/reply', { reply: 'Hi' }],
    ['GET', '/api/seller/shop'],
    ['PUT', '/api/seller/shop', { name: 'Nope' }],
    ['POST', '/api/seller/shop/logo'],
    ['POST', '/api/seller/shop/banner'],
  ];

  it('answers 401 without a token and 403 to a customer token', async () => {
    const customer = await makeCustomer(app);
    for (const [method, url, payload] of calls) {
      const anon = await app.inject({ method: method as 'GET', url, payload: payload as object });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      const wrong = await app.inject({ method: method as 'GET', url, headers: customer.auth, payload: payload as object });
      expect(wrong.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
