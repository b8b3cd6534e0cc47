import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { catalogueRevision } from '../catalog/products.repository';
import { makeCustomer, post, sellerAuth, setShopTerms } from '../commerce/test-support';

/**
 * What the storefront shows after a seller's write (BACKOFFICE.md "Visibility", decision 037): lists,
 * search in both languages, the shop's and the category's products, the product page and the sitemap,
 * at once without the answer cache and within CATALOG_CACHE_TTL_MS with it. The search index, the
 * catalogue memo and the cards learn of the write from the catalogue's revision and catalog_changes,
 * moved by the database's triggers: no timer, no call from the seller module.
 */
const TTL = 400;

for (const cacheMs of [0, TTL]) {
  describe(`a seller's product on the storefront (answer cache ${cacheMs ? `${cacheMs} ms` : 'off'})`, async () => {
    const app = await createTestApp({ catalogCacheTtlMs: cacheMs });
    const SHOP = 8;
    await setShopTerms(app, SHOP, { min_order_amount: 0 });
    const seller = await sellerAuth(app, SHOP);
    const category = await app.db.selectFrom('categories').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const word = cacheMs ? 'zyxwvcached' : 'zyxwvplain';
    const wordAr = cacheMs ? 'مبخرهمخزنه' : 'مبخرهمباشره';

    const guest = (url: string) => app.inject({ url });
    const ids = async (url: string) => {
      const res = await guest(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return (res.json().data.products as Array<{ id: number; quantity: number }>).map((p) => p.id);
    };
    const card = async (url: string, id: number) =>
      ((await guest(url)).json().data.products as Array<{ id: number; quantity: number }>).find((p) => p.id === id);
    const places = (id: number) => [
      `/api/products?search=${word}`,
      `/api/products?search=${encodeURIComponent(wordAr)}`,
      `/api/products?shop_id=${SHOP}&sort_type=newest`,
      `/api/products?category_id=${category.id}&sort_type=newest`,
      '/api/products?sort_type=newest',
      `/api/product-details?product_id=${id}`,
      '/sitemap.xml',
    ];
    /** Where the product shows now, from a guest's point of view (the cached one when the cache is on). */
    async function shownIn(id: number): Promise<string[]> {
      const out: string[] = [];
      for (const url of places(id)) {
        if (url.startsWith('/api/product-details')) {
          if ((await guest(url)).statusCode === 200) out.push(url);
        } else if (url === '/sitemap.xml') {
          if ((await guest(url)).body.includes(`/products/${id}/details<`)) out.push(url);
        } else if ((await ids(url)).includes(id)) out.push(url);
      }
      return out;
    }
    /** Waits out the answer cache (the TTL, and a little), when it is on. */
    const settle = () => (cacheMs ? new Promise((r) => setTimeout(r, cacheMs + 60)) : Promise.resolve());
    const put = (id: number, body: object) =>
      app.inject({ method: 'PUT', url: `/api/seller/products/${id}`, headers: seller, payload: body });

    it('a new active product is everywhere; switched off, nowhere; back on and sold out, shown sold out; archived, nowhere', async () => {
      // Read every place first, so that the answer cache (when on) holds answers without the product.
      await shownIn(0);
      const revision = await catalogueRevision(app.db);
      const res = await app.inject({
        method: 'POST',
        url: '/api/seller/products',
        headers: seller,
        payload: { name: `Incense holder ${word}`, name_ar: `حامل ${wordAr}`, category_id: category.id, price: 3.5, quantity: 12 },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().data.product.id as number;
      // The write moved the revision and logged the change, by trigger.
      expect(await catalogueRevision(app.db)).toBeGreaterThan(revision);
      expect(await app.db.selectFrom('catalog_changes').select('id').where('product_id', '=', id).execute()).not.toEqual([]);
      await settle();
      expect(await shownIn(id)).toEqual(places(id));

      expect((await put(id, { is_active: false })).statusCode).toBe(200);
      await settle();
      expect(await shownIn(id)).toEqual([]);

      expect((await put(id, { is_active: true, quantity: 0 })).statusCode).toBe(200);
      await settle();
      expect(await shownIn(id)).toEqual(places(id));
      expect(await card(`/api/products?search=${word}`, id)).toMatchObject({ quantity: 0 });
      expect((await guest(`/api/product-details?product_id=${id}`)).json().data.product.quantity).toBe(0);

      // Renamed: found by the new word, not the old one.
      expect((await put(id, { name: 'Incense holder qqrenamedqq', quantity: 4 })).statusCode).toBe(200);
      await settle();
      expect(await ids(`/api/products?search=qqrenamedqq`)).toContain(id);
      expect(await ids(`/api/products?search=${word}`)).not.toContain(id);
      expect(await card(`/api/products?search=qqrenamedqq`, id)).toMatchObject({ quantity: 4 });

      // Ordered, then deleted by the seller: archived, off the storefront.
      const buyer = await makeCustomer(app);
      expect((await post(app, '/api/cart/store', buyer.auth, { product_id: id, quantity: 1 })).statusCode).toBe(200);
      expect((await post(app, '/api/place-order', buyer.auth, { shop_ids: [SHOP], address_id: buyer.addressId, payment_method: 'cash' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'DELETE', url: `/api/seller/products/${id}`, headers: seller })).statusCode).toBe(204);
      await settle();
      expect(await shownIn(id)).toEqual([]);
      expect(await ids('/api/products?search=qqrenamedqq')).not.toContain(id);
    });

    it('a deleted product (never ordered) leaves every place too', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/seller/products',
        headers: seller,
        payload: { name: `Tray ${word}x`, name_ar: 'صينية', category_id: category.id, price: 2, quantity: 3 },
      });
      const id = res.json().data.product.id as number;
      await settle();
      expect(await ids(`/api/products?search=${word}x`)).toContain(id);
      expect((await app.inject({ method: 'DELETE', url: `/api/seller/products/${id}`, headers: seller })).statusCode).toBe(204);
      await settle();
      expect(await ids(`/api/products?search=${word}x`)).not.toContain(id);
      expect((await guest(`/api/product-details?product_id=${id}`)).statusCode).toBe(404);
      expect((await guest('/sitemap.xml')).body.includes(`/products/${id}/details<`)).toBe(false);
    });
  });
}
