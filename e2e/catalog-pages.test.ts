import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage } from './browser';

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  discount_price: number;
  total_reviews: number;
  sizes: Array<{ id: number; name: string; price: number }>;
  colors: Array<{ id: number; price: number }>;
}

async function apiProducts(qs: string, lang = 'en'): Promise<ApiProduct[]> {
  const res = await fetch(`${baseUrl()}/api/products?${qs}`, { headers: { 'accept-language': lang } });
  return (await res.json()).data.products;
}

describe('product page', () => {
  it('serves the name, the price and Product JSON-LD in the HTML before any script runs', async () => {
    const [p] = await apiProducts('per_page=1&sort_type=top_selling', 'ar');
    const res = await fetch(`${baseUrl()}/products/${p!.id}/details`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(p!.name.replace(/&/g, '&amp;'));
    const price = (p!.discount_price > 0 ? p!.discount_price : p!.price).toFixed(3);
    expect(html).toContain(price);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const product = blocks.find((b) => b['@type'] === 'Product');
    expect(product).toBeTruthy();
    expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'OMR', price });
    expect(product.offers.availability).toMatch(/schema\.org\/(InStock|OutOfStock)$/);
    expect(blocks.some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/products\/\d+\/details"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="ar"/i);
    expect(html).toMatch(/<link rel="alternate" hrefLang="en"/i);
    // The stylesheet is in the head, ahead of the script preloads React Router renders there (decision 012).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('rel="stylesheet"');
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('rel="modulepreload"'));
    // A PNG favicon: Chromium draws an SVG one as a document on the page's main thread.
    const icons = [...head.matchAll(/<link rel="(?:icon|apple-touch-icon)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(icons).toEqual(['/favicon-32.png', '/apple-touch-icon.png']);
    for (const icon of icons) expect((await fetch(`${baseUrl()}${icon}`)).headers.get('content-type')).toBe('image/png');
  });

  it('serves scripts and styles compressed at build time, cached for good, and preloads the fonts of the first screen', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    for (const asset of new Set(assets)) {
      const plain = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding'), asset).toBeNull();
      const plainBytes = Buffer.from(await plain.arrayBuffer());
      const br = await fetch(`${baseUrl()}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('content-encoding'), asset).toBe('br');
      expect(br.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
      expect(br.headers.get('vary'), asset).toMatch(/accept-encoding/i);
      // The body (decoded by fetch) is the file itself.
      expect(Buffer.from(await br.arrayBuffer()).equals(plainBytes), asset).toBe(true);
    }
    // Arabic pages fetch the Arabic and Latin faces, regular and bold, with the stylesheet; English ones the Latin faces.
    const fonts = (page: string) => [...page.matchAll(/<link rel="preload" as="font"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(fonts(html).map((f) => /sans-arabic-(arabic|latin)-(\d+)/.exec(f)?.slice(1).join('-'))).toEqual([
      'arabic-400',
      'arabic-700',
      'latin-400',
      'latin-700',
    ]);
    const english = await (await fetch(`${baseUrl()}/?lang=en`)).text();
    expect(fonts(english).map((f) => /sans-arabic-(arabic|latin)-(\d+)/.exec(f)?.slice(1).join('-'))).toEqual([
      'latin-400',
      'latin-700',
    ]);
    for (const font of fonts(html)) expect((await fetch(`${baseUrl()}${font}`)).status, font).toBe(200);
  });

  it('fetches the scripts with the page and hydrates it; a header control works at once', async () => {
    const page = await newPage({ locale: 'ar', width: 1280, height: 900 });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[^/]+\.js$/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    // Requested from the head's preloads, not held until a paint.
    expect(timing.scripts.length).toBeGreaterThan(2);
    expect(Math.min(...timing.scripts)).toBeLessThan(timing.fcp!);
    await page.getByTestId('categories-button').click();
    expect(await page.getByTestId('categories-panel').isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('has an English address (?lang=en) that search engines and visitors without a cookie get in English', async () => {
    const [p] = await apiProducts('per_page=1&sort_type=top_selling', 'en');
    const plain = `${baseUrl()}/products/${p!.id}/details`;
    const html = await (await fetch(`${plain}?lang=en`)).text();
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(html).toContain(p!.name.replace(/&/g, '&amp;'));
    expect(html).toContain(`<link rel="canonical" href="${plain}?lang=en"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="ar" href="${plain}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${plain}?lang=en"/>`);
    const arabic = await (await fetch(plain)).text();
    expect(arabic).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic).toContain(`<link rel="canonical" href="${plain}"/>`);

    // A visitor who came by the English address and picks Arabic gets the plain address in Arabic.
    const page = await newPage();
    await page.goto(`${plain}?lang=en`);
    await hydrated(page);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await page.click('[data-testid=language-picker]');
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid=language-option-ar]')]);
    await hydrated(page);
    expect(page.url()).toBe(plain);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await finish(page, 'product-lang-param');
  });

  for (const locale of ['ar', 'en'] as const) {
    it(`shows the gallery, variant prices and reviews (${locale})`, async () => {
      const all = await apiProducts('per_page=100', locale);
      const withSizes = all.find((p) => p.sizes.some((s) => s.price > 0) && p.total_reviews > 0)!;
      expect(withSizes).toBeTruthy();
      const page = await newPage({ locale });
      await page.goto(`${baseUrl()}/products/${withSizes.id}/details`);
      await hydrated(page);
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await expect.poll(() => page.textContent('h1')).toBe(withSizes.name);

      // Gallery: another thumbnail changes the main image.
      const thumbs = page.locator('[data-testid=gallery-thumb]');
      expect(await thumbs.count()).toBeGreaterThan(1);
      const main = page.locator('.gallery__main img');
      const before = await main.getAttribute('src');
      await thumbs.nth(1).click();
      await expect.poll(() => main.getAttribute('src')).not.toBe(before);

      // A size with an extra price raises the shown price.
      const priceText = () => page.locator('[data-testid=product-price] .price__now').textContent();
      const first = await priceText();
      const dearer = withSizes.sizes.findIndex((s) => s.price > 0);
      await page.locator('[data-testid=size-option]').nth(dearer).click();
      await expect.poll(priceText).not.toBe(first);

      // Reviews and their summary.
      await expect.poll(() => page.locator('[data-testid=rating-summary]').count()).toBe(1);
      expect(await page.locator('[data-testid=review]').count()).toBeGreaterThan(0);
      await finish(page, `product-${locale}`);
    });
  }

  it('loads more reviews on demand', async () => {
    const reviewed = (await apiProducts('per_page=100', 'en')).sort((a, b) => b.total_reviews - a.total_reviews)[0]!;
    expect(reviewed.total_reviews).toBeGreaterThan(10);
    const page = await newPage({ locale: 'en' });
    await page.goto(`${baseUrl()}/products/${reviewed.id}/details`);
    await hydrated(page);
    expect(await page.locator('[data-testid=review]').count()).toBe(10);
    await page.click('[data-testid=reviews-more]');
    await expect.poll(() => page.locator('[data-testid=review]').count(), { timeout: 10_000 }).toBeGreaterThan(10);
    await finish(page, 'product-more-reviews-en');
  });

  it('answers 404 with the not-found page for an unknown product', async () => {
    expect((await fetch(`${baseUrl()}/products/999999/details`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/products/abc/details`)).status).toBe(404);
    const page = await newPage();
    await page.goto(`${baseUrl()}/products/999999/details`);
    await hydrated(page);
    expect(await page.textContent('.not-found__code')).toContain('404');
    await finish(page, 'product-404-ar');
  });
});

