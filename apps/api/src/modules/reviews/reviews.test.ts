import { customerOrderResponseSchema, productReviewResponseSchema, reviewsResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { get, makeCustomer, plainProducts, post, sellerAuth, type TestCustomer } from '../commerce/test-support';
import { jpegWithExif, multipart, pdf, png } from '../support/test-support';

const app = await createTestApp();
const uploadsDir = path.join(app.config.dataDir, 'uploads');
const reviewsDir = path.join(uploadsDir, 'reviews');
const SHOP = 1;

/** An order of `productId` from SHOP, placed by `c` and moved by the seller up to `until` (Delivered). */
async function orderOf(c: TestCustomer, productId: number, until = 'Delivered') {
  expect((await post(app, '/api/cart/store', c.auth, { product_id: productId, quantity: 1 })).statusCode).toBe(200);
  const placed = await post(app, '/api/place-order', c.auth, {
    shop_ids: [SHOP],
    address_id: c.addressId,
    payment_method: 'cash',
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().data.orders[0].id as number;
  const seller = await sellerAuth(app, SHOP);
  for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']) {
    expect((await post(app, `/api/seller/orders/${id}/status`, seller, { order_status: status })).statusCode).toBe(200);
    if (status === until) break;
  }
  return id;
}

const review = (c: TestCustomer, body: object) => post(app, '/api/product-review', c.auth, body);
const figures = (productId: number) =>
  app.db.selectFrom('products').select(['rating', 'total_reviews']).where('id', '=', productId).executeTakeFirstOrThrow();
const shopFigures = () =>
  app.db.selectFrom('shops').select(['rating', 'total_reviews']).where('id', '=', SHOP).executeTakeFirstOrThrow();
/** The true average and count of a product's visible reviews. */
async function truth(productId: number) {
  const rows = await app.db
    .selectFrom('reviews')
    .select('rating')
    .where('product_id', '=', productId)
    .where('is_hidden', '=', 0)
    .execute();
  return { n: rows.length, avg: rows.length ? rows.reduce((s, r) => s + r.rating, 0) / rows.length : 0 };
}

const [product, other] = await plainProducts(app, { shopId: SHOP, minStock: 50 });

describe('POST /api/product-review', () => {
  it('refuses a guest, an order not delivered, a product not in the order and another customer’s order', async () => {
    const c = await makeCustomer(app);
    const pending = await orderOf(c, product!.id, 'Pickup');
    const body = { product_id: product!.id, order_id: pending, rating: 5, description: 'Great' };
    expect((await app.inject({ method: 'POST', url: '/api/product-review', payload: body })).statusCode).toBe(401);
    const early = await review(c, body);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.order_id[0]).toMatch(/delivered/);

    const delivered = await orderOf(c, product!.id);
    const notInOrder = await review(c, { ...body, order_id: delivered, product_id: other!.id });
    expect(notInOrder.statusCode).toBe(422);
    expect(notInOrder.json().errors.product_id).toBeDefined();
    const stranger = await makeCustomer(app);
    expect((await review(stranger, { ...body, order_id: delivered })).statusCode).toBe(404);
    expect((await review(c, { ...body, order_id: 2_000_000_000 })).statusCode).toBe(404);
    expect(await app.db.selectFrom('reviews').select('id').where('order_id', 'in', [pending, delivered]).execute()).toEqual([]);
  });

  it('refuses ratings out of 1–5, a text too long or with control characters (422 naming the field)', async () => {
    const c = await makeCustomer(app);
    const order = await orderOf(c, product!.id);
    const base = { product_id: product!.id, order_id: order, rating: 4, description: 'ok' };
    for (const [patch, field] of [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 2.5 }, 'rating'],
      [{ rating: 'five' }, 'rating'],
      [{ rating: undefined }, 'rating'],
      [{ description: 'x'.repeat(1001) }, 'description'],
      [{ description: 'bad\u0000byte' }, 'description'],
      [{ order_id: 'abc' }, 'order_id'],
    ] as const) {
      const res = await review(c, { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('writes the review once; the product page, its rating and the shop’s follow; the order shows it', async () => {
    const c = await makeCustomer(app);
    const order = await orderOf(c, product!.id);
    const before = await figures(product!.id);
    const text = 'Fresh and <b>well</b> packed\r\n\r\n\r\nwould buy again';
    const res = await review(c, { product_id: String(product!.id), order_id: order, rating: '2', description: text });
    expect(res.statusCode, res.body).toBe(201);
    const data = productReviewResponseSchema.parse(res.json()).data;
    expect(data.review).toMatchObject({ rating: 2, description: 'Fresh and <b>well</b> packed\n\nwould buy again', reply: null });
    const t = await truth(product!.id);
    expect(t.n).toBe(Number(before.total_reviews) + 1);
    expect(data.product.total_reviews).toBe(t.n);
    expect(data.product.rating).toBeCloseTo(t.avg, 6);
    expect(Number((await figures(product!.id)).rating)).toBeCloseTo(t.avg, 6);
    const shopRows = await app.db
      .selectFrom('reviews')
      .select('rating')
      .where('shop_id', '=', SHOP)
      .where('is_hidden', '=', 0)
      .execute();
    const shop = await shopFigures();
    expect(Number(shop.total_reviews)).toBe(shopRows.length);
    expect(Number(shop.rating)).toBeCloseTo(shopRows.reduce((s, r) => s + r.rating, 0) / shopRows.length, 6);

    // First on the product's reviews, as text.
    const list = reviewsResponseSchema.parse((await get(app, `/api/reviews?product_id=${product!.id}`, {})).json()).data;
    expect(list.reviews[0]).toMatchObject({ id: data.review.id, rating: 2, description: data.review.description });

    // The order's line carries it, editable for 30 days.
    const seen = customerOrderResponseSchema.parse((await get(app, `/api/order-details?order_id=${order}`, c.auth)).json()).data
      .order;
    expect(seen.can_review).toBe(true);
    const line = seen.products.find((p) => p.product_id === product!.id)!;
    expect(line.review).toMatchObject({ id: data.review.id, rating: 2 });
    expect(Date.parse(line.review!.editable_until!) - Date.parse(line.review!.created_at)).toBe(30 * 86_400_000);

    // Once.
    const again = await review(c, { product_id: product!.id, order_id: order, rating: 5, description: '' });
    expect(again.statusCode).toBe(409);
    expect((await truth(product!.id)).n).toBe(t.n);
  });

  it('lets its writer change it for 30 days, and nobody else', async () => {
    const c = await makeCustomer(app);
    const order = await orderOf(c, product!.id);
    const id = (await review(c, { product_id: product!.id, order_id: order, rating: 1, description: 'late' })).json().data.review
      .id;
    const put = (who: TestCustomer, body: object, reviewId: number | string = id) =>
      app.inject({ method: 'PUT', url: `/api/product-review/${reviewId}`, headers: who.auth, payload: body });
    const changed = await put(c, { rating: 5, description: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.review).toMatchObject({ rating: 5, description: null });
    expect(Number((await figures(product!.id)).rating)).toBeCloseTo((await truth(product!.id)).avg, 6);
    expect((await put(await makeCustomer(app), { rating: 1 })).statusCode).toBe(404);
    expect((await put(c, { rating: 1 }, 'x1')).statusCode).toBe(404);
    expect((await put(c, { rating: 9 })).statusCode).toBe(422);
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await app.db.updateTable('reviews').set({ created_at: old }).where('id', '=', id).execute();
    const late = await put(c, { rating: 2 });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.review[0]).toMatch(/30 days/);
    const seen = (await get(app, `/api/order-details?order_id=${order}`, c.auth)).json().data.order;
    expect(seen.products[0].review).toMatchObject({ rating: 5, editable_until: null });
  });

  it('counts every review written at the same moment (product and shop totals)', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => makeCustomer(app)));
    const orders: number[] = [];
    for (const b of buyers) orders.push(await orderOf(b, other!.id));
    const ratings = [5, 4, 3, 5, 1, 2];
    const answers = await Promise.all(
      buyers.map((b, i) => review(b, { product_id: other!.id, order_id: orders[i], rating: ratings[i], description: `r${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ratings.map(() => 201));
    const t = await truth(other!.id);
    const f = await figures(other!.id);
    expect(Number(f.total_reviews)).toBe(t.n);
    expect(Number(f.rating)).toBeCloseTo(t.avg, 6);
    const shopRows = await app.db
      .selectFrom('reviews')
      .select('rating')
      .where('shop_id', '=', SHOP)
      .where('is_hidden', '=', 0)
      .execute();
    expect(Number((await shopFigures()).total_reviews)).toBe(shopRows.length);
    // The same review sent twice at once: one is written.
    const twice = await makeCustomer(app);
    const order = await orderOf(twice, other!.id);
    const both = await Promise.all([1, 2].map(() => review(twice, { product_id: other!.id, order_id: order, rating: 3 })));
    expect(both.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('leaves hidden reviews out of the product page', async () => {
    const c = await makeCustomer(app);
    const order = await orderOf(c, product!.id);
    const id = (await review(c, { product_id: product!.id, order_id: order, rating: 3, description: 'to hide' })).json().data
      .review.id;
    await app.db.updateTable('reviews').set({ is_hidden: 1 }).where('id', '=', id).execute();
    const list = (await get(app, `/api/reviews?product_id=${product!.id}&per_page=50`, {})).json().data;
    expect(list.reviews.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it('takes up to three photos (multipart), stored as WebP without metadata, shown with the review', async () => {
    const c = await makeCustomer(app);
    const order = await orderOf(c, product!.id);
    const fields = { product_id: String(product!.id), order_id: String(order), rating: '5', description: 'With photos' };
    const send = (files: Parameters<typeof multipart>[1]) => {
      const { payload, headers } = multipart(fields, files);
      return app.inject({ method: 'POST', url: '/api/product-review', headers: { ...c.auth, ...headers }, payload });
    };
    const photo = (data: Buffer, name = 'p.png', type = 'image/png') => ({ field: 'photos', name, type, data });
    const [small, jpeg] = [await png(), await jpegWithExif()];
    const before = fs.existsSync(reviewsDir) ? fs.readdirSync(reviewsDir).length : 0;
    // Four photos, a photo that is not an image, one over 2 MB: 422 on photos, nothing written or stored.
    for (const files of [
      [photo(small), photo(small), photo(small), photo(small)],
      [photo(small), photo(pdf(), 'x.pdf', 'application/pdf')],
      [photo(Buffer.concat([small, Buffer.alloc(2 * 1024 * 1024)]))],
    ]) {
      const res = await send(files);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['photos']);
    }
    expect(fs.existsSync(reviewsDir) ? fs.readdirSync(reviewsDir).length : 0).toBe(before);
    expect(await app.db.selectFrom('reviews').select('id').where('order_id', '=', order).execute()).toEqual([]);

    const res = await send([photo(jpeg, 'camera.jpg', 'image/jpeg'), { ...photo(small), field: 'photos[]' }]);
    expect(res.statusCode, res.body).toBe(201);
    const { review } = productReviewResponseSchema.parse(res.json()).data;
    expect(review.photos).toHaveLength(2);
    for (const url of review.photos) {
      expect(url).toMatch(/^\/uploads\/reviews\/[0-9a-f]{24}\.webp$/);
      const meta = await sharp(path.join(uploadsDir, url.replace('/uploads/', ''))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    const list = (await get(app, `/api/reviews?product_id=${product!.id}`, {})).json().data;
    expect(list.reviews.find((r: { id: number }) => r.id === review.id).photos).toEqual(review.photos);
    const seen = (await get(app, `/api/order-details?order_id=${order}`, c.auth)).json().data.order;
    expect(seen.products[0].review.photos).toEqual(review.photos);
  });
});
