import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers';
import { issueToken } from '../src/modules/auth/tokens';

// The answer cache is off here (tests' default): every answer is computed and compressed per request.
const app = await createTestApp();

describe('JSON answers compressed in one call', () => {
  it('compresses a signed-in catalogue answer with brotli or gzip, as asked, to the same JSON', async () => {
    const user = await app.db.selectFrom('users').select('id').where('email', '=', 'customer@souq.om').executeTakeFirstOrThrow();
    const auth = `Bearer ${(await issueToken(app.db, 'user', user.id)).token}`;
    const ask = (encoding?: string, extra: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: '/api/products?per_page=10',
        headers: { authorization: auth, 'accept-language': 'en', ...(encoding ? { 'accept-encoding': encoding } : {}), ...extra },
      });
    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json();

    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(json);

    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(json);

    const none = await ask('gzip, br', { 'x-no-compression': '1' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(json);
  });

  it('leaves small answers uncompressed', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/product-details?product_id=999999',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found.' });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
