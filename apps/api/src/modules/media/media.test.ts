import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { safeUploadPath } from './images';
import { sitemapDocument } from './sitemap';

type App = Awaited<ReturnType<typeof createTestApp>>;
const app: App = await createTestApp({ publicUrl: 'http://shop.example' });

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">' +
  '<rect width="800" height="800" fill="#e8d5b0"/><circle cx="400" cy="400" r="250" fill="#8a5a2b"/></svg>';

beforeAll(async () => {
  // The test template's demo images live outside this app's dataDir: write our own sources.
  const dir = path.join(app.config.dataDir, 'uploads', 'products');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'test-1.svg'), SVG);
  await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
    .png()
    .toFile(path.join(dir, 'test-2.png'));
  fs.writeFileSync(path.join(dir, 'broken.png'), 'not an image');
});

describe('GET /img/:w/*', () => {
  it('resizes to the asked width as webp and caches the result on disk', async () => {
    const res = await app.inject({ url: '/img/256/uploads/products/test-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBeTruthy();
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(256);
    const cacheFile = path.join(app.config.dataDir, 'cache', 'img', '256', 'uploads', 'products', 'test-1.svg.webp');
    expect(fs.existsSync(cacheFile)).toBe(true);

    const again = await app.inject({ url: '/img/256/uploads/products/test-1.svg' });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('does not enlarge a raster source', async () => {
    const res = await app.inject({ url: '/img/1024/uploads/products/test-2.png' });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(600);
    const small = await app.inject({ url: '/img/128/uploads/products/test-2.png' });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(128);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/img/128/uploads/products/test-1.svg' });
    const etag = first.headers.etag as string;
    const res = await app.inject({ url: '/img/128/uploads/products/test-1.svg', headers: { 'if-none-match': etag } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    const other = await app.inject({ url: '/img/128/uploads/products/test-1.svg', headers: { 'if-none-match': '"nope"' } });
    expect(other.statusCode).toBe(200);
  });

  it('resizes once for concurrent identical requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ url: '/img/512/uploads/products/test-1.svg' })),
    );
    for (const r of results) expect(r.statusCode).toBe(200);
    const dir = path.join(app.config.dataDir, 'cache', 'img', '512', 'uploads', 'products');
    expect(fs.readdirSync(dir)).toEqual(['test-1.svg.webp']);
  });

  it('resizes at most two pictures at once, leaving the rest of Node’s pool to files and pages', async () => {
    // Twelve sources and widths never resized yet; sharp's own counter of the operations it is running
    // is sampled while they are asked for at once (with four at once, all of Node's pool was resizing).
    const dir = path.join(app.config.dataDir, 'uploads', 'products');
    for (let i = 0; i < 6; i++) fs.writeFileSync(path.join(dir, `storm-${i}.svg`), SVG.replace('#8a5a2b', `#8a5a${10 + i}`));
    let most = 0;
    let sampling = true;
    const sample = () => {
      most = Math.max(most, sharp.counters().process);
      if (sampling) setImmediate(sample);
    };
    sample();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ['768', '1280'].map((w) => app.inject({ url: `/img/${w}/uploads/products/storm-${i}.svg` })),
      ).flat(),
    );
    sampling = false;
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('answers 503 with Retry-After when more resizes wait than IMAGE_RESIZE_QUEUE_LIMIT allows, and the picture once asked again', async () => {
    const busy = await createTestApp({ imageResize: { concurrency: 1, queueLimit: 0 } });
    try {
      const dir = path.join(busy.config.dataDir, 'uploads', 'products');
      fs.mkdirSync(dir, { recursive: true });
      for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(dir, `queue-${i}.svg`), SVG);
      const urls = [0, 1, 2].map((i) => `/img/1280/uploads/products/queue-${i}.svg`);
      const answers = await Promise.all(urls.map((url) => busy.inject({ url })));
      const refused = answers.filter((r) => r.statusCode === 503);
      expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const r of refused) expect(r.headers['retry-after']).toBe('5');
      for (const url of urls) expect((await busy.inject({ url })).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });

  it('404s on widths outside the list, unknown files and unreadable images', async () => {
    for (const url of [
      '/img/100/uploads/products/test-1.svg',
      '/img/0256/uploads/products/test-1.svg',
      '/img/abc/uploads/products/test-1.svg',
      '/img/256/uploads/products/missing.svg',
      '/img/256/uploads/products/broken.png',
      '/img/256/uploads/products',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });

  it('refuses path traversal', async () => {
    fs.writeFileSync(
      path.join(app.config.dataDir, 'secret.png'),
      fs.readFileSync(path.join(app.config.dataDir, 'uploads/products/test-2.png')),
    );
    for (const url of [
      '/img/256/uploads/../../etc/passwd',
      '/img/256/uploads/../secret.png',
      '/img/256/uploads/%2e%2e/secret.png',
      '/img/256/uploads/%2E%2E/%2E%2E/etc/passwd',
      '/img/256/uploads%2f..%2fsecret.png',
      '/img/256/uploads/products%2ftest-2.png',
      '/img/256/uploads/..%5csecret.png',
      '/img/256/uploads/products/test-2.png%00.svg',
      '/img/256//etc/passwd',
      '/img/256/%2fetc%2fpasswd',
      '/img/256/etc/passwd',
      '/img/256/secret.png',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'] ?? '', url).not.toContain('image/webp');
    }
    expect(safeUploadPath('uploads/products/a.svg')).toBe('uploads/products/a.svg');
    expect(safeUploadPath('uploads/../x')).toBeNull();
    expect(safeUploadPath('/uploads/x')).toBeNull();
  });
});

describe('sitemap and robots', () => {
  it('lists fixed pages, products, shops and categories with absolute URLs', async () => {
    const res = await app.inject({ url: '/sitemap.xml', headers: { host: 'shop.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('xml');
    const xml = res.body;
    expect(xml.startsWith('<?xml')).toBe(true);
    // Well-formed enough for a crawler: one root, every <url> closed, a <loc> each.
    expect(xml).toMatch(/<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">[\s\S]*<\/urlset>\s*$/);
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    for (const u of urls)
      expect(u).toMatch(/^<url><loc>http:\/\/shop\.example\/[^<]*<\/loc>(<lastmod>[^<]+<\/lastmod>)?<\/url>$/);
    const locs = urls.map((u) => /<loc>([^<]+)<\/loc>/.exec(u)![1]);
    expect(new Set(locs).size).toBe(locs.length);

    const product = await app.db
      .selectFrom('products')
      .select(['id', 'updated_at'])
      .where('is_active', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inactive = await app.db.selectFrom('products').select('id').where('is_active', '=', 0).executeTakeFirst();
    const shop = await app.db.selectFrom('shops').select('id').where('is_active', '=', 1).executeTakeFirstOrThrow();
    const category = await app.db.selectFrom('categories').select('slug').where('is_active', '=', 1).executeTakeFirstOrThrow();
    expect(xml).toContain(
      `<loc>http://shop.example/products/${product.id}/details</loc><lastmod>${product.updated_at}</lastmod>`,
    );
    if (inactive) expect(xml).not.toContain(`/products/${inactive.id}/details<`);
    expect(xml).toContain(`<loc>http://shop.example/shops/${shop.id}</loc>`);
    expect(xml).toContain(`<loc>http://shop.example/categories/${category.slug}</loc>`);
    for (const p of ['/', '/shops', '/products', '/categories', '/most-popular', '/best-deal'])
      expect(xml).toContain(`<loc>http://shop.example${p}</loc>`);
    expect(xml).toMatch(/<loc>http:\/\/shop\.example\/flash-sale\/\d+<\/loc>/);

    // The origin is PUBLIC_URL's: neither Host nor X-Forwarded-* headers change it.
    const forwarded = await app.inject({
      url: '/sitemap.xml',
      headers: { host: 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(forwarded.body).toContain('<loc>http://shop.example/products</loc>');
    expect(forwarded.body).not.toContain('evil.example');
  });

  it('robots.txt allows crawling, keeps private pages out and points at the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /checkout');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Sitemap: http://shop.example/sitemap.xml');
  });

  it('404s on sitemap parts while everything fits in one file', async () => {
    expect((await app.inject({ url: '/sitemap-1.xml' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemap-x.xml' })).statusCode).toBe(404);
  });
});

describe('sitemap index', () => {
  it('splits into an index of parts above the URL limit, products paged by id', async () => {
    const origin = 'https://souq.example';
    const active = await app.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').execute();
    const index = (await sitemapDocument(app.db, origin, null, 100))!;
    const parts = 1 + Math.ceil(active.length / 100);
    expect(index).toContain('<sitemapindex');
    expect(index.match(/<sitemap>/g)?.length).toBe(parts);
    expect(index).toContain(`<loc>${origin}/sitemap-${parts}.xml</loc>`);
    const first = (await sitemapDocument(app.db, origin, 1, 100))!;
    expect(first).toContain(`<loc>${origin}/categories/`);
    expect(first).not.toContain('/details<');
    const seen: string[] = [];
    for (let n = 2; n <= parts; n++) {
      const doc = (await sitemapDocument(app.db, origin, n, 100))!;
      seen.push(...[...doc.matchAll(/\/products\/(\d+)\/details</g)].map((m) => m[1]!));
    }
    expect(seen).toEqual(active.map((p) => String(p.id)));
    expect(await sitemapDocument(app.db, origin, parts + 1, 100)).toBeNull();
  });
});

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../../../web/build/server/index.js'));

describe.skipIf(!webBuilt)('with the web app mounted', () => {
  it('serves images, sitemap and robots from these routes, not the web catch-all', async () => {
    const { mountWeb } = await import('../../web');
    const withWeb = await createTestApp();
    await mountWeb(withWeb);
    const dir = path.join(withWeb.config.dataDir, 'uploads', 'products');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'test-1.svg'), SVG);
    const img = await withWeb.inject({ url: '/img/64/uploads/products/test-1.svg' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await withWeb.inject({ url: '/img/65/uploads/products/test-1.svg' })).headers['content-type']).not.toContain('html');
    const map = await withWeb.inject({ url: '/sitemap.xml' });
    expect(map.headers['content-type']).toContain('application/xml');
    expect(map.body).toContain('<urlset');
    const robots = await withWeb.inject({ url: '/robots.txt' });
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Sitemap: ');
  });
});
