import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mountWeb } from '../src/web';
import { createTestApp } from './helpers';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));

/** The app with the built web app mounted and the page cache on, its entries living a minute. */
async function webApp() {
  const app = await createTestApp({ publicUrl: 'https://souq.example', catalogCacheTtlMs: 60_000 });
  await mountWeb(app);
  return app;
}

/** The script-src nonce of a policy header. */
const policyNonce = (policy: unknown) => /script-src 'nonce-([^']+)'/.exec(String(policy))?.[1];

/** Every nonce attribute of a page (scripts, and anything else React Router gives one). */
const nonceAttributes = (html: string) => [...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]!);

/** Every <script> of a page that runs (JSON-LD data blocks do not), with its attributes. */
const runningScripts = (html: string) => [...html.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>/g)].map((m) => m[1]!);

describe.skipIf(!webBuilt)('CSP nonce of cached guest pages (decision 016)', () => {
  it('gives every answer of a cached page a fresh nonce, the same in the header and in every script', async () => {
    const app = await webApp();
    const answers: Array<Awaited<ReturnType<typeof app.inject>>> = [];
    for (let i = 0; i < 3; i++) answers.push(await app.inject({ url: '/' }));
    expect(answers.map((a) => a.headers['x-cache'])).toEqual(['miss', 'hit', 'hit']);
    const nonces = answers.map((a) => policyNonce(a.headers['content-security-policy']));
    expect(new Set(nonces).size).toBe(3);
    // 128 random bits, base64url: nothing in it that HTML or JSON would escape.
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const [i, a] of answers.entries()) {
      expect(a.statusCode).toBe(200);
      const scripts = runningScripts(a.body);
      expect(scripts.length).toBeGreaterThan(1);
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonces[i]}"`);
      // No other nonce anywhere in the page: every occurrence of the render's was replaced.
      expect(new Set(nonceAttributes(a.body))).toEqual(new Set([nonces[i]]));
      for (const other of nonces.filter((_, j) => j !== i)) expect(a.body).not.toContain(other!);
    }
    // Apart from the nonce, the cached page is the same page.
    const strip = (a: (typeof answers)[number], i: number) => a.body.replaceAll(nonces[i]!, 'N');
    expect(strip(answers[2]!, 2)).toBe(strip(answers[1]!, 1));
    await app.close();
  });

  it('compressed answers carry their own nonce too (gzip spliced from pieces for a client that takes it)', async () => {
    const app = await webApp();
    const plain = await app.inject({ url: '/products?lang=en' });
    const bodies: Array<{ nonce: string | undefined; html: string }> = [];
    for (const encoding of ['gzip, deflate, br', 'gzip', 'br', 'identity']) {
      const res = await app.inject({ url: '/products?lang=en', headers: { 'accept-encoding': encoding } });
      expect(res.headers['x-cache']).toBe('hit');
      // Brotli alone is left to the compression plugin (a stream that cannot be spliced).
      const expected = encoding.includes('gzip') ? 'gzip' : encoding === 'br' ? 'br' : undefined;
      expect(res.headers['content-encoding'], encoding).toBe(expected);
      const html =
        expected === 'gzip'
          ? zlib.gunzipSync(res.rawPayload).toString()
          : expected === 'br'
            ? zlib.brotliDecompressSync(res.rawPayload).toString()
            : res.body;
      // A gzip stream made of the page's pieces is exactly the page (length and CRC checked by gunzip).
      if (expected === 'gzip') expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      bodies.push({ nonce: policyNonce(res.headers['content-security-policy']), html });
    }
    const nonces = bodies.map((b) => b.nonce);
    expect(new Set([...nonces, policyNonce(plain.headers['content-security-policy'])]).size).toBe(5);
    for (const { nonce, html } of bodies) {
      expect(html.replaceAll(nonce!, 'N')).toBe(
        plain.body.replaceAll(policyNonce(plain.headers['content-security-policy'])!, 'N'),
      );
      expect(new Set(nonceAttributes(html))).toEqual(new Set([nonce]));
    }
    await app.close();
  });
});
