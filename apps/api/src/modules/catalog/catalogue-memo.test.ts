import { productsResponseSchema } from '@souq/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/helpers';

// The answer cache is off in tests (CATALOG_CACHE_TTL_MS 0): what is kept here is only the facets and
// counts of a context, until the catalogue's revision moves or a flash sale starts or ends (decision 015).
const app = await createTestApp();

async function list(qs: string) {
  const res = await app.inject({ method: 'GET', url: `/api/products?${qs}`, headers: { 'accept-language': 'en' } });
  expect(res.statusCode, res.body).toBe(200);
  return productsResponseSchema.parse(res.json()).data;
}

const revision = async () => (await app.db.selectFrom('catalog_revision').select('revision').executeTakeFirstOrThrow()).revision;

afterEach(() => {
  vi.useRealTimers();
});

describe('facets and counts kept per context', () => {
  it('a product leaving or joining a category shows in its count and facets at once', async () => {
    const before = await list('category_id=1&per_page=1');
    const product = await app.db
      .selectFrom('products')
      .select(['id', 'brand_id'])
      .where('category_id', '=', 1)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    await app.db.updateTable('products').set({ is_active: 0 }).where('id', '=', product.id).execute();
    expect((await list('category_id=1&per_page=1')).total).toBe(before.total - 1);
    expect((await list('per_page=1')).total).toBe(215);
    await app.db.updateTable('products').set({ is_active: 1 }).where('id', '=', product.id).execute();
    expect((await list('category_id=1&per_page=1')).total).toBe(before.total);

    // A brand no product of the category had appears among its facets once a product carries it.
    const brand = await app.db
      .insertInto('brands')
      .values({ name: 'Zz Memo Brand', name_ar: null, logo: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await list('category_id=1&per_page=1')).filters.brands.map((b) => b.id)).not.toContain(brand.id);
    await app.db.updateTable('products').set({ brand_id: brand.id }).where('id', '=', product.id).execute();
    expect((await list('category_id=1&per_page=1')).filters.brands.map((b) => b.id)).toContain(brand.id);
  });

  it('a page past the end and price-sorted pages see a change at once too (their statements read the revision)', async () => {
    const past = 'category_id=1&per_page=1&page=9999';
    const before = await list(past);
    expect(before.products).toEqual([]);
    const product = await app.db
      .selectFrom('products')
      .select('id')
      .where('category_id', '=', 1)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    await app.db.updateTable('products').set({ is_active: 0 }).where('id', '=', product.id).execute();
    try {
      expect((await list(past)).total).toBe(before.total - 1);
      expect((await list('category_id=1&per_page=1&sort_type=low_to_high')).total).toBe(before.total - 1);
    } finally {
      await app.db.updateTable('products').set({ is_active: 1 }).where('id', '=', product.id).execute();
    }
    expect((await list('category_id=1&per_page=1&sort_type=high_to_low')).total).toBe(before.total);
    expect((await list(past)).total).toBe(before.total);
  });

  it('a new colour of a product and a price change show in the facets at once', async () => {
    const product = await app.db
      .selectFrom('products')
      .select(['id', 'category_id', 'price'])
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const qs = `category_id=${product.category_id}&per_page=1`;
    const before = await list(qs);
    const color = await app.db
      .selectFrom('colors')
      .select('id')
      .where('id', 'not in', before.filters.colors.length ? before.filters.colors.map((c) => c.id) : [0])
      .executeTakeFirstOrThrow();
    await app.db.insertInto('product_colors').values({ product_id: product.id, color_id: color.id, extra_price: 0 }).execute();
    expect((await list(qs)).filters.colors.map((c) => c.id)).toContain(color.id);

    await app.db
      .updateTable('products')
      .set({ price: 9_999_000, list_price: 9_999_000, discount_price: 0 })
      .where('id', '=', product.id)
      .execute();
    expect((await list(qs)).filters.max_price).toBe(9999);
  });

  it('a shop closing takes its products out of counts and facets at once', async () => {
    const shop = await app.db.selectFrom('shops').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const all = (await list('per_page=1')).total;
    const ofShop = (await list(`shop_id=${shop.id}&per_page=1`)).total;
    expect(ofShop).toBeGreaterThan(0);
    await app.db.updateTable('shops').set({ is_active: 0 }).where('id', '=', shop.id).execute();
    expect((await list('per_page=1')).total).toBe(all - ofShop);
    expect((await list(`shop_id=${shop.id}&per_page=1`)).total).toBe(0);
    await app.db.updateTable('shops').set({ is_active: 1 }).where('id', '=', shop.id).execute();
    expect((await list('per_page=1')).total).toBe(all);
  });

  it('a flash sale starting changes the price facets of its context without any write', async () => {
    const product = await app.db
      .selectFrom('products')
      .select(['id', 'category_id', 'list_price'])
      .where('is_active', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const start = new Date(Date.now() + 60 * 60_000);
    const sale = await app.db
      .insertInto('flash_sales')
      .values({
        name: 'Memo sale',
        name_ar: null,
        thumbnail: null,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 60 * 60_000).toISOString(),
        is_active: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('flash_sale_products').values({ flash_sale_id: sale.id, product_id: product.id, price: 1 }).execute();
    const qs = `category_id=${product.category_id}&per_page=1`;
    expect((await list(qs)).filters.min_price).toBeGreaterThan(0.001);
    // Nothing is written when the sale starts: only the clock moves.
    const rev = await revision();
    vi.useFakeTimers({ toFake: ['Date'], now: start.getTime() + 1000 });
    expect((await list(qs)).filters.min_price).toBe(0.001);
    expect(await revision()).toBe(rev);
  });

  it('stock, sales, views and a shop being online do not move the revision', async () => {
    const rev = await revision();
    await app.db
      .updateTable('products')
      .set({ quantity: 3, total_sold: 9, views: 99, rating: 4.5 })
      .where('id', '=', 5)
      .execute();
    await app.db.updateTable('shops').set({ last_online_at: new Date().toISOString() }).where('id', '=', 1).execute();
    expect(await revision()).toBe(rev);
    await app.db.updateTable('products').set({ category_id: 2 }).where('id', '=', 5).execute();
    expect(await revision()).toBeGreaterThan(rev);
  });
});

describe('sizes and colours kept per product', () => {
  it('a colour added to a product, renamed or taken off shows on its card at once', async () => {
    const card = async () => {
      const page = await list('per_page=5&sort_type=newest');
      return page.products[0]!;
    };
    const first = await card();
    const color = await app.db
      .insertInto('colors')
      .values({ name: 'Zz Memo Teal', name_ar: null, color_code: '#008080' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(first.colors.map((c) => c.id)).not.toContain(color.id);
    await app.db.insertInto('product_colors').values({ product_id: first.id, color_id: color.id, extra_price: 250 }).execute();
    try {
      expect((await card()).colors.find((c) => c.id === color.id)).toMatchObject({ name: 'Zz Memo Teal', price: 0.25 });
      await app.db.updateTable('colors').set({ name: 'Zz Memo Sea' }).where('id', '=', color.id).execute();
      expect((await card()).colors.find((c) => c.id === color.id)?.name).toBe('Zz Memo Sea');
    } finally {
      await app.db.deleteFrom('product_colors').where('product_id', '=', first.id).where('color_id', '=', color.id).execute();
    }
    expect((await card()).colors.map((c) => c.id)).not.toContain(color.id);
    expect((await card()).colors).toEqual(first.colors);
  });
});

describe("a card's steady part kept per product (migration 015)", () => {
  const first = async (qs = 'per_page=3') => (await list(qs)).products[0]!;

  it('every write to a card column other than stock, rating, reviews, sales and activity moves the revision', async () => {
    const { id, shop } = await first().then((p) => ({ id: p.id, shop: p.shop.id }));
    const product = await app.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['thumbnail', () => app.db.updateTable('products').set({ thumbnail: product.thumbnail }).where('id', '=', id).execute()],
      ['name', () => app.db.updateTable('products').set({ name: product.name }).where('id', '=', id).execute()],
      ['name_ar', () => app.db.updateTable('products').set({ name_ar: product.name_ar }).where('id', '=', id).execute()],
      ['unit', () => app.db.updateTable('products').set({ unit_id: product.unit_id }).where('id', '=', id).execute()],
      ...(
        [
          'name',
          'name_ar',
          'logo',
          'estimated_delivery_time',
          'estimated_delivery_time_ar',
          'delivery_charge',
          'free_delivery_above',
        ] as const
      ).map((column): [string, () => Promise<unknown>] => [
        `shop ${column}`,
        async () => {
          const row = await app.db.selectFrom('shops').select(column).where('id', '=', shop).executeTakeFirstOrThrow();
          return app.db
            .updateTable('shops')
            .set({ [column]: row[column] })
            .where('id', '=', shop)
            .execute();
        },
      ]),
      [
        'unit name',
        async () => {
          const unit = await app.db.selectFrom('units').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
          return app.db.updateTable('units').set({ name: unit.name }).where('id', '=', unit.id).execute();
        },
      ],
      ['new unit', () => app.db.insertInto('units').values({ name: 'Zz Crate', name_ar: null }).execute()],
    ];
    for (const [what, write] of writes) {
      const rev = await revision();
      await write();
      expect(await revision(), what).toBeGreaterThan(rev);
    }
  });

  it("a product's name, thumbnail and its shop's name show at once; so do its stock and rating, without moving the revision", async () => {
    const card = await first();
    const product = await app.db
      .selectFrom('products')
      .select(['name', 'thumbnail', 'quantity', 'rating'])
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    const shop = await app.db.selectFrom('shops').select('name').where('id', '=', card.shop.id).executeTakeFirstOrThrow();
    try {
      await app.db
        .updateTable('products')
        .set({ name: 'Zz Renamed Card', thumbnail: '/uploads/products/zz.svg' })
        .where('id', '=', card.id)
        .execute();
      await app.db.updateTable('shops').set({ name: 'Zz Renamed Shop' }).where('id', '=', card.shop.id).execute();
      expect(await first()).toMatchObject({
        name: 'Zz Renamed Card',
        thumbnail: '/uploads/products/zz.svg',
        shop: { name: 'Zz Renamed Shop' },
      });
      const rev = await revision();
      await app.db.updateTable('products').set({ quantity: 4321, rating: 1.5 }).where('id', '=', card.id).execute();
      expect(await first()).toMatchObject({ quantity: 4321, rating: 1.5, name: 'Zz Renamed Card' });
      expect(await revision()).toBe(rev);
    } finally {
      await app.db.updateTable('products').set(product).where('id', '=', card.id).execute();
      await app.db.updateTable('shops').set(shop).where('id', '=', card.shop.id).execute();
    }
    expect(await first()).toMatchObject({ name: card.name, quantity: card.quantity });
  });
});
