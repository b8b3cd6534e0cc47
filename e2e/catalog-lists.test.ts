import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, type TestPage } from './browser';

/** Ids of the product cards of the results grid, in order. */
const cardIds = (page: TestPage) =>
  page.$$eval('[data-testid=product-grid] [data-testid=product-card]', (els) =>
    els.map((e) => e.getAttribute('data-product-id')),
  );

/** Waits until the grid shows products other than `before` (not the loading skeleton) and returns their ids. */
async function changedIds(page: TestPage, before: Array<string | null>) {
  await expect
    .poll(async () => {
      const ids = await cardIds(page);
      return ids.length > 0 && ids.join() !== before.join();
    })
    .toBe(true);
  return cardIds(page);
}

const prices = (page: TestPage, scope = '[data-testid=product-grid]') =>
  page.$$eval(`${scope} [data-testid=price]`, (els) => els.map((e) => e.textContent ?? ''));

/** The number in a formatted price (Latin digits in both languages). */
const amountOf = (text: string) => Number((/\d[\d,]*(\.\d+)?/.exec(text)?.[0] ?? 'NaN').replace(/,/g, ''));

describe('catalogue lists: home', () => {
  it('serves the home page with Organization JSON-LD before any script runs', async () => {
    const res = await fetch(`${baseUrl()}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/"@type":"Organization"/);
    expect(html).toContain('data-testid="banner-carousel"');
    expect(html).toContain('data-testid="home-flash-sale"');
  });

  for (const locale of ['ar', 'en'] as const) {
    it(`shows a ticking flash sale countdown and loads more "just for you" products (${locale})`, async () => {
      const page = await newPage({ locale });
      await page.goto(`${baseUrl()}/`);
      await hydrated(page);
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const timer = page.locator('[data-testid=home-flash-sale] [data-testid=countdown]');
      const first = await timer.textContent();
      await expect.poll(() => timer.textContent(), { timeout: 4000 }).not.toBe(first);
      expect(await page.isVisible('[data-testid=home-upcoming-flash-sale] [data-testid=countdown]')).toBe(true);
      // Categories row links to the category pages.
      expect(await page.getAttribute('[data-testid=home-categories] a[href^="/categories/"]', 'href')).toMatch(
        /^\/categories\/[\w-]+$/,
      );
      const feed = page.locator('[data-testid=just-for-you-grid] [data-testid=product-card]');
      const before = await feed.count();
      expect(before).toBeGreaterThan(0);
      await page.click('[data-testid=load-more]');
      await expect.poll(() => feed.count()).toBeGreaterThan(before);
      await finish(page, `catalog-home-flash-${locale}`);
    });
  }
});

describe('catalogue lists: search, filters, sort, pages, currency', () => {
  const searches = [
    { locale: 'ar', term: 'عسل' },
    { locale: 'en', term: 'honey' },
  ] as const;
  for (const { locale, term } of searches) {
    it(`searches from the header and lands on matching results (${locale})`, async () => {
      const page = await newPage({ locale });
      await page.goto(`${baseUrl()}/`);
      await hydrated(page);
      await page.fill('[data-testid=header-search]', term);
      await page.press('[data-testid=header-search]', 'Enter');
      await page.waitForURL((u) => u.pathname === '/products' && u.searchParams.get('search') === term);
      await page.waitForSelector('[data-testid=product-grid] [data-testid=product-card]');
      expect(await page.textContent('[data-testid=list-title]')).toContain(term);
      expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const names = await page.$$eval('[data-testid=product-grid] .product-card__name', (els) =>
        els.map((e) => e.textContent ?? ''),
      );
      expect(names.length).toBeGreaterThan(0);
      expect((names[0] ?? '').toLowerCase()).toContain(term);
      // Reloading the URL shows the same results (the URL holds the search).
      const ids = await cardIds(page);
      await page.reload();
      await hydrated(page);
      expect(await cardIds(page)).toEqual(ids);
      await finish(page, `catalog-search-${locale}`);
    });
  }

  for (const locale of ['ar', 'en'] as const) {
    it(`changes the list and the URL with a filter and the sort (${locale})`, async () => {
      const page = await newPage({ locale });
      await page.goto(`${baseUrl()}/products`);
      await hydrated(page);
      const initial = await cardIds(page);
      const total = await page.textContent('[data-testid=list-total]');

      await page.selectOption('[data-testid=sort-select]', 'low_to_high');
      await page.waitForURL((u) => u.searchParams.get('sort_type') === 'low_to_high');
      await changedIds(page, initial);
      const sorted = (
        await page.$$eval('[data-testid=product-grid] .price__now', (els) => els.map((e) => e.textContent ?? ''))
      ).map(amountOf);
      expect(sorted).toEqual([...sorted].sort((a, b) => a - b));

      const sidebar = '.plist__sidebar';
      const brand = page.locator(`${sidebar} [data-testid^=filter-brand-]`).first();
      const brandId = (await brand.getAttribute('data-testid'))!.replace('filter-brand-', '');
      const sortedIds = await cardIds(page);
      await brand.click();
      await page.waitForURL(
        (u) => u.searchParams.get('brand_id') === brandId && u.searchParams.get('sort_type') === 'low_to_high',
      );
      await expect.poll(() => page.textContent('[data-testid=list-total]')).not.toBe(total);
      await changedIds(page, sortedIds);
      expect(await page.isChecked(`${sidebar} [data-testid=filter-brand-${brandId}]`)).toBe(true);
      expect(await page.locator('[data-testid=filter-chips] li').count()).toBe(2); // the brand + "clear all"

      await page.click('[data-testid=clear-filters]');
      await page.waitForURL((u) => !u.searchParams.has('brand_id'));
      expect(new URL(page.url()).searchParams.get('sort_type')).toBe('low_to_high');
      await expect.poll(() => page.textContent('[data-testid=list-total]')).toBe(total);
      await finish(page, `catalog-filters-${locale}`);
    });
  }

  it('shows a different page 2, and an empty state for filters that match nothing', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/products`);
    await hydrated(page);
    const one = await cardIds(page);
    await page.click('[data-testid=pagination] a.pagination__page:text-is("2")');
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    const two = await changedIds(page, one);
    expect(two.filter((id) => one.includes(id))).toEqual([]);
    expect(await page.getAttribute('[data-testid=pagination] [aria-current=page]', 'href')).toContain('page=2');

    await page.goto(`${baseUrl()}/products?min_price=99999`);
    await hydrated(page);
    expect(await page.isVisible('[data-testid=empty-state]')).toBe(true);
    await page.click('[data-testid=empty-clear-filters]');
    await page.waitForURL((u) => u.pathname === '/products' && !u.searchParams.has('min_price'));
    await page.waitForSelector('[data-testid=product-grid] [data-testid=product-card]');
    await finish(page, 'catalog-pages');
  });

  it('changes every price on a results page with the currency picker, without a reload', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/products?search=${encodeURIComponent('عسل')}`);
    await hydrated(page);
    const omr = await prices(page, 'main');
    expect(omr.length).toBeGreaterThan(1);
    for (const p of omr) expect(p).toContain('ر.ع.');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.click('[data-testid=currency-picker]');
    await page.click('[data-testid=currency-option-USD]');
    await expect.poll(async () => (await prices(page, 'main')).every((p) => p.startsWith('$'))).toBe(true);
    const usd = await prices(page, 'main');
    expect(usd.length).toBe(omr.length);
    // 1 OMR = 2.6008 USD in the demo settings.
    expect(amountOf(usd[0] ?? '')).toBeCloseTo(amountOf(omr[0] ?? '') * 2.6008, 1);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await finish(page, 'catalog-currency-usd');
  });

  it('opens the filter drawer on a phone, filters inside it and closes on Escape', async () => {
    const page = await newPage({ locale: 'en', width: 390, height: 844 });
    await page.goto(`${baseUrl()}/products`);
    await hydrated(page);
    expect(await page.isVisible('.plist__sidebar')).toBe(false);
    await page.click('[data-testid=filters-button]');
    const drawer = '[data-testid=filters-drawer]';
    await page.waitForSelector(`${drawer}[open]`);
    const color = page.locator(`${drawer} [data-testid^=filter-color-]`).first();
    const colorId = (await color.getAttribute('data-testid'))!.replace('filter-color-', '');
    await color.click();
    await page.waitForURL((u) => u.searchParams.get('color_id') === colorId);
    expect(await page.isVisible(`${drawer}[open]`)).toBe(true);
    await expect.poll(() => page.textContent('[data-testid=filters-button]')).toContain('1');
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${drawer}[open]`, { state: 'detached' });
    await page.click('[data-testid=filters-button]');
    await page.waitForSelector(`${drawer}[open]`);
    await finish(page, 'catalog-products-drawer-en-390');
  });
});

