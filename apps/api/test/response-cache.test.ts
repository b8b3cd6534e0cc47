import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../src/modules/auth/tokens';
import { cacheablePageQuery } from '../src/web';
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

  it('keys an answer by the query the route reads: unknown names and another order make no new entry (issue 41, finding 10)', async () => {
    const url = '/api/products?per_page=4&sort_type=newest';
    const first = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(first.statusCode).toBe(200);
    await app.db
      .updateTable('products')
      .set({ name: 'Renamed while cached (keys)' })
      .where('id', '=', first.json().data.products[0].id)
      .execute();
    for (const other of [
      `${url}&utm_source=x`,
      `${url}&junk=${Math.random()}&more=1`,
      '/api/products?sort_type=newest&per_page=4',
      '/api/products?sort_type=newest&zzz=1&per_page=4',
    ]) {
      const res = await app.inject({ method: 'GET', url: other, headers: { 'accept-language': 'en' } });
      expect({ other, body: res.body }).toEqual({ other, body: first.body });
    }
    // A name the route reads is another answer.
    const page2 = await app.inject({ method: 'GET', url: `${url}&page=2`, headers: { 'accept-language': 'en' } });
    expect(page2.body).not.toBe(first.body);
  });

  it('keeps a page only when every query name is one the pages read', () => {
    expect(cacheablePageQuery(new URLSearchParams('category_id=2&page=3&sort_type=newest&lang=en'))).toBe(true);
    expect(cacheablePageQuery(new URLSearchParams(''))).toBe(true);
    expect(cacheablePageQuery(new URLSearchParams('page=2&utm_source=mail'))).toBe(false);
    expect(cacheablePageQuery(new URLSearchParams('x1=1'))).toBe(false);
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

describe('answers with a value of their own (a page nonce)', () => {
  it('puts a new value wherever the old one stood, in every answer, plain and gzip-spliced', async () => {
    const { default: Fastify } = await import('fastify');
    const { createResponseCache } = await import('../src/http/response-cache');
    const server = Fastify();
    const cache = createResponseCache(60_000);
    let renders = 0;
    let n = 0;
    // The value at the very start, twice in a row, in a long run of text (a part over 64 KB) and at the end.
    const page = (v: string) => `${v}<p>${v}${v}</p>${'<li>kahwa & dates</li>'.repeat(4000)}<script nonce="${v}"></script>${v}`;
    server.get('/page', async (req, reply) => {
      await cache.send(req, reply, 'page', async () => {
        renders++;
        return {
          type: 'text/html; charset=utf-8',
          body: page('RENDERED'),
          headers: { 'content-security-policy': "script-src 'nonce-RENDERED'", 'x-other': ['a RENDERED', 'b'] },
          perAnswer: { value: 'RENDERED', renew: () => `fresh${++n}` },
        };
      });
      return reply;
    });
    const seen = new Set<string>();
    for (const encoding of ['gzip', 'gzip, br', 'identity', 'deflate']) {
      const res = await server.inject({ url: '/page', headers: { 'accept-encoding': encoding } });
      const value = /nonce-(\w+)/.exec(String(res.headers['content-security-policy']))![1]!;
      seen.add(value);
      expect(res.headers['x-other']).toEqual([`a ${value}`, 'b']);
      const gzipped = encoding.includes('gzip');
      expect(res.headers['content-encoding'], encoding).toBe(gzipped ? 'gzip' : undefined);
      expect(gzipped ? zlib.gunzipSync(res.rawPayload).toString() : res.body).toBe(page(value));
    }
    expect(seen.size).toBe(4);
    expect(renders).toBe(1);
    await server.close();
  });
});
