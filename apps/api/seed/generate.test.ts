import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { searchIndexText } from '../src/shared/search-text';
import { EDITIONS, generateCatalogue, PLACES } from './generate';

describe('generateCatalogue', () => {
  it('adds searchable, listable products to the demo catalogue', async () => {
    const app = await createTestApp();
    const before = await app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const { firstId, lastId } = await generateCatalogue(app.db, app.dialect, { products: 500, seed: 7 });
    expect(lastId - firstId + 1).toBe(500);
    const after = await app.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(500);

    const rows = await app.db
      .selectFrom('products')
      .select([
        'id',
        'name',
        'name_ar',
        'price',
        'discount_price',
        'list_price',
        'search_name',
        'search_text',
        'is_active',
        'thumbnail',
      ])
      .where('id', '>=', firstId)
      .execute();
    for (const r of rows) {
      expect(r.list_price).toBe(r.discount_price > 0 && r.discount_price < r.price ? r.discount_price : r.price);
      expect(r.search_name.length).toBeGreaterThan(3);
      expect(r.search_text).toContain(r.search_name.split(' ')[0]);
      expect(r.thumbnail).toMatch(/^\/uploads\//);
    }
    const discounted = rows.filter((r) => r.discount_price > 0).length / rows.length;
    expect(discounted).toBeGreaterThan(0.15);
    expect(discounted).toBeLessThan(0.45);

    // A place word that only generated names carry, in English and in Arabic.
    const demoText = (await app.db.selectFrom('products').select('search_text').where('id', '<', firstId).execute())
      .map((r) => r.search_text)
      .join(' ');
    const [placeEn, placeAr] = PLACES.find(
      ([en, ar]) =>
        !demoText.includes(searchIndexText(en)) &&
        !demoText.includes(searchIndexText(ar)) &&
        rows.some((r) => r.is_active === 1 && r.name.includes(` ${en} `)),
    )!;
    const expected = rows.filter((r) => r.is_active === 1 && r.name.includes(` ${placeEn} `)).length;
    for (const word of [placeEn, placeAr]) {
      const res = await app.inject({ url: `/api/products?search=${encodeURIComponent(word)}&per_page=50` });
      expect(res.statusCode, word).toBe(200);
      const body = res.json() as { data: { total: number; products: { id: number; name: string }[] } };
      expect(body.data.total, word).toBeGreaterThanOrEqual(expected);
      expect(body.data.products.length).toBeGreaterThan(0);
      expect(
        body.data.products.every((p) => p.id >= firstId),
        word,
      ).toBe(true);
    }
    const edition = EDITIONS[0]![0];
    const res = await app.inject({ url: `/api/products?search=${encodeURIComponent(`${placeEn} ${edition}`)}` });
    expect(res.statusCode).toBe(200);

    // Listing and details still answer with the bigger catalogue.
    const list = await app.inject({ url: '/api/products?page=5&sort_type=low_to_high' });
    expect(list.statusCode).toBe(200);
    const details = await app.inject({ url: `/api/product-details?product_id=${rows.find((r) => r.is_active === 1)!.id}` });
    expect(details.statusCode).toBe(200);
  });
});