describe('catalogue lists: categories', () => {
  it('lists the categories and opens a category with its sub-categories and breadcrumbs', async () => {
    const html = await (await fetch(`${baseUrl()}/categories/dates`)).text();
    expect(html).toMatch(/"@type":"BreadcrumbList"/);
    expect((await fetch(`${baseUrl()}/categories/no-such-category`)).status).toBe(404);

    const page = await newPage({ locale: 'en' });
    await page.goto(`${baseUrl()}/categories`);
    await hydrated(page);
    expect(await page.locator('[data-testid=category-tile]').count()).toBeGreaterThan(3);
    await page.click('[data-testid=category-tile][href="/categories/dates"]');
    await page.waitForURL((u) => u.pathname === '/categories/dates');
    await page.waitForSelector('[data-testid=product-grid] [data-testid=product-card]');
    const all = await page.textContent('[data-testid=list-total]');
    const chip = page.locator('[data-testid=sub-category-chips] a').nth(1);
    const subName = (await chip.textContent()) ?? '';
    await chip.click();
    await page.waitForURL((u) => u.searchParams.has('subcategory'));
    await expect.poll(() => page.textContent('[data-testid=list-title]')).toBe(subName);
    expect(await page.textContent('[data-testid=list-total]')).not.toBe(all);
    expect(await page.textContent('.breadcrumbs')).toContain('Dates');
    await finish(page, 'catalog-category-sub-en');
  });
});

