import {
  flashSaleDetailsResponseSchema,
  flashSalesResponseSchema,
  homeResponseSchema,
  productDetailsResponseSchema,
  productsResponseSchema,
  recentlyViewedResponseSchema,
  reviewsResponseSchema,
  shopCategoriesResponseSchema,
  shopDetailResponseSchema,
  shopsResponseSchema,
  type Product,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';

const app = await createTestApp();

async function get(url: string, lang = 'ar', token?: string) {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = `Bearer ${token}`;
  return app.inject({ method: 'GET', url, headers });
}

async function list(qs: string, lang = 'en') {
  const res = await get(`/api/products?${qs}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return productsResponseSchema.parse(res.json()).data;
}

const effective = (p: Product) => (p.discount_price > 0 ? p.discount_price : p.price);
const names = (ps: Product[]) => ps.map((p) => p.name);

async function customerToken() {
  const user = await app.db.selectFrom('users').select('id').where('email', '=', 'customer@souq.om').executeTakeFirstOrThrow();
  return { id: user.id, token: (await issueToken(app.db, 'user', user.id)).token };
}

describe('GET /api/products: shape, paging, bad input', () => {
  it('answers the first page with the list item shape, facets and the total of active products', async () => {
    const data = await list('');
    expect(data.total).toBe(216); // 218 seeded, 2 drafts hidden
    expect(data.products).toHaveLength(20);
    const p = data.products[0]!;
    expect(Object.keys(p).sort()).toEqual(
      [
        'brand',
        'category_id',
        'colors',
        'discount_percentage',
        'discount_price',
        'id',
        'is_favorite',
        'name',
        'price',
        'quantity',
        'rating',
        'shop',
        'sizes',
        'sub_category_id',
        'thumbnail',
        'total_reviews',
        'total_sold',
        'unit',
      ].sort(),
    );
    expect(data.filters.brands.length).toBeGreaterThan(5);
    expect(data.filters.min_price).toBeGreaterThan(0);
    expect(data.filters.max_price).toBeGreaterThan(data.filters.min_price);
    // Money has at most three decimals.
    for (const q of data.products) expect(Math.round(q.price * 1000)).toBeCloseTo(q.price * 1000, 6);
  });

  it('pages: page 2 differs from page 1, together they hold no duplicate, a page past the end is empty', async () => {
    const one = await list('per_page=10');
    const two = await list('per_page=10&page=2');
    expect(two.products).toHaveLength(10);
    const ids = [...one.products, ...two.products].map((p) => p.id);
    expect(new Set(ids).size).toBe(20);
    const last = await list('per_page=100&page=3');
    expect(last.products).toHaveLength(16);
    expect((await list('per_page=100&page=4')).products).toEqual([]);
  });

  it.each([
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=101', 'per_page'],
    ['per_page=100000', 'per_page'],
    ['sort_type=cheapest', 'sort_type'],
    ['category_id=abc', 'category_id'],
    ['shop_id=-2', 'shop_id'],
    ['brand_id=1,,2', 'brand_id'],
    ['rating=6', 'rating'],
    ['min_price=-1', 'min_price'],
    ['max_price=1e9', 'max_price'],
    ['min_price=9&max_price=3', 'max_price'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with 422 naming %s', async (qs, field) => {
    const res = await get(`/api/products?${qs}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('never answers more than 100 items', async () => {
    expect((await list('per_page=100')).products).toHaveLength(100);
  });
});

describe('GET /api/products: filters', () => {
  it('filters by shop, category and sub-category', async () => {
    const shop = await list('shop_id=3&per_page=100');
    expect(shop.total).toBe(21);
    expect(shop.products.every((p) => p.shop.id === 3)).toBe(true);
    const cat = await list('category_id=2&per_page=100');
    expect(cat.total).toBeGreaterThan(0);
    expect(cat.products.every((p) => p.category_id === 2)).toBe(true);
    const sub = await list(`sub_category_id=${cat.products[0]!.sub_category_id}&per_page=100`);
    expect(sub.total).toBeLessThanOrEqual(cat.total);
    expect(sub.products.every((p) => p.sub_category_id === cat.products[0]!.sub_category_id)).toBe(true);
  });

  it('filters by brand (one or several), colour, size and rating', async () => {
    const all = await list('per_page=1');
    const [b1, b2] = all.filters.brands;
    const one = await list(`brand_id=${b1!.id}&per_page=100`);
    expect(one.products.every((p) => p.brand === b1!.name)).toBe(true);
    const both = await list(`brand_id=${b1!.id},${b2!.id}&per_page=100`);
    expect(both.total).toBeGreaterThan(one.total);
    expect(both.products.every((p) => p.brand === b1!.name || p.brand === b2!.name)).toBe(true);

    const color = all.filters.colors[0]!;
    const byColor = await list(`color_id=${color.id}&per_page=100`);
    expect(byColor.total).toBeGreaterThan(0);
    expect(byColor.products.every((p) => p.colors.some((c) => c.id === color.id))).toBe(true);

    const size = all.filters.sizes[0]!;
    const bySize = await list(`size_id=${size.id}&per_page=100`);
    expect(bySize.total).toBeGreaterThan(0);
    expect(bySize.products.every((p) => p.sizes.some((s) => s.id === size.id))).toBe(true);

    const rated = await list('rating=4&per_page=100');
    expect(rated.total).toBeLessThan(216);
    expect(rated.products.every((p) => p.rating >= 4)).toBe(true);
  });

  it('filters by the effective price range, flash sales included', async () => {
    const data = await list('min_price=5&max_price=10&per_page=100');
    expect(data.total).toBeGreaterThan(0);
    for (const p of data.products) {
      expect(effective(p)).toBeGreaterThanOrEqual(5);
      expect(effective(p)).toBeLessThanOrEqual(10);
    }
    const none = await list('min_price=99999');
    expect(none).toMatchObject({ total: 0, products: [] });
  });

  it('facets keep every brand of the context while a brand is picked', async () => {
    const all = await list('category_id=1&per_page=1');
    const picked = await list(`category_id=1&brand_id=${all.filters.brands[0]!.id}&per_page=1`);
    expect(picked.filters.brands).toEqual(all.filters.brands);
    expect(picked.total).toBeLessThanOrEqual(all.total);
  });

  it('deals=1 keeps only discounted products', async () => {
    const data = await list('deals=1&per_page=100');
    expect(data.total).toBeGreaterThan(10);
    expect(data.total).toBeLessThan(216);
    expect(data.products.every((p) => p.discount_price > 0 && p.discount_price < p.price)).toBe(true);
  });
});

describe('GET /api/products: sorts', () => {
  const sorted = <T>(xs: T[], cmp: (a: T, b: T) => number) => xs.every((x, i) => i === 0 || cmp(xs[i - 1]!, x) <= 0);

  it('low_to_high and high_to_low order by the effective price', async () => {
    const up = await list('sort_type=low_to_high&per_page=100');
    expect(sorted(up.products, (a, b) => effective(a) - effective(b))).toBe(true);
    const down = await list('sort_type=high_to_low&per_page=100');
    expect(sorted(down.products, (a, b) => effective(b) - effective(a))).toBe(true);
    expect(up.products[0]!.id).not.toBe(down.products[0]!.id);
  });

  it('top_selling, popular_product, newest and default each have their order', async () => {
    const top = await list('sort_type=top_selling&per_page=50');
    expect(sorted(top.products, (a, b) => b.total_sold - a.total_sold)).toBe(true);
    const popular = await list('sort_type=popular_product&per_page=50');
    expect(sorted(popular.products, (a, b) => b.rating - a.rating)).toBe(true);
    const newest = await list('sort_type=newest&per_page=50');
    const rows = await app.db
      .selectFrom('products')
      .select(['id', 'created_at'])
      .where(
        'id',
        'in',
        newest.products.map((p) => p.id),
      )
      .execute();
    const at = new Map(rows.map((r) => [r.id, r.created_at]));
    expect(sorted(newest.products, (a, b) => at.get(b.id)!.localeCompare(at.get(a.id)!))).toBe(true);
    const def = await list('per_page=50');
    expect(sorted(def.products, (a, b) => b.id - a.id)).toBe(true);
  });
});

describe('GET /api/products: search', () => {
  const search = async (q: string, lang = 'ar') => list(`search=${encodeURIComponent(q)}&per_page=100`, lang);

  it('finds English names ignoring case', async () => {
    const data = await search('HONEY', 'en');
    expect(data.total).toBeGreaterThan(0);
    expect(names(data.products)).toContain('Jabal Akhdar Mountain Honey – 500 g Jar');
    expect((await search('honey', 'en')).total).toBe(data.total);
  });

  it('matches prefixes of words and needs every word', async () => {
    const data = await search('mount hon', 'en');
    expect(names(data.products)).toContain('Jabal Akhdar Mountain Honey – 1 kg Jar');
    expect((await search('honey zzzzqqq', 'en')).total).toBe(0);
  });

  it('ignores Arabic hamza and alef variants', async () => {
    const withHamza = await search('الأخضر');
    const without = await search('الاخضر');
    expect(without.total).toBeGreaterThan(0);
    expect(without.products.map((p) => p.id).sort()).toEqual(withHamza.products.map((p) => p.id).sort());
    expect(without.products.map((p) => p.id)).toEqual(expect.arrayContaining([37, 38]));
  });

  it('ignores diacritics, ta marbuta and alef maqsura spellings', async () => {
    const plain = await search('حلوى عمانية');
    expect(plain.total).toBeGreaterThan(3);
    expect((await search('حلوي عمانيه')).total).toBe(plain.total);
    expect((await search('حَلْوَى عُمَانِيَّة')).total).toBe(plain.total);
    // The draft (inactive) halwa is never found.
    expect(plain.products.map((p) => p.id)).not.toContain(71);
  });

  it('matches Arabic words with or without the definite article', async () => {
    expect((await search('اخضر')).products.map((p) => p.id)).toEqual(expect.arrayContaining([37, 38]));
    const honey = await search('العسل');
    expect(honey.products.map((p) => p.id)).toEqual(expect.arrayContaining([37, 38]));
  });

  it('finds Arabic names while answering in English, and ranks name matches first', async () => {
    const data = await search('عسل', 'en');
    expect(names(data.products)).toContain('Jabal Akhdar Mountain Honey – 500 g Jar');
    const dates = await search('dates', 'en');
    const inName = dates.products.map((p) => /dates?/i.test(p.name));
    const firstMiss = inName.indexOf(false);
    // Everything with the word in its name comes before anything that only matches elsewhere.
    if (firstMiss >= 0) expect(inName.slice(firstMiss).every((x) => !x)).toBe(true);
    expect(inName[0]).toBe(true);
  });

  it('treats punctuation-only or hostile search text as text, never as syntax', async () => {
    for (const q of ['"', '*', 'NEAR(', "' OR 1=1 --", 'a AND', ')(', '%', '_']) {
      const res = await get(`/api/products?search=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('combines search with filters and sorts', async () => {
    const data = await list(`search=${encodeURIComponent('حلوى')}&sort_type=high_to_low&per_page=100`, 'ar');
    expect(data.total).toBeGreaterThan(1);
    const prices = data.products.map(effective);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe('GET /api/product-details', () => {
  it('answers the product with gallery, variants, category and related and popular products', async () => {
    const res = await get('/api/product-details?product_id=5', 'en');
    expect(res.statusCode).toBe(200);
    const { product, related_products, popular_products } = productDetailsResponseSchema.parse(res.json()).data;
    expect(product.id).toBe(5);
    expect(product.thumbnails.length).toBeGreaterThan(0);
    expect(product.thumbnails[0]).toMatchObject({ type: 'image' });
    expect(product.sizes.length).toBeGreaterThan(0);
    expect(product.category.slug).toBeTruthy();
    expect(product.description).toMatch(/^<p>/);
    expect(related_products.length).toBeGreaterThan(0);
    expect(related_products.map((p) => p.id)).not.toContain(5);
    expect(popular_products.map((p) => p.id)).not.toContain(5);
    expect(product.in_stock).toBe(product.quantity > 0);
  });

  it('answers in Arabic by default', async () => {
    const { data } = (await get('/api/product-details?product_id=37')).json();
    expect(data.product.name).toBe('عسل جبلي من الجبل الأخضر – مرطبان 500 غرام');
  });

  it('applies a running flash sale price and names the sale', async () => {
    const sale = flashSalesResponseSchema.parse((await get('/api/flash-sales', 'en')).json()).data.running_flash_sale!;
    const p = sale.products[0]!;
    const { data } = (await get(`/api/product-details?product_id=${p.id}`, 'en')).json();
    expect(data.product.flash_sale).toMatchObject({ id: sale.id });
    expect(data.product.discount_price).toBe(p.discount_price);
    const row = await app.db
      .selectFrom('flash_sale_products')
      .select('price')
      .where('product_id', '=', p.id)
      .where('flash_sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(data.product.discount_price).toBe(row.price / 1000);
  });

  it('sanitises the description on the way out', async () => {
    await app.db
      .updateTable('products')
      .set({ description: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>' })
      .where('id', '=', 6)
      .execute();
    const { data } = (await get('/api/product-details?product_id=6', 'en')).json();
    expect(data.product.description).toBe('<p>ok</p>');
  });

  it.each(['product_id=99999', 'product_id=71'])('answers 404 for an unknown or inactive product (%s)', async (qs) => {
    const res = await get(`/api/product-details?${qs}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found.' });
  });

  it.each(['', 'product_id=abc', 'product_id=-5', 'product_id=1.5'])('refuses "%s" with 422', async (qs) => {
    expect((await get(`/api/product-details?${qs}`)).statusCode).toBe(422);
  });
});

describe('GET /api/reviews', () => {
  it('summarises and pages the reviews of a product', async () => {
    const row = await app.db
      .selectFrom('products')
      .select(['id', 'total_reviews'])
      .where('total_reviews', '>=', 3)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    const res = await get(`/api/reviews?product_id=${row.id}&per_page=2`);
    const data = reviewsResponseSchema.parse(res.json()).data;
    expect(data.total).toBe(row.total_reviews);
    expect(data.reviews).toHaveLength(2);
    expect(data.average_rating_percentage.total_review).toBe(row.total_reviews);
    const sum = Object.values(data.average_rating_percentage.percentages).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(2);
    expect(data.reviews[0]!.created_at_iso >= data.reviews[1]!.created_at_iso).toBe(true);
  });

  it('lists the reviews of a shop', async () => {
    const data = reviewsResponseSchema.parse((await get('/api/reviews?shop_id=1')).json()).data;
    expect(data.total).toBe(93);
  });

  it('needs exactly one of product_id and shop_id, and 404s unknown ones', async () => {
    expect((await get('/api/reviews')).statusCode).toBe(422);
    expect((await get('/api/reviews?product_id=1&shop_id=1')).statusCode).toBe(422);
    expect((await get('/api/reviews?product_id=99999')).statusCode).toBe(404);
    expect((await get('/api/reviews?shop_id=99999')).statusCode).toBe(404);
  });
});

describe('shops', () => {
  it('lists shops with counts and online state, and searches them in both languages', async () => {
    const data = shopsResponseSchema.parse((await get('/api/shops', 'en')).json()).data;
    expect(data.total).toBe(8);
    expect(data.shops[0]).toMatchObject({ id: 1, name: 'Nizwa Dates Farm', total_products: 38 });
    expect(['Online', 'Offline']).toContain(data.shops[0]!.shop_status);
    const en = (await get('/api/shops?search=HALWA', 'en')).json().data;
    expect(en.shops.map((s: { id: number }) => s.id)).toEqual([3]);
    const ar = (await get(`/api/shops?search=${encodeURIComponent('حلوى')}`)).json().data;
    expect(ar.total).toBeGreaterThanOrEqual(1);
    expect((await get('/api/shops?per_page=3&page=3')).json().data.shops).toHaveLength(2);
  });

  it('answers top shops by rating, a shop, and its categories', async () => {
    const top = (await get('/api/shops/top')).json().data.shops as Array<{ rating: number }>;
    expect(top.length).toBe(8);
    expect(top.every((s, i) => i === 0 || top[i - 1]!.rating >= s.rating)).toBe(true);
    const shop = shopDetailResponseSchema.parse((await get('/api/shops/3', 'en')).json()).data.shop;
    expect(shop).toMatchObject({ id: 3, name: 'Muscat Halwa Kitchen' });
    expect(shop.banners).toHaveLength(2);
    expect(shop.banners[0]).toMatchObject({ title: 'Muscat Halwa Kitchen', thumbnail: '/uploads/shops/3-banner.svg' });
    const cats = shopCategoriesResponseSchema.parse((await get('/api/shop-categories?shop_id=3')).json()).data.categories;
    expect(cats.reduce((n, c) => n + c.total_products, 0)).toBe(21);
  });

  it('a shop is Online only while its last activity is under 10 minutes old', async () => {
    await app.db.updateTable('shops').set({ last_online_at: new Date().toISOString() }).where('id', '=', 4).execute();
    await app.db
      .updateTable('shops')
      .set({ last_online_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('id', '=', 5)
      .execute();
    expect((await get('/api/shops/4')).json().data.shop.shop_status).toBe('Online');
    expect((await get('/api/shops/5')).json().data.shop.shop_status).toBe('Offline');
  });

  it('404s unknown shops and refuses bad ids', async () => {
    expect((await get('/api/shops/999')).statusCode).toBe(404);
    expect((await get('/api/shops/abc')).statusCode).toBe(422);
    expect((await get('/api/shop-categories?shop_id=999')).statusCode).toBe(404);
    expect((await get('/api/shops?per_page=0')).statusCode).toBe(422);
  });
});

describe('flash sales and home', () => {
  it('answers the running sale with its products and the incoming one', async () => {
    const data = flashSalesResponseSchema.parse((await get('/api/flash-sales', 'en')).json()).data;
    expect(data.running_flash_sale).toMatchObject({ id: 1, name: 'Weekend Flash Sale' });
    expect(data.running_flash_sale!.products.length).toBe(9);
    expect(data.running_flash_sale!.products.every((p) => p.discount_price > 0)).toBe(true);
    expect(data.incoming_flash_sale).toMatchObject({ id: 2 });
    expect(Date.parse(data.incoming_flash_sale!.start_date)).toBeGreaterThan(Date.now());
  });

  it('pages a flash sale and tells its status', async () => {
    const data = flashSaleDetailsResponseSchema.parse((await get('/api/flash-sale/1/details?per_page=5&page=3')).json()).data;
    expect(data.total_products).toBe(12);
    expect(data.products).toHaveLength(2);
    expect(data.flash_sale.status).toBe('running');
    const upcoming = (await get('/api/flash-sale/2/details')).json().data;
    expect(upcoming.flash_sale.status).toBe('upcoming');
    expect((await get('/api/flash-sale/99/details')).statusCode).toBe(404);
    expect((await get('/api/flash-sale/x/details')).statusCode).toBe(422);
  });

  it('answers the home page and pages its feed', async () => {
    const data = homeResponseSchema.parse((await get('/api/home?per_page=6')).json()).data;
    expect(data.banners.length).toBeGreaterThan(0);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.shops.length).toBeGreaterThan(0); // multi-vendor demo
    expect(data.popular_products.length).toBe(10);
    expect(data.just_for_you).toMatchObject({ total: 216 });
    expect(data.just_for_you.products).toHaveLength(6);
    const next = homeResponseSchema.parse((await get('/api/home?per_page=6&page=2')).json()).data;
    expect(next.just_for_you.products.map((p) => p.id)).not.toContain(data.just_for_you.products[0]!.id);
    expect(data.running_flash_sale?.products.length).toBe(9);
  });
});

describe('per-customer data on public lists', () => {
  it('marks favourites for the signed-in customer only, and records recently viewed products', async () => {
    const { id, token } = await customerToken();
    await app.db.insertInto('favorites').values({ user_id: id, product_id: 5, created_at: new Date().toISOString() }).execute();
    const mine = (await get('/api/product-details?product_id=5', 'en', token)).json().data.product;
    expect(mine.is_favorite).toBe(true);
    const guest = (await get('/api/product-details?product_id=5', 'en')).json().data.product;
    expect(guest.is_favorite).toBe(false);
    const listed = (await get('/api/products?category_id=1&per_page=100', 'en', token)).json().data.products as Product[];
    expect(listed.find((p) => p.id === 5)?.is_favorite).toBe(true);

    await get('/api/product-details?product_id=7', 'en', token);
    const recent = recentlyViewedResponseSchema.parse((await get('/api/recently-views', 'en', token)).json()).data.products;
    expect(recent.map((p) => p.id)).toEqual([7, 5]);
  });

  it('recently viewed needs a token; a bad token on a public list is a 401', async () => {
    expect((await get('/api/recently-views')).statusCode).toBe(401);
    expect((await get('/api/products', 'en', 'not-a-token')).statusCode).toBe(401);
  });
});

describe('card texts in the asked language', () => {
  it('answer the Arabic texts in Arabic, the English ones otherwise, and English where the Arabic one is empty or missing', async () => {
    const row = await app.db
      .selectFrom('products as p')
      .innerJoin('product_colors as pc', 'pc.product_id', 'p.id')
      .innerJoin('colors as c', 'c.id', 'pc.color_id')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .innerJoin('shops as s', 's.id', 'p.shop_id')
      .select([
        'p.id',
        'p.name',
        'p.name_ar',
        'p.shop_id',
        's.name as shop',
        's.name_ar as shop_ar',
        'b.name as brand',
        'b.name_ar as brand_ar',
      ])
      .select(['c.id as color_id', 'c.name as color', 'c.name_ar as color_ar'])
      .where('p.is_active', '=', 1)
      .where('b.name_ar', 'is not', null)
      .where('c.name_ar', 'is not', null)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    const card = async (lang: string) => {
      const data = await list(`shop_id=${row.shop_id}&per_page=100`, lang);
      return data.products.find((p) => p.id === row.id)!;
    };
    const ar = await card('ar');
    expect([ar.name, ar.brand, ar.shop.name]).toEqual([row.name_ar, row.brand_ar, row.shop_ar]);
    expect(ar.colors.find((c) => c.id === row.color_id)!.name).toBe(row.color_ar);
    const en = await card('en');
    expect([en.name, en.brand, en.shop.name]).toEqual([row.name, row.brand, row.shop]);
    expect(en.colors.find((c) => c.id === row.color_id)!.name).toBe(row.color);

    await app.db.updateTable('products').set({ name_ar: '' }).where('id', '=', row.id).execute();
    await app.db.updateTable('colors').set({ name_ar: null }).where('id', '=', row.color_id).execute();
    try {
      const fallback = await card('ar');
      expect(fallback.name).toBe(row.name);
      expect(fallback.colors.find((c) => c.id === row.color_id)!.name).toBe(row.color);
      expect(fallback.brand).toBe(row.brand_ar);
    } finally {
      await app.db.updateTable('products').set({ name_ar: row.name_ar }).where('id', '=', row.id).execute();
      await app.db.updateTable('colors').set({ name_ar: row.color_ar }).where('id', '=', row.color_id).execute();
    }
  });
});