describe('shops and flash sales', () => {
  it('lists the shops and searches them (en)', async () => {
    const page = await newPage({ locale: 'en' });
    await page.goto(`${baseUrl()}/shops`);
    await hydrated(page);
    expect(await page.locator('[data-testid=shop-card]').count()).toBe(8);
    await page.fill('[data-testid=shop-search]', 'halwa');
    await page.press('[data-testid=shop-search]', 'Enter');
    await page.waitForURL(/search=halwa/);
    await expect.poll(() => page.locator('[data-testid=shop-card]').count()).toBe(1);
    expect(await page.textContent('[data-testid=shop-card]')).toContain('Muscat Halwa Kitchen');
    await finish(page, 'shops-search-en');
  });

  for (const locale of ['ar', 'en'] as const) {
    it(`filters a shop's products by its category (${locale})`, async () => {
      const html = await (await fetch(`${baseUrl()}/shops/3`, { headers: { cookie: `locale=${locale}` } })).text();
      expect(html).toMatch(locale === 'ar' ? /مطبخ مسقط للحلوى/ : /Muscat Halwa Kitchen/);
      expect(html).toContain('"@type":"BreadcrumbList"');
      const page = await newPage({ locale });
      await page.goto(`${baseUrl()}/shops/3`);
      await hydrated(page);
      const ids = () =>
        page
          .locator('[data-testid=shop-products] [data-testid=product-card]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
      const before = await ids();
      expect(before.length).toBe(20);
      const category = page.locator('[data-testid=shop-category]').last();
      await category.click();
      await page.waitForURL(/category_id=\d+/);
      await expect.poll(async () => (await ids()).join()).not.toBe(before.join());
      expect((await ids()).length).toBeLessThan(20);
      await finish(page, `shop-${locale}`);
    });
  }

  it('shows 404 for an unknown shop', async () => {
    expect((await fetch(`${baseUrl()}/shops/9999`)).status).toBe(404);
  });

  for (const [id, locale] of [
    [1, 'ar'],
    [2, 'en'],
  ] as const) {
    it(`ticks the flash sale countdown (${id}, ${locale})`, async () => {
      const page = await newPage({ locale });
      await page.goto(`${baseUrl()}/flash-sale/${id}`);
      await hydrated(page);
      const text = () => page.textContent('[data-testid=countdown]');
      const first = await text();
      await expect.poll(text, { timeout: 3000 }).not.toBe(first);
      expect(await page.locator('[data-testid=flash-products] [data-testid=product-card]').count()).toBeGreaterThan(0);
      await finish(page, `flash-sale-${id}-${locale}`);
    });
  }
});

describe('phone layout', () => {
  for (const locale of ['ar', 'en'] as const) {
    it(`renders the product, shop and flash-sale pages at 390 px (${locale})`, async () => {
      for (const [path, name] of [
        ['/products/5/details', 'product'],
        ['/shops', 'shops'],
        ['/shops/1', 'shop'],
        ['/flash-sale/1', 'flash-sale'],
      ] as const) {
        const page = await newPage({ locale, width: 390, height: 844 });
        await page.goto(`${baseUrl()}${path}`);
        await hydrated(page);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await finish(page, `${name}-390-${locale}`);
      }
    });
  }
});

describe('product page at 320 px (a 1280 px window at 400 %)', () => {
  // Product 1 (several gallery pictures) gets sizes with long names for this test, one of them a single
  // word longer than the screen is wide; they are taken away again at the end.
  const LONG_SIZES = [
    'Family celebration gift box of thirty-six dates',
    'Khalas_Premium_Celebration_Family_Box_XXL',
    'Ramadan sharing tray (2.5 kg, wooden)',
  ];

  it('does not scroll sideways and shows the whole title, with long size chips, in Arabic and English', async () => {
    const db = new Database(path.join(inject('dataDir'), 'storefront.sqlite'));
    db.pragma('busy_timeout = 5000');
    const sizeIds = LONG_SIZES.map((name, i) =>
      Number(db.prepare('insert into sizes (name, sort) values (?, ?)').run(name, 900 + i).lastInsertRowid),
    );
    for (const id of sizeIds)
      db.prepare('insert into product_sizes (product_id, size_id, extra_price) values (1, ?, 1500)').run(id);
    try {
      for (const locale of ['ar', 'en'] as const) {
        // The page cache keeps a page a few seconds: wait for one with the new sizes.
        await expect
          .poll(async () => (await fetch(`${baseUrl()}/products/1/details?lang=${locale}`)).text(), { timeout: 20_000 })
          .toContain(LONG_SIZES[1]);
        const page = await newPage({ locale, width: 320, height: 640 });
        await page.goto(`${baseUrl()}/products/1/details?lang=${locale}`);
        await hydrated(page);
        expect(await page.locator('[data-testid=size-option]').count()).toBeGreaterThanOrEqual(LONG_SIZES.length);
        const layout = await page.evaluate(() => {
          const h1 = document.querySelector('h1')!;
          const r = h1.getBoundingClientRect();
          const chips = [...document.querySelectorAll('[data-testid=size-option]')].map((c) => c.getBoundingClientRect());
          return {
            page: document.documentElement.scrollWidth,
            title: { scroll: h1.scrollWidth, client: h1.clientWidth, left: r.left, right: r.right },
            chips: { left: Math.min(...chips.map((c) => c.left)), right: Math.max(...chips.map((c) => c.right)) },
          };
        });
        expect(layout.page, `${locale}: the page is ${layout.page} px wide`).toBeLessThanOrEqual(320);
        // The title wraps inside the screen rather than being cut.
        expect(layout.title.scroll).toBeLessThanOrEqual(layout.title.client);
        expect(layout.title.left).toBeGreaterThanOrEqual(0);
        expect(layout.title.right).toBeLessThanOrEqual(320);
        // The chips wrap onto lines of their own, each inside the screen.
        expect(layout.chips.left).toBeGreaterThanOrEqual(0);
        expect(layout.chips.right).toBeLessThanOrEqual(320);
        await finish(page, `product-320-long-sizes-${locale}`);
      }
    } finally {
      db.prepare(`delete from product_sizes where size_id in (${sizeIds.join(',')})`).run();
      db.prepare(`delete from sizes where id in (${sizeIds.join(',')})`).run();
      db.close();
    }
  });
});

describe('wishlist hearts on catalogue pages', () => {
  it('shows the signed-in customer favourites on server-rendered cards and toggles them', async () => {
    const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const reg = await fetch(`${baseUrl()}/api/registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: 'Heart Tester',
        phone,
        email: `h${phone}@example.com`,
        password: 'tidy-secret-41',
        country: 'Oman',
        phone_code: '+968',
      }),
    });
    expect(reg.status).toBe(200);
    const { user, access } = (await reg.json()).data;
    // One favourite made through the API beforehand.
    const products = await apiProducts('per_page=2&category_id=1', 'en');
    await fetch(`${baseUrl()}/api/favorite-add-or-remove`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access.token}` },
      body: JSON.stringify({ product_id: products[0]!.id }),
    });

    const page = await newPage({ locale: 'en' });
    await page.context().addInitScript(
      (value: string) => {
        if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
      },
      JSON.stringify({ token: access.token, user, favoriteCount: 1 }),
    );
    await page.goto(`${baseUrl()}/categories/dates`);
    await hydrated(page);
    const heart = (id: number) => page.locator(`[data-product-id="${id}"] [data-testid=favorite-button]`);
    await expect.poll(() => heart(products[0]!.id).getAttribute('aria-pressed')).toBe('true');
    expect(await heart(products[1]!.id).getAttribute('aria-pressed')).toBe('false');

    await heart(products[1]!.id).click();
    await expect.poll(() => heart(products[1]!.id).getAttribute('aria-pressed')).toBe('true');
    const list = await fetch(`${baseUrl()}/api/favorite-products`, { headers: { authorization: `Bearer ${access.token}` } });
    const ids = (await list.json()).data.products.map((p: { id: number }) => p.id);
    expect(ids.sort()).toEqual([products[0]!.id, products[1]!.id].sort());
    await finish(page, 'hearts-en');
  });

  it('asks a guest to log in', async () => {
    const page = await newPage({ locale: 'ar' });
    await page.goto(`${baseUrl()}/products/5/details`);
    await hydrated(page);
    await page.locator('.product-page__fav').click();
    await page.waitForSelector('[data-testid=toasts] .toast--error');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(1);
    await finish(page, 'hearts-guest-ar');
  });
});
