import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { sellerAuth } from '../commerce/test-support';
import { operatorAuth } from './test-support';

/**
 * What the storefront shows after an operator's write (BACKOFFICE.md "Operator console"; decision 037's
 * way): categories (/api/categories, the home page, a category's page, the sitemap), brands and colours
 * in the product filters (search, category and whole-catalogue lists) and the sellers' choices, and the
 * home page's banners, at once without the answer cache and within CATALOG_CACHE_TTL_MS with it.
 */
const TTL = 400;

for (const cacheMs of [0, TTL]) {
  describe(`the console's writes on the storefront (answer cache ${cacheMs ? `${cacheMs} ms` : 'off'})`, async () => {
    const app = await createTestApp({ catalogCacheTtlMs: cacheMs });
    const op = await operatorAuth(app, 'front@souq.om', 'Front Ops');
    const write = (method: 'POST' | 'PUT', url: string, payload: object) => app.inject({ method, url, payload, headers: op });
    const guest = async (url: string, lang = 'en') => {
      const res = await app.inject({ url, headers: { 'accept-language': lang } });
      return res;
    };
    /** Waits out the answer cache (the TTL, and a little), when it is on. */
    const settle = () => (cacheMs ? new Promise((r) => setTimeout(r, cacheMs + 80)) : Promise.resolve());
    const categoryIds = async () =>
      (await guest('/api/categories?per_page=100')).json().data.categories as Array<{ id: number; name: string }>;
    const homeBanners = async () => (await guest('/api/home')).json().data.banners as Array<{ id: number; title: string }>;

    it('a new category shows in the lists, the home page, its page and the sitemap; renamed, renamed; switched off, gone', async () => {
      // Read first, so that the cache (when on) holds answers without it.
      await categoryIds();
      await guest('/api/home');
      await guest('/sitemap.xml');
      const res = await write('POST', '/api/admin/categories', { name: 'Falaj Crafts', name_ar: 'حرف الأفلاج', sort: 0 });
      expect(res.statusCode, res.body).toBe(201);
      const { id, slug } = res.json().data.category as { id: number; slug: string };
      await settle();
      expect((await categoryIds()).find((c) => c.id === id)?.name).toBe('Falaj Crafts');
      expect(
        ((await guest('/api/categories?per_page=100', 'ar')).json().data.categories as Array<{ id: number; name: string }>).find(
          (c) => c.id === id,
        )?.name,
      ).toBe('حرف الأفلاج');
      expect((await guest(`/api/categories/${slug}`)).statusCode).toBe(200);
      expect((await guest('/sitemap.xml')).body).toContain(`/categories/${slug}<`);

      await write('PUT', `/api/admin/categories/${id}`, { name: 'Falaj Crafts & Gifts' });
      await settle();
      expect((await categoryIds()).find((c) => c.id === id)?.name).toBe('Falaj Crafts & Gifts');

      await write('PUT', `/api/admin/categories/${id}`, { is_active: false });
      await settle();
      expect((await categoryIds()).map((c) => c.id)).not.toContain(id);
      expect(((await guest('/api/home')).json().data.categories as Array<{ id: number }>).map((c) => c.id)).not.toContain(id);
      expect((await guest(`/api/categories/${slug}`)).statusCode).toBe(404);
      expect((await guest('/sitemap.xml')).body).not.toContain(`/categories/${slug}<`);
    });

    it('a switched-off category keeps its products listed and their pages, which say it is off (no link to it)', async () => {
      const product = await app.db
        .selectFrom('products as p')
        .innerJoin('shops as s', 's.id', 'p.shop_id')
        .select(['p.id', 'p.category_id'])
        .where('p.is_active', '=', 1)
        .where('s.is_active', '=', 1)
        .orderBy('p.id')
        .executeTakeFirstOrThrow();
      const details = async () => (await guest(`/api/product-details?product_id=${product.id}`)).json().data.product;
      expect((await details()).category).toMatchObject({ id: product.category_id, is_active: true });
      await write('PUT', `/api/admin/categories/${product.category_id}`, { is_active: false });
      try {
        await settle();
        const off = await details();
        expect(off.id).toBe(product.id);
        expect(off.category).toMatchObject({ id: product.category_id, is_active: false });
        const listed = (await guest(`/api/products?per_page=100&shop_id=${off.shop.id}`)).json().data.products as Array<{ id: number }>;
        expect(listed.map((p) => p.id)).toContain(product.id);
      } finally {
        await write('PUT', `/api/admin/categories/${product.category_id}`, { is_active: true });
      }
      await settle();
      expect((await details()).category.is_active).toBe(true);
    });

    it('a switched-off brand and colour leave the product filters and the sellers\u2019 choices; back on, back; a rename shows', async () => {
      const brand = await app.db
        .selectFrom('brands as b')
        .innerJoin('products as p', 'p.brand_id', 'b.id')
        .select(['b.id', 'b.name', 'p.category_id'])
        .where('p.is_active', '=', 1)
        .orderBy('b.id')
        .executeTakeFirstOrThrow();
      const color = await app.db
        .selectFrom('product_colors as pc')
        .innerJoin('products as p', 'p.id', 'pc.product_id')
        .select(['pc.color_id as id'])
        .where('p.is_active', '=', 1)
        .orderBy('pc.color_id')
        .executeTakeFirstOrThrow();
      const lists = [
        '/api/products',
        `/api/products?category_id=${brand.category_id}`,
        `/api/products?search=${encodeURIComponent(brand.name.split(' ')[0]!)}`,
      ];
      const filters = async (url: string) =>
        (await guest(url)).json().data.filters as { brands: Array<{ id: number; name: string }>; colors: Array<{ id: number }> };
      const seller = await sellerAuth(app, 1);
      const options = async () => (await app.inject({ url: '/api/seller/catalog-options', headers: seller })).json().data;
      for (const url of lists)
        expect(
          (await filters(url)).brands.map((b) => b.id),
          url,
        ).toContain(brand.id);
      expect((await filters('/api/products')).colors.map((c) => c.id)).toContain(color.id);

      expect((await write('PUT', `/api/admin/brands/${brand.id}`, { is_active: false })).statusCode).toBe(200);
      expect((await write('PUT', `/api/admin/colors/${color.id}`, { is_active: false })).statusCode).toBe(200);
      await settle();
      for (const url of lists)
        expect(
          (await filters(url)).brands.map((b) => b.id),
          url,
        ).not.toContain(brand.id);
      expect((await filters('/api/products')).colors.map((c) => c.id)).not.toContain(color.id);
      expect((await options()).brands.map((b: { id: number }) => b.id)).not.toContain(brand.id);
      expect((await options()).colors.map((c: { id: number }) => c.id)).not.toContain(color.id);

      await write('PUT', `/api/admin/brands/${brand.id}`, { is_active: true, name: `${brand.name} Renamed` });
      await write('PUT', `/api/admin/colors/${color.id}`, { is_active: true });
      await settle();
      for (const url of lists.slice(0, 2))
        expect((await filters(url)).brands.find((b) => b.id === brand.id)?.name, url).toBe(`${brand.name} Renamed`);
      expect((await filters('/api/products')).colors.map((c) => c.id)).toContain(color.id);
    });

    it('a renamed brand or category is found by its new name in the storefront\u2019s search, in either language', async () => {
      const pick = await app.db
        .selectFrom('products as p')
        .innerJoin('shops as s', 's.id', 'p.shop_id')
        .select(['p.id', 'p.brand_id', 'p.category_id'])
        .where('p.is_active', '=', 1)
        .where('s.is_active', '=', 1)
        .where('p.brand_id', 'is not', null)
        .orderBy('p.id')
        .executeTakeFirstOrThrow();
      const found = async (word: string, lang = 'en') =>
        (
          (await guest(`/api/products?search=${encodeURIComponent(word)}&per_page=100`, lang)).json().data.products as Array<{
            id: number;
          }>
        ).map((p) => p.id);
      const stamp = `${cacheMs}${Date.now().toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
      const brandWord = `Qalhat${stamp}`;
      const categoryWord = `Bahla${stamp}`;
      expect(await found(brandWord)).toEqual([]);
      expect((await write('PUT', `/api/admin/brands/${pick.brand_id}`, { name: `${brandWord} Goods` })).statusCode).toBe(200);
      expect(
        (await write('PUT', `/api/admin/categories/${pick.category_id}`, { name_ar: `فخار ${categoryWord}` })).statusCode,
      ).toBe(200);
      await settle();
      expect(await found(brandWord)).toContain(pick.id);
      expect(await found(categoryWord, 'ar')).toContain(pick.id);
      // Every product of the brand, not only the first.
      const ofBrand = await app.db.selectFrom('products').select('search_text').where('brand_id', '=', pick.brand_id).execute();
      expect(ofBrand.every((r) => r.search_text.includes(brandWord.toLowerCase()))).toBe(true);
    });

    it('a new banner shows on the home page in its language; switched off or deleted, gone', async () => {
      await homeBanners();
      const picture = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#2e86c1' } })
        .png()
        .toBuffer();
      const boundary = '----souqbanner';
      const text = (k: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
      const payload = Buffer.concat([
        Buffer.from(
          text('title', 'Ramadan nights') + text('title_ar', 'ليالي رمضان') + text('link', '/products') + text('sort', '0'),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        picture,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/banners',
        payload,
        headers: { ...op, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id, image } = res.json().data.banner as { id: number; image: string };
      await settle();
      expect((await homeBanners()).find((b) => b.id === id)).toMatchObject({
        title: 'Ramadan nights',
        thumbnail: image,
        url: '/products',
      });
      expect(
        ((await guest('/api/home', 'ar')).json().data.banners as Array<{ id: number; title: string }>).find((b) => b.id === id)
          ?.title,
      ).toBe('ليالي رمضان');

      await write('PUT', `/api/admin/banners/${id}`, { is_active: false });
      await settle();
      expect((await homeBanners()).map((b) => b.id)).not.toContain(id);
      await write('PUT', `/api/admin/banners/${id}`, { is_active: true });
      await settle();
      expect((await homeBanners()).map((b) => b.id)).toContain(id);
      await app.inject({ method: 'DELETE', url: `/api/admin/banners/${id}`, headers: op });
      await settle();
      expect((await homeBanners()).map((b) => b.id)).not.toContain(id);
    });
  });
}
