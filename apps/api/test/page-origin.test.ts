import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mountWeb } from '../src/web';
import { createTestApp } from './helpers';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
const ORIGIN = 'https://souq.example';

/** The app with the built web app mounted and the page cache on (as in production). */
async function webApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp({ publicUrl: ORIGIN, catalogCacheTtlMs: 60_000, ...overrides });
  await mountWeb(app);
  return app;
}

/** The page's own absolute URLs: canonical, hreflang, og:url, og:image, and JSON-LD url/item/logo/image. */
function absoluteUrls(html: string): string[] {
  const links = [...html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*?href="([^"]+)"/g)].map((m) => m[1]!);
  const og = [...html.matchAll(/<meta property="og:(?:url|image)" content="([^"]+)"/g)].map((m) => m[1]!);
  const ld: string[] = [];
  const walk = (v: unknown, key = ''): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === 'string' && ['url', 'item', 'logo', 'image', '@id'].includes(key)) ld.push(v);
  };
  for (const m of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) walk(JSON.parse(m[1]!));
  return [...links, ...og, ...ld];
}

function expectClean(html: string, what: string) {
  expect(html, what).not.toMatch(/evil\.example/i);
  const urls = absoluteUrls(html);
  expect(urls.length, what).toBeGreaterThan(0);
  for (const u of urls) expect(u.startsWith(`${ORIGIN}/`), `${what}: ${u}`).toBe(true);
}

const hostile = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-for': '203.0.113.9',
};

describe.skipIf(!webBuilt)('page origin (PUBLIC_URL only)', () => {
  it('ignores Host and X-Forwarded-Host, in the cached page and the uncached one', async () => {
    for (const trustProxy of [false, ['127.0.0.1']] as const) {
      const app = await webApp({ trustProxy: trustProxy === false ? false : [...trustProxy] });
      const product = await app.db
        .selectFrom('products')
        .select('id')
        .where('is_active', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      for (const url of ['/', `/products/${product.id}/details`, '/products?lang=en']) {
        const first = await app.inject({ url, headers: hostile });
        expect(first.statusCode, url).toBe(200);
        expect(first.headers['x-cache'], url).toBe('miss');
        expectClean(first.body, `${url} (first, trustProxy ${String(trustProxy)})`);
        expect(first.body).toContain(`<link rel="canonical" href="${ORIGIN}${url}"`);
        expect(first.body).toContain(`<meta property="og:url" content="${ORIGIN}${url}"`);
        const guest = await app.inject({ url });
        expect(guest.headers['x-cache'], url).toBe('hit');
        expectClean(guest.body, `${url} (cached)`);
        // A signed-in request is never served from the cache: the same holds there.
        const uncached = await app.inject({ url, headers: { ...hostile, authorization: 'Bearer nobody' } });
        expect(uncached.headers['x-cache']).toBeUndefined();
        expectClean(uncached.body, `${url} (uncached)`);
      }
    }
  });

  it('a path starting with // or /\\ cannot change the host of the page', async () => {
    const app = await webApp();
    const product = await app.db
      .selectFrom('products')
      .select('id')
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const url of [
      '//evil.example/',
      '//evil.example',
      `//evil.example/products/${product.id}/details`,
      '/\\evil.example/',
      '///evil.example/x',
    ]) {
      const res = await app.inject({ url });
      expect(res.body, url).not.toMatch(/\/\/evil\.example/i);
      for (const u of absoluteUrls(res.body)) expect(u.startsWith(`${ORIGIN}/`), `${url}: ${u}`).toBe(true);
    }
    // The collapsed path is the page's own: `//products` is the products page, under its real address.
    const doubled = await app.inject({ url: '//products?lang=en' });
    expect(doubled.statusCode).toBe(200);
    expect(doubled.body).toContain(`<link rel="canonical" href="${ORIGIN}/products?lang=en"`);
    // Nothing of the above reached the cache for the home page.
    const home = await app.inject({ url: '/' });
    expectClean(home.body, 'home after // requests');
  });

  it('keys cached pages by the language they are rendered in, as the web app decides it', async () => {
    const app = await webApp();
    // A cookie the web app reads as Arabic ("english" is not "en") must not fill the English entry.
    const odd = await app.inject({ url: '/', headers: { cookie: 'locale=english' } });
    expect(odd.body).toMatch(/<html lang="ar" dir="rtl"/);
    const english = await app.inject({ url: '/', headers: { cookie: 'theme=x; locale=en' } });
    expect(english.body).toMatch(/<html lang="en" dir="ltr"/);
    // ?lang= wins over the cookie, in the page and in the key.
    const forced = await app.inject({ url: '/?lang=en', headers: { cookie: 'locale=ar' } });
    expect(forced.body).toMatch(/<html lang="en" dir="ltr"/);
    const arabic = await app.inject({ url: '/', headers: { cookie: 'locale=ar' } });
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic.headers['x-cache']).toBe('hit');
  });

  it('the sitemap and robots.txt name PUBLIC_URL whatever the request says', async () => {
    const app = await webApp({ trustProxy: ['127.0.0.1'] });
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const res = await app.inject({ url, headers: hostile });
      expect(res.body, url).not.toMatch(/evil\.example/);
      expect(res.body, url).toContain(`${ORIGIN}/`);
    }
  });
});
