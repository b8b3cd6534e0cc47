import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { compressJsonAnswers } from '../src/http/response-cache';
import { issueToken } from '../src/modules/auth/tokens';
import { createTestApp } from './helpers';

/**
 * compressJsonAnswers on its own, on a server without @fastify/compress: whatever comes back compressed
 * was compressed by it. Each route answers a JSON array of `n` objects (about 30 bytes each).
 */
const bare = Fastify();
compressJsonAnswers(bare);
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, name: `product ${i}` }));
bare.get('/json/:n', async (req) => rows(Number((req.params as { n: string }).n)));
bare.get('/varied', async (_req, reply) => reply.header('vary', 'accept-language').send(rows(100)));
bare.get('/html', async (_req, reply) => reply.type('text/html').send(`<p>${'x'.repeat(4000)}</p>`));
bare.get('/encoded', async (_req, reply) =>
  reply
    .header('content-encoding', 'gzip')
    .type('application/json')
    .send(zlib.gzipSync(JSON.stringify(rows(100)))),
);
afterAll(() => bare.close());

const ask = (url: string, encoding?: string, extra: Record<string, string> = {}) =>
  bare.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...extra } });

describe('compressJsonAnswers', () => {
  it('compresses a JSON answer of 1–64 KB with brotli, else gzip, as the client accepts, to the same JSON', async () => {
    const plain = await ask('/json/100');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await ask('/json/100', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    // One buffer, whose length is known: not a stream.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await ask('/json/100', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const identity = await ask('/json/100', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(plain.json());
  });

  it('adds accept-encoding to a vary the route set', async () => {
    const res = await ask('/varied', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-language, accept-encoding');
  });

  it('leaves alone answers under 1 KB, over 64 KB (the plugin streams those), not JSON, already encoded, or asked plain', async () => {
    const small = await ask('/json/10', 'br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const large = await ask('/json/3000', 'br');
    expect(large.rawPayload.length).toBeGreaterThan(64 * 1024);
    expect(large.headers['content-encoding']).toBeUndefined();

    const html = await ask('/html', 'br');
    expect(html.headers['content-encoding']).toBeUndefined();
    expect(html.body).toContain('<p>xxx');

    const encoded = await ask('/encoded', 'br');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(encoded.rawPayload).toString())).toEqual(rows(100));

    const refused = await ask('/json/100', 'br', { 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

// The answer cache is off here (tests' default): every answer is computed and compressed per request.
const app = await createTestApp();

describe('in the app', () => {
  it('compresses a signed-in catalogue answer in one call, before @fastify/compress would stream it', async () => {
    const user = await app.db.selectFrom('users').select('id').where('email', '=', 'customer@souq.om').executeTakeFirstOrThrow();
    const auth = `Bearer ${(await issueToken(app.db, 'user', user.id)).token}`;
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/products?per_page=10',
        headers: { authorization: auth, 'accept-language': 'en', ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const size = plain.rawPayload.length;
    expect(size).toBeGreaterThan(1024);
    expect(size).toBeLessThan(64 * 1024);

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    // The plugin's stream has no length; the one-call buffer has. This is the line that fails when the
    // app does not call compressJsonAnswers, or calls it after registering @fastify/compress (whose hook
    // then streams the answer first): the answer is still brotli and still the same JSON, but NaN long.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
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
