import { productDetailsResponseSchema, type Locale } from '@souq/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { sellerAuth } from '../commerce/test-support';
import { createCatalogueMemo } from './catalogue-memo';

/**
 * The product page from memory (decision 047): with the answer cache off (as in every test), a guest's
 * answer is one statement once its steady part is kept — the cards' moving parts and the catalogue's
 * revision — and still shows every change at once: stock, rating, sales, a shop closing and a flash sale
 * starting (which move nothing: read every time, or dropped at the sale's start), and a seller's or
 * operator's write (which moves the revision: the kept part is read again).
 */
const app = await createTestApp();
const SHOP = 8;

/** Statements run on the catalogue's database handle (every query goes through its executor). */
const executor = app.readDb.getExecutor();
const execute = executor.executeQuery.bind(executor);
const seen: string[] = [];
executor.executeQuery = ((...args: Parameters<typeof execute>) => {
  seen.push(args[0].sql);
  return execute(...args);
}) as typeof executor.executeQuery;

async function details(id: number, locale: Locale = 'en', token?: string) {
  const before = seen.length;
  const res = await app.inject({
    url: `/api/product-details?product_id=${id}`,
    headers: { 'accept-language': locale, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  // The token's look-up and its last use are the sign-in's, not the answer's.
  const count = seen.slice(before).filter((q) => !q.includes('access_tokens')).length;
  expect(res.statusCode, res.body).toBe(200);
  return { ...productDetailsResponseSchema.parse(res.json()).data, statements: count };
}

/** An active product of the seller's shop, in a sub-category, in no flash sale. */
const product = await app.db
  .selectFrom('products')
  .select(['id', 'name', 'category_id', 'sub_category_id'])
  .where('shop_id', '=', SHOP)
  .where('is_active', '=', 1)
  .where('sub_category_id', 'is not', null)
  .where('id', 'not in', app.db.selectFrom('flash_sale_products').select('product_id'))
  .orderBy('id')
  .executeTakeFirstOrThrow();

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/product-details from memory', () => {
  it('answers a guest with one statement, and a signed-in customer with three (favourites, recently viewed)', async () => {
    const first = await details(product.id);
    expect(first.statements).toBeGreaterThan(1);
    const again = await details(product.id);
    expect(again.statements).toBe(1);
    const { statements: _a, ...a } = first;
    const { statements: _b, ...b } = again;
    expect(b).toEqual(a);
    expect((await details(product.id, 'ar')).statements).toBeGreaterThan(1);
    expect((await details(product.id, 'ar')).statements).toBe(1);

    const user = await app.db.selectFrom('users').select('id').where('email', '=', 'customer@souq.om').executeTakeFirstOrThrow();
    const { token } = await issueToken(app.db, 'user', user.id);
    const favourite = first.related_products[0]!.id;
    await app.db
      .insertInto('favorites')
      .values({ user_id: user.id, product_id: favourite, created_at: new Date().toISOString() })
      .execute();
    const mine = await details(product.id, 'en', token);
    // The cards' moving parts, the favourites and the recently viewed write.
    expect(mine.statements).toBe(3);
    expect(mine.related_products.find((p) => p.id === favourite)?.is_favorite).toBe(true);
    expect(mine.product.is_favorite).toBe(false);
    expect((await details(product.id)).related_products.find((p) => p.id === favourite)?.is_favorite).toBe(false);
  });

  it('shows stock, rating, sales and a shop closing at once, still with one statement', async () => {
    await details(product.id);
    const related = (await details(product.id)).related_products[0]!;
    await app.db
      .updateTable('products')
      .set({ quantity: 0, rating: 4.25, total_reviews: 77, total_sold: 999 })
      .where('id', '=', product.id)
      .execute();
    await app.db.updateTable('products').set({ quantity: 3 }).where('id', '=', related.id).execute();
    const after = await details(product.id);
    expect(after.statements).toBe(1);
    expect(after.product).toMatchObject({ quantity: 0, in_stock: false, rating: 4.25, total_reviews: 77, total_sold: 999 });
    expect(after.related_products.find((p) => p.id === related.id)?.quantity).toBe(3);

    await app.db.updateTable('products').set({ quantity: 5 }).where('id', '=', product.id).execute();
    expect((await details(product.id)).product).toMatchObject({ in_stock: true, shop_open: true });
    await app.db.updateTable('shops').set({ is_open: 0 }).where('id', '=', SHOP).execute();
    try {
      const closed = await details(product.id);
      expect(closed.statements).toBe(1);
      expect(closed.product).toMatchObject({ quantity: 5, in_stock: false, shop_open: false });
    } finally {
      await app.db.updateTable('shops').set({ is_open: 1 }).where('id', '=', SHOP).execute();
    }
    expect((await details(product.id)).product.shop_open).toBe(true);
  });

  it("shows a seller's rename and new description, a new picture and a category's new name at once", async () => {
    await details(product.id);
    expect((await details(product.id)).statements).toBe(1);
    const seller = await sellerAuth(app, SHOP);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/seller/products/${product.id}`,
      headers: seller,
      payload: { name: 'Renamed by its seller' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await details(product.id)).product.name).toBe('Renamed by its seller');
    expect((await details(product.id)).statements).toBe(1);
    // Columns of the product page alone (migration 033).
    const described = await app.inject({
      method: 'PUT',
      url: `/api/seller/products/${product.id}`,
      headers: seller,
      payload: { description: '<p>A new description</p>', meta_title: 'New meta title' },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect((await details(product.id)).product).toMatchObject({
      description: '<p>A new description</p>',
      meta_title: 'New meta title',
    });
    expect((await details(product.id)).statements).toBe(1);

    // Written as another process would (an operator with SQL): each moves the revision by trigger.
    const image = await app.db
      .insertInto('product_images')
      .values({ product_id: product.id, path: '/uploads/products/new-picture.webp', sort: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await details(product.id)).product.thumbnails.map((t) => t.id)).toContain(image.id);
    await app.db
      .updateTable('products')
      .set({ video_url: 'https://www.youtube.com/watch?v=abc' })
      .where('id', '=', product.id)
      .execute();
    expect((await details(product.id)).product.thumbnails.at(-1)).toMatchObject({
      type: 'video',
      url: 'https://www.youtube.com/watch?v=abc',
    });
    await app.db
      .updateTable('products')
      .set({ short_description_ar: 'ملخص جديد', slug: 'a-new-slug' })
      .where('id', '=', product.id)
      .execute();
    expect((await details(product.id, 'ar')).product).toMatchObject({ short_description: 'ملخص جديد', slug: 'a-new-slug' });
    await app.db.updateTable('categories').set({ name: 'A renamed category' }).where('id', '=', product.category_id).execute();
    expect((await details(product.id)).product.category.name).toBe('A renamed category');

    // A related product's rename shows on this page too; one switched off leaves it.
    const related = (await details(product.id)).related_products[0]!;
    await app.db.updateTable('products').set({ name: 'Renamed related product' }).where('id', '=', related.id).execute();
    expect((await details(product.id)).related_products.find((p) => p.id === related.id)?.name).toBe('Renamed related product');
    await app.db.updateTable('products').set({ is_active: 0 }).where('id', '=', related.id).execute();
    expect((await details(product.id)).related_products.map((p) => p.id)).not.toContain(related.id);
    await app.db.updateTable('products').set({ is_active: 1 }).where('id', '=', related.id).execute();

    // The product switched off: 404 at once, and back.
    await app.db.updateTable('products').set({ is_active: 0 }).where('id', '=', product.id).execute();
    expect((await app.inject({ url: `/api/product-details?product_id=${product.id}` })).statusCode).toBe(404);
    await app.db.updateTable('products').set({ is_active: 1 }).where('id', '=', product.id).execute();
    expect((await details(product.id)).product.id).toBe(product.id);
  });

  it('shows a flash sale when it starts (by the clock) and when it is switched off', async () => {
    const price = (await details(product.id)).product;
    expect(price.flash_sale).toBeNull();
    // The sale starts in a minute; the clock is then moved past its start (Date alone).
    const startsIn = 60_000;
    const sale = await app.db
      .insertInto('flash_sales')
      .values({
        name: 'Starts soon',
        name_ar: null,
        thumbnail: null,
        start_at: new Date(Date.now() + startsIn).toISOString(),
        end_at: new Date(Date.now() + 3_600_000).toISOString(),
        is_active: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const salePrice = Math.round(price.price * 1000 * 0.5);
    await app.db
      .insertInto('flash_sale_products')
      .values({ flash_sale_id: sale.id, product_id: product.id, price: salePrice })
      .execute();
    const before = await details(product.id);
    expect(before.product.flash_sale).toBeNull();
    expect((await details(product.id)).statements).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + startsIn + 1000 });
    const running = await details(product.id);
    expect(running.product.flash_sale).toMatchObject({ id: sale.id, name: 'Starts soon' });
    expect(running.product.discount_price).toBe(salePrice / 1000);
    expect((await details(product.id)).statements).toBe(1);
    vi.useRealTimers();

    await app.db.updateTable('flash_sales').set({ is_active: 0 }).where('id', '=', sale.id).execute();
    const ended = await details(product.id);
    expect(ended.product.flash_sale).toBeNull();
    expect(ended.product.discount_price).toBe(price.discount_price);
  });
});

describe('related and popular products', () => {
  // The rules as the SQL of each answer chose them before decision 047.
  async function relatedBySql(p: { id: number; category_id: number; sub_category_id: number | null }) {
    const base = () =>
      app.db
        .selectFrom('products')
        .select('id')
        .where('is_active', '=', 1)
        .where('id', '!=', p.id)
        .orderBy('total_sold', 'desc')
        .orderBy('id', 'desc')
        .limit(10);
    const same = p.sub_category_id ? await base().where('sub_category_id', '=', p.sub_category_id).execute() : [];
    if (same.length >= 10) return same.map((r) => r.id);
    const more = await base()
      .where('category_id', '=', p.category_id)
      .where('id', 'not in', same.length ? same.map((r) => r.id) : [0])
      .execute();
    return [...same, ...more].slice(0, 10).map((r) => r.id);
  }
  async function popularBySql(p: { id: number; shop_id: number }) {
    const ranked = () =>
      app.db
        .selectFrom('products as p')
        .innerJoin('shops as s', 's.id', 'p.shop_id')
        .select('p.id')
        .where('p.is_active', '=', 1)
        .where('s.is_active', '=', 1)
        .where('p.id', '!=', p.id)
        .orderBy('p.rating', 'desc')
        .orderBy('p.total_reviews', 'desc')
        .orderBy('p.id', 'desc')
        .limit(10);
    const own = (await ranked().where('p.shop_id', '=', p.shop_id).execute()).map((r) => r.id);
    if (own.length >= 10) return own;
    const others = await ranked()
      .where('p.shop_id', '!=', p.shop_id)
      .limit(10 - own.length)
      .execute();
    return [...own, ...others.map((r) => r.id)];
  }
  const listedIds = async () =>
    (
      await app.db
        .selectFrom('products as p')
        .innerJoin('shops as s', 's.id', 'p.shop_id')
        .select('p.id')
        .where('p.is_active', '=', 1)
        .where('s.is_active', '=', 1)
        .execute()
    ).map((r) => r.id);

  it('are chosen by the same rules as the SQL did, for every product (a small shop and a small sub-category too)', async () => {
    // A shop of three products and a sub-category of two: the lists are filled from the site and the category.
    const small = await app.db
      .selectFrom('products')
      .select('id')
      .where('shop_id', '=', 2)
      .where('is_active', '=', 1)
      .orderBy('id')
      .execute();
    await app.db
      .updateTable('products')
      .set({ is_active: 0 })
      .where('shop_id', '=', 2)
      .where(
        'id',
        'not in',
        small.slice(0, 3).map((r) => r.id),
      )
      .execute();
    const sub = await app.db
      .selectFrom('products')
      .select(['id', 'sub_category_id'])
      .where('sub_category_id', 'is not', null)
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('products')
      .set({ sub_category_id: null })
      .where('sub_category_id', '=', sub.sub_category_id)
      .where('id', 'not in', [sub.id, sub.id + 1])
      .execute();
    const listed = new Set(await listedIds());
    for (const id of listed) {
      const row = await app.db
        .selectFrom('products')
        .select(['id', 'shop_id', 'category_id', 'sub_category_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const shown = await details(id);
      expect(
        shown.related_products.map((p) => p.id),
        `related of ${id}`,
      ).toEqual((await relatedBySql(row)).filter((x) => listed.has(x)));
      expect(
        shown.popular_products.map((p) => p.id),
        `popular of ${id}`,
      ).toEqual(await popularBySql(row));
    }
  });

  it('follow sales and ratings after a minute (their order is kept that long, then read again in the background)', async () => {
    const sold = await details(product.id);
    const last = sold.related_products.at(-1)!;
    await app.db.updateTable('products').set({ total_sold: 1_000_000 }).where('id', '=', last.id).execute();
    const rated = sold.popular_products.at(-1)!;
    await app.db.updateTable('products').set({ rating: 5, total_reviews: 100_000 }).where('id', '=', rated.id).execute();
    // Within the minute: the kept order (the cards' figures are read every time).
    const soon = await details(product.id);
    expect(soon.related_products.map((p) => p.id)).toEqual(sold.related_products.map((p) => p.id));
    expect(soon.related_products.at(-1)!.total_sold).toBe(1_000_000);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    // The first answer after the minute still has the old order and starts reading the new one.
    const first = await details(product.id);
    expect(first.related_products.map((p) => p.id)).toEqual(sold.related_products.map((p) => p.id));
    const row = await app.db
      .selectFrom('products')
      .select(['id', 'shop_id', 'category_id', 'sub_category_id'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    const listed = new Set(await listedIds());
    const related = (await relatedBySql(row)).filter((x) => listed.has(x));
    const popular = await popularBySql(row);
    expect(related).not.toEqual(sold.related_products.map((p) => p.id));
    expect(popular[0]).toBe(rated.id);
    // The next answers, once the new order is read: the SQL's.
    await vi.waitFor(
      async () => {
        const later = await details(product.id);
        expect(later.related_products.map((p) => p.id)).toEqual(related);
        expect(later.popular_products.map((p) => p.id)).toEqual(popular);
      },
      { timeout: 5000, interval: 50 },
    );
  });
});

describe('the kept product pages are bounded', () => {
  it('keeps at most maxLarge pages, the least recently used out first, and drops them all when the catalogue changes', async () => {
    const memo = createCatalogueMemo(app.db, 10, 10, 3);
    const kept = await memo.at(new Date().toISOString());
    let computed = 0;
    const page = (id: number) => kept.large('page', id, async () => (computed++, { id }));
    for (const id of [1, 2, 3]) await page(id);
    await page(1); // used again: 2 is now the least recently used
    await page(4);
    expect(computed).toBe(4);
    await page(1);
    await page(3);
    await page(4);
    expect(computed).toBe(4);
    await page(2);
    expect(computed).toBe(5);
    expect(await kept.large('page', 9, async () => undefined)).toBeUndefined();
    await app.db.updateTable('categories').set({ name: 'Moved the revision' }).where('id', '=', product.category_id).execute();
    await memo.at(new Date().toISOString());
    await page(1);
    expect(computed).toBe(6);
  });
});
