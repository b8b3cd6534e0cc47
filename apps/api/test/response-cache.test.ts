import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../src/modules/auth/tokens';
import { createTestApp } from './helpers';

// The production default: public answers are reused for a few seconds.
const app = await createTestApp({ catalogCacheTtlMs: 60_000 });

describe('public response cache', () => {
  it('answers identical guest requests with the same bytes, compressed once per encoding', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/products?per_page=5', headers: { 'accept-language': 'en' } });
    expect(first.statusCode).toBe(200);
    // A change made after the first answer is not seen while the entry lives…
    await app.db
      .updateTable('products')
      .set({ name: 'Renamed while cached' })
      .where('id', '=', first.json().data.products[0].id)
      .execute();
    const second = await app.inject({ method: 'GET', url: '/api/products?per_page=5', headers: { 'accept-language': 'en' } });
    expect(second.body).toBe(first.body);
    // …and the cache is keyed by language and URL.
    const ar = await app.inject({ method: 'GET', url: '/api/products?per_page=5', headers: { 'accept-language': 'ar' } });
    expect(ar.body).not.toBe(first.body);

    const br = await app.inject({
      method: 'GET',
      url: '/api/products?per_page=5',
      headers: { 'accept-language': 'en', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await app.inject({
      method: 'GET',
      url: '/api/products?per_page=5',
      headers: { 'accept-language': 'en', 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);
  });

  it('never serves a cached answer to a request with credentials, nor caches errors', async () => {
    const user = await app.db.selectFrom('users').select('id').where('email', '=', 'customer@souq.om').executeTakeFirstOrThrow();
    const { token } = await issueToken(app.db, 'user', user.id);
    const guest = (await app.inject({ method: 'GET', url: '/api/products?per_page=3&category_id=2' })).json();
    const productId = guest.data.products[0].id;
    await app.db
      .insertInto('favorites')
      .values({ user_id: user.id, product_id: productId, created_at: new Date().toISOString() })
      .execute();
    const mine = (
      await app.inject({
        method: 'GET',
        url: '/api/products?per_page=3&category_id=2',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(mine.data.products[0].is_favorite).toBe(true);
    expect(guest.data.products[0].is_favorite).toBe(false);

    expect((await app.inject({ method: 'GET', url: '/api/product-details?product_id=71' })).statusCode).toBe(404);
    await app.db.updateTable('products').set({ is_active: 1 }).where('id', '=', 71).execute();
    expect((await app.inject({ method: 'GET', url: '/api/product-details?product_id=71' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/products?per_page=500' })).statusCode).toBe(422);
  });
});