describe('catalogue lists: a category by its id', () => {
  it("answers /categories/{id} (the earlier client's links) with a permanent redirect to the slug address", async () => {
    const { categories } = (
      (await (await fetch(`${baseUrl()}/api/categories?per_page=1`)).json()) as {
        data: { categories: Array<{ id: number; slug: string; sub_categories: Array<{ id: number }> }> };
      }
    ).data;
    const dates = categories[0]!;
    expect(dates.slug).toBe('dates');
    const sub = dates.sub_categories[0]!.id;
    const res = await fetch(`${baseUrl()}/categories/${dates.id}?subcategory=${sub}&lang=en`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, baseUrl()).href).toBe(
      `${baseUrl()}/categories/dates?subcategory=${sub}&lang=en`,
    );
    expect((await fetch(`${baseUrl()}/categories/999999`)).status).toBe(404);

    for (const locale of ['ar', 'en'] as const) {
      const page = await newPage({ locale });
      await page.goto(`${baseUrl()}/categories/${dates.id}`);
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe('/categories/dates');
      expect(await page.textContent('[data-testid=list-title]')).toBe(locale === 'ar' ? 'التمور' : 'Dates');
      await page.waitForSelector('[data-testid=product-grid] [data-testid=product-card]');
      expect(await page.getAttribute('link[rel=canonical]', 'href')).toMatch(/\/categories\/dates(\?lang=en)?$/);
      await finish(page, `catalog-category-by-id-${locale}`);
    }
  });

  it('finds a category past the first hundred, by slug and by id', async () => {
    const db = new Database(path.join(inject('dataDir'), 'storefront.sqlite'));
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      'insert into categories (slug, name, name_ar, thumbnail, sort, is_active) values (?, ?, ?, null, ?, 1)',
    );
    db.transaction(() => {
      for (let i = 0; i < 110; i++) insert.run(`e2e-extra-${i}`, `Extra aisle ${i}`, `ممر إضافي ${i}`, 5000 + i);
    })();
    try {
      const { id } = db.prepare("select id from categories where slug = 'e2e-extra-109'").get() as { id: number };
      const page = await newPage({ locale: 'en' });
      await page.goto(`${baseUrl()}/categories/${id}`);
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe('/categories/e2e-extra-109');
      expect(await page.textContent('[data-testid=list-title]')).toBe('Extra aisle 109');
      await page.goto(`${baseUrl()}/categories/e2e-extra-108`);
      await hydrated(page);
      expect(await page.textContent('[data-testid=list-title]')).toBe('Extra aisle 108');
      await finish(page, 'catalog-category-past-100-en');
    } finally {
      db.prepare("delete from categories where slug like 'e2e-extra-%'").run();
      db.close();
    }
  });
});

describe('catalogue lists: screenshots', () => {
  const screens = [
    ['home', '/'],
    ['products', '/products'],
    ['categories', '/categories'],
    ['category-products', '/categories/dates'],
    ['most-popular', '/most-popular'],
    ['best-deal', '/best-deal'],
  ] as const;
  for (const [name, path] of screens) {
    it(`renders ${name} in ar and en at 390 and 1280 px`, async () => {
      for (const locale of ['ar', 'en'] as const) {
        for (const width of [390, 1280]) {
          const page = await newPage({ locale, width, height: width === 390 ? 844 : 900 });
          await page.goto(`${baseUrl()}${path}`);
          await hydrated(page);
          expect(await page.textContent('h1')).toBeTruthy();
          // No sideways scrolling of the page at any width.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await finish(page, `catalog-${name}-${locale}-${width}`);
        }
      }
    });
  }
});
