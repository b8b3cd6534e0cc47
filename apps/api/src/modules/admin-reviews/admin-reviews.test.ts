import {
  adminReviewResponseSchema,
  adminReviewsResponseSchema,
  auditLogResponseSchema,
  productDetailsResponseSchema,
  reviewsResponseSchema,
  sellerReviewsResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { get, makeCustomer, plainProducts, post, sellerAuth } from '../commerce/test-support';
import { recountRatings } from '../reviews';

const app = await createTestApp();
const operatorId = await testOperator(app.db, 'reviews-operator@souq.om');
await app.db.updateTable('operators').set({ name: 'Salma Moderator' }).where('id', '=', operatorId).execute();
const ops = { authorization: `Bearer ${(await issueToken(app.db, 'operator', operatorId)).token}` };
const SHOP = 2;

const products = await plainProducts(app, { shopId: SHOP });
let nextProduct = 0;
/** A product of SHOP no other test of this file touches. */
const freshProduct = () => products[nextProduct++]!;

let seq = 0;
/** A review written straight in the database (then the ratings recounted, as a customer's review does). */
async function addReview(
  productId: number,
  over: { rating?: number; description?: string | null; customer_name?: string; created_at?: string } = {},
) {
  seq++;
  const { id } = await app.db
    .insertInto('reviews')
    .values({
      product_id: productId,
      shop_id: SHOP,
      user_id: null,
      customer_name: over.customer_name ?? `Reviewer ${seq}`,
      rating: over.rating ?? 4,
      description: over.description === undefined ? `Review text ${seq}` : over.description,
      created_at: over.created_at ?? new Date(Date.now() + seq).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recountRatings(app.db, productId, SHOP);
  return id;
}

const list = (query = '', auth = ops) => get(app, `/api/admin/reviews${query}`, auth);
const listed = async (query = '', locale = 'en') => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/reviews${query}`,
    headers: { ...ops, 'accept-language': locale },
  });
  expect(res.statusCode, res.body).toBe(200);
  return adminReviewsResponseSchema.parse(res.json()).data;
};
const act = (id: number | string, action: 'hide' | 'show', body?: object, auth = ops) =>
  app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/${action}`, headers: auth, ...(body ? { payload: body } : {}) });
const hide = (id: number | string, reason = 'Insults the seller', auth = ops) => act(id, 'hide', { reason }, auth);
const show = (id: number | string, auth = ops) => act(id, 'show', undefined, auth);

const productFigures = async (id: number) => {
  const r = await app.db
    .selectFrom('products')
    .select(['rating', 'total_reviews'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { rating: Number(r.rating), n: Number(r.total_reviews) };
};
const shopFigures = async () => {
  const r = await app.db.selectFrom('shops').select(['rating', 'total_reviews']).where('id', '=', SHOP).executeTakeFirstOrThrow();
  return { rating: Number(r.rating), n: Number(r.total_reviews) };
};
/** The true average and count of the visible reviews of a product or of the shop. */
async function truth(where: { productId: number } | { shop: true }) {
  let q = app.db.selectFrom('reviews').select('rating').where('is_hidden', '=', 0);
  q = 'productId' in where ? q.where('product_id', '=', where.productId) : q.where('shop_id', '=', SHOP);
  const rows = await q.execute();
  return { n: rows.length, avg: rows.length ? rows.reduce((s, r) => s + r.rating, 0) / rows.length : 0 };
}
async function expectTrueFigures(productId: number) {
  const [p, pt, s, st] = await Promise.all([
    productFigures(productId),
    truth({ productId }),
    shopFigures(),
    truth({ shop: true }),
  ]);
  expect(p.n).toBe(pt.n);
  expect(p.rating).toBeCloseTo(pt.avg, 6);
  expect(s.n).toBe(st.n);
  expect(s.rating).toBeCloseTo(st.avg, 6);
  return { product: p, shop: s };
}

const publicIds = async (query: string) =>
  reviewsResponseSchema.parse((await get(app, `/api/reviews?${query}&per_page=100`, {})).json()).data.reviews.map((r) => r.id);

const auditOf = async (action: string) => {
  const res = await get(app, `/api/admin/audit-log?action=${action}&per_page=100`, ops);
  expect(res.statusCode, res.body).toBe(200);
  return auditLogResponseSchema.parse(res.json()).data.entries;
};

describe('GET /api/admin/reviews', () => {
  it('lists every review newest first, hidden ones included, with its product and shop in the asked language', async () => {
    const product = freshProduct();
    const older = await addReview(product.id, { created_at: '2020-01-01T00:00:00.000Z', description: 'an old one' });
    const newest = await addReview(product.id, {
      created_at: '2099-01-01T00:00:00.000Z',
      rating: 2,
      description: 'from the future',
    });
    await app.db.updateTable('reviews').set({ reply: 'Thanks' }).where('id', '=', newest).execute();
    const all = await listed();
    expect(all.total).toBeGreaterThan(100); // the seeded reviews too
    expect(all.reviews).toHaveLength(20);
    expect(all.reviews[0]).toEqual({
      id: newest,
      product: { id: product.id, name: expect.any(String), thumbnail: expect.anything() },
      shop: { id: SHOP, name: expect.any(String) },
      customer_name: expect.stringMatching(/^Reviewer /),
      rating: 2,
      description: 'from the future',
      reply: 'Thanks',
      is_hidden: false,
      created_at: '2099-01-01T00:00:00.000Z',
    });
    const dates = all.reviews.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const names = await app.db
      .selectFrom('products')
      .select(['name', 'name_ar'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    const shop = await app.db.selectFrom('shops').select(['name', 'name_ar']).where('id', '=', SHOP).executeTakeFirstOrThrow();
    const ar = (await listed('', 'ar')).reviews[0]!;
    expect(ar.product.name).toBe(names.name_ar ?? names.name);
    expect(ar.shop.name).toBe(shop.name_ar ?? shop.name);
    expect(all.reviews[0]!.product.name).toBe(names.name);

    // Pages follow one another without a gap.
    const page2 = await listed('?page=2&per_page=10');
    expect(page2.reviews.map((r) => r.id)).toEqual(all.reviews.slice(10, 20).map((r) => r.id));
    expect(page2.total).toBe(all.total);
    expect((await listed('?per_page=100&page=100000')).reviews).toEqual([]);
    expect(older).toBeGreaterThan(0);
  });

  it("searches the text, the writer's name and the product's name (either language), the search taken literally", async () => {
    const product = freshProduct();
    const stamp = `zq${Date.now().toString(36)}`;
    const byText = await addReview(product.id, { description: `Arrived broken ${stamp}TEXT` });
    const byName = await addReview(product.id, { customer_name: `Hamad ${stamp}NAME`, description: null });
    const ids = async (search: string) =>
      (await listed(`?search=${encodeURIComponent(search)}&per_page=100`)).reviews.map((r) => r.id);
    expect(await ids(`${stamp}text`)).toEqual([byText]);
    expect(await ids(`${stamp.toUpperCase()}NAME`)).toEqual([byName]);

    await app.db
      .updateTable('products')
      .set({ name: `Saffron ${stamp}PROD`, name_ar: `زعفران ${stamp}عربي` })
      .where('id', '=', product.id)
      .execute();
    const ofProduct = await app.db.selectFrom('reviews').select('id').where('product_id', '=', product.id).execute();
    expect((await ids(`${stamp}prod`)).sort()).toEqual(ofProduct.map((r) => r.id).sort());
    expect((await ids(`زعفران ${stamp}عربي`)).sort()).toEqual(ofProduct.map((r) => r.id).sort());
    expect(await ids(`${stamp}NOTHING`)).toEqual([]);
    // % and _ are letters here, not wildcards.
    expect((await listed(`?search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await listed(`?search=${encodeURIComponent('_')}`)).total).toBe(0);
    // A blank search is no search.
    expect((await listed('?search=%20%20')).total).toBe((await listed()).total);
  });

  it('filters by stars and by visibility; their counts add up', async () => {
    const product = freshProduct();
    const stamp = `vis${Date.now().toString(36)}`;
    const shown = await addReview(product.id, { rating: 3, description: `${stamp} shown` });
    const hidden = await addReview(product.id, { rating: 3, description: `${stamp} hidden` });
    const five = await addReview(product.id, { rating: 5, description: `${stamp} five` });
    expect((await hide(hidden)).statusCode).toBe(200);
    const ids = async (query: string) =>
      (await listed(`?search=${stamp}&per_page=100${query}`)).reviews.map((r) => r.id).sort((a, b) => a - b);
    expect(await ids('')).toEqual([shown, hidden, five]);
    expect(await ids('&visibility=visible')).toEqual([shown, five]);
    expect(await ids('&visibility=hidden')).toEqual([hidden]);
    expect(await ids('&visibility=ALL')).toEqual([shown, hidden, five]);
    expect(await ids('&rating=3')).toEqual([shown, hidden]);
    expect(await ids('&rating=3&visibility=hidden')).toEqual([hidden]);
    expect(await ids('&rating=5&visibility=hidden')).toEqual([]);
    const [all, visible, hiddenAll] = await Promise.all([listed(), listed('?visibility=visible'), listed('?visibility=hidden')]);
    expect(visible.total + hiddenAll.total).toBe(all.total);
    expect(hiddenAll.reviews.every((r) => r.is_hidden)).toBe(true);
    expect(visible.reviews.every((r) => !r.is_hidden)).toBe(true);
    for (const r of (await listed('?rating=1&per_page=100')).reviews) expect(r.rating).toBe(1);
  });

  it('answers 422 naming the field for a bad filter or page', async () => {
    for (const [query, field] of [
      ['?visibility=gone', 'visibility'],
      ['?rating=0', 'rating'],
      ['?rating=6', 'rating'],
      ['?rating=two', 'rating'],
      ['?page=0', 'page'],
      ['?per_page=101', 'per_page'],
      [`?search=${'y'.repeat(101)}`, 'search'],
      ['?search=a%00b', 'search'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });
});

describe('POST /api/admin/reviews/{id}/hide and /show', () => {
  it('refuses no token (401) and a customer’s or a seller’s token (403), on every call', async () => {
    const id = await addReview(freshProduct().id);
    const customer = await makeCustomer(app);
    const seller = await sellerAuth(app, SHOP);
    expect((await app.inject({ method: 'GET', url: '/api/admin/reviews' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/hide`, payload: { reason: 'x' } })).statusCode,
    ).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/show` })).statusCode).toBe(401);
    expect((await list('', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    for (const auth of [customer.auth, seller]) {
      expect((await list('', auth)).statusCode).toBe(403);
      expect((await hide(id, 'spam', auth)).statusCode).toBe(403);
      expect((await show(id, auth)).statusCode).toBe(403);
    }
    const row = await app.db.selectFrom('reviews').select('is_hidden').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.is_hidden).toBe(0);
    expect((await auditOf('review.hide')).filter((e) => e.target.id === id)).toEqual([]);
  });

  it('hiding takes the review off the product’s and the shop’s pages and ratings; showing brings it back; each is audited once', async () => {
    const product = freshProduct();
    // A review written by a customer through the API, as on the site (its order delivered first).
    const c = await makeCustomer(app);
    expect((await post(app, '/api/cart/store', c.auth, { product_id: product.id, quantity: 1 })).statusCode).toBe(200);
    const placed = await post(app, '/api/place-order', c.auth, {
      shop_ids: [SHOP],
      address_id: c.addressId,
      payment_method: 'cash',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orders[0].id as number;
    const seller = await sellerAuth(app, SHOP);
    for (const order_status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'])
      expect((await post(app, `/api/seller/orders/${orderId}/status`, seller, { order_status })).statusCode).toBe(200);
    const written = await post(app, '/api/product-review', c.auth, {
      product_id: product.id,
      order_id: orderId,
      rating: 1,
      description: 'Rude words',
    });
    expect(written.statusCode, written.body).toBe(201);
    const id = written.json().data.review.id as number;
    await addReview(product.id, { rating: 5 });
    await addReview(product.id, { rating: 4 });

    const before = await expectTrueFigures(product.id);
    expect(before.product.n).toBeGreaterThanOrEqual(3);
    expect(await publicIds(`product_id=${product.id}`)).toContain(id);
    expect(await publicIds(`shop_id=${SHOP}`)).toContain(id);

    const res = await hide(id, '  Insults the seller\r\nand other buyers  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(adminReviewResponseSchema.parse(res.json()).data.review).toMatchObject({
      id,
      is_hidden: true,
      rating: 1,
      description: 'Rude words',
    });
    const after = await expectTrueFigures(product.id);
    expect(after.product.n).toBe(before.product.n - 1);
    expect(after.product.rating).toBeGreaterThan(before.product.rating);
    expect(after.shop.n).toBe(before.shop.n - 1);
    expect(await publicIds(`product_id=${product.id}`)).not.toContain(id);
    expect(await publicIds(`shop_id=${SHOP}`)).not.toContain(id);
    const stats = reviewsResponseSchema.parse((await get(app, `/api/reviews?product_id=${product.id}`, {})).json()).data;
    expect(stats.average_rating_percentage.total_review).toBe(after.product.n);
    // The product page's figures come from the product's row.
    const page = productDetailsResponseSchema.parse((await get(app, `/api/product-details?product_id=${product.id}`, {})).json())
      .data.product;
    expect(page.total_reviews).toBe(after.product.n);
    expect(page.rating).toBeCloseTo(after.product.rating, 1);

    // Its shop still sees it in the seller centre, marked hidden.
    const mine = sellerReviewsResponseSchema.parse((await get(app, '/api/seller/reviews?per_page=100', seller)).json()).data
      .reviews;
    expect(mine.find((r) => r.id === id)).toMatchObject({ is_hidden: true });
    expect(mine.find((r) => r.id !== id)).toMatchObject({ is_hidden: false });

    // Hiding it again is answered as it is, and records nothing.
    const again = await hide(id, 'Another reason');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.review.is_hidden).toBe(true);
    const hides = (await auditOf('review.hide')).filter((e) => e.target.id === id);
    expect(hides).toHaveLength(1);
    expect(hides[0]).toMatchObject({
      actor: { role: 'operator', id: operatorId, name: 'Salma Moderator' },
      action: 'review.hide',
      target: { type: 'review', id },
      changes: { is_hidden: [false, true], reason: [null, 'Insults the seller\nand other buyers'] },
    });

    const shown = await show(id);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.review.is_hidden).toBe(false);
    const back = await expectTrueFigures(product.id);
    expect(back.product).toEqual(before.product);
    expect(back.shop.n).toBe(before.shop.n);
    expect(await publicIds(`product_id=${product.id}`)).toContain(id);
    expect((await show(id)).statusCode).toBe(200);
    const shows = (await auditOf('review.show')).filter((e) => e.target.id === id);
    expect(shows).toHaveLength(1);
    expect(shows[0]!.changes).toEqual({ is_hidden: [true, false] });
  });

  it('answers 404 for an unknown or malformed id, 422 for a missing, empty or too long reason', async () => {
    for (const bad of ['999999999', '0', '-3', 'abc', '1.5', '99999999999']) {
      expect((await hide(bad)).statusCode, bad).toBe(404);
      expect((await show(bad)).statusCode, bad).toBe(404);
    }
    const id = await addReview(freshProduct().id);
    for (const body of [
      {},
      { reason: '' },
      { reason: '   \n ' },
      { reason: 'r'.repeat(501) },
      { reason: 42 },
      { reason: 'a\u0000b' },
    ]) {
      const res = await act(id, 'hide', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    expect((await act(id, 'hide')).statusCode).toBe(422);
    const row = await app.db.selectFrom('reviews').select('is_hidden').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.is_hidden).toBe(0);
    expect((await hide(id, 'r'.repeat(500))).statusCode).toBe(200);
  });

  it('keeps the figures true when reviews of one product are hidden at the same moment, and audits a double hide once', async () => {
    const product = freshProduct();
    // Only this test's reviews on it.
    await app.db.deleteFrom('reviews').where('product_id', '=', product.id).execute();
    const ids: number[] = [];
    for (const rating of [1, 2, 5, 5, 3, 4]) ids.push(await addReview(product.id, { rating }));
    const answers = await Promise.all(ids.slice(0, 4).map((id) => hide(id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const figures = await expectTrueFigures(product.id);
    expect(figures.product.n).toBe(2);
    expect(figures.product.rating).toBeCloseTo(3.5, 6);
    // The same review hidden twice at once: one entry.
    const twice = await Promise.all([hide(ids[4]!), hide(ids[4]!)]);
    expect(twice.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await auditOf('review.hide')).filter((e) => e.target.id === ids[4])).toHaveLength(1);
    await expectTrueFigures(product.id);
    expect((await productFigures(product.id)).n).toBe(1);
    // Shown again at once.
    const shown = await Promise.all(ids.slice(0, 4).map((id) => show(id)));
    expect(shown.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await expectTrueFigures(product.id)).product.n).toBe(5);
  });

  it('a deleted product’s reviews leave the shop’s figures counted from the visible reviews only', async () => {
    // A product never ordered, so that the seller's delete removes it (and its reviews).
    const never = await app.db
      .selectFrom('products as p')
      .select('p.id')
      .where('p.shop_id', '=', SHOP)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('order_items').select('id').whereRef('product_id', '=', 'p.id'))))
      .where(
        'p.id',
        'not in',
        products.map((p) => p.id),
      )
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow();
    await addReview(never.id, { rating: 5 });
    const elsewhere = await addReview(freshProduct().id, { rating: 1 });
    expect((await hide(elsewhere)).statusCode).toBe(200);
    const seller = await sellerAuth(app, SHOP);
    const del = await app.inject({ method: 'DELETE', url: `/api/seller/products/${never.id}`, headers: seller });
    expect(del.statusCode, del.body).toBe(204);
    const [s, st] = await Promise.all([shopFigures(), truth({ shop: true })]);
    expect(s.n).toBe(st.n);
    expect(s.rating).toBeCloseTo(st.avg, 2);
  });
});
