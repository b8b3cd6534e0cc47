import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finish, hydrated, newPage } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * Issue 37: a shop started with SEED_DEMO=false, on a server of this file's own (a fresh database). Its
 * storefront renders in Arabic and English, at 390 and 1280 px, without console errors, and says
 * honestly that there is nothing yet: no products, no shops, no categories, no banners. Screenshots
 * `empty-<page>-<locale>-<width>.png`.
 */
type Locale = 'ar' | 'en';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ SEED_DEMO: 'false' });
});
afterAll(async () => {
  await server?.stop();
});

const TEXT: Record<Locale, { noProducts: RegExp; none: RegExp; register: RegExp }> = {
  ar: { noProducts: /لا توجد منتجات/, none: /لا توجد منتجات بعد/, register: /البائع|متجر/ },
  en: { noProducts: /no products/i, none: /No products yet/, register: /seller|shop/i },
};

async function open(locale: Locale, width: number, url: string) {
  const page = await newPage({ locale, width, height: 900 });
  const res = await page.goto(`${server.baseUrl}${url}`);
  expect(res?.status(), url).toBe(200);
  await hydrated(page);
  expect(await page.getAttribute('html', 'lang')).toBe(locale);
  expect(await page.getAttribute('html', 'dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
  return page;
}

/** axe's serious and critical WCAG 2.1 A/AA findings on the page (the empty states are new screens). */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('an empty start (SEED_DEMO=false)', () => {
  it('answers the API with the base data and nothing else', async () => {
    const master = (await (await fetch(`${server.baseUrl}/api/master`)).json()) as {
      data: { currency: { code: string; decimals: number }; languages: { name: string }[] };
    };
    expect(master.data.currency).toMatchObject({ code: 'OMR', decimals: 3 });
    expect(master.data.languages.map((l) => l.name)).toEqual(['ar', 'en']);
    const products = (await (await fetch(`${server.baseUrl}/api/products`)).json()) as { data: { products: unknown[] } };
    expect(products.data.products).toEqual([]);
  });

  for (const locale of ['ar', 'en'] as const)
    for (const width of [390, 1280]) {
      const tag = `${locale}-${width}`;
      it(`renders the home page, the products, a search, the login dialog and the shop registration (${tag})`, async () => {
        let page = await open(locale, width, '/');
        // No empty carousel, category row or shop row: one honest welcome that invites sellers.
        expect(await page.locator('[data-testid=home-empty]').innerText()).toMatch(TEXT[locale].noProducts);
        expect(await page.getAttribute('[data-testid=home-empty] a', 'href')).toBe('/shop/register');
        expect(await axe(page)).toEqual([]);
        await finish(page, `empty-home-${tag}`);

        page = await open(locale, width, '/products');
        expect(await page.locator('[data-testid=empty-state]').innerText()).toMatch(TEXT[locale].none);
        expect(await axe(page)).toEqual([]);
        await finish(page, `empty-products-${tag}`);

        page = await open(locale, width, `/products?search=${encodeURIComponent(locale === 'ar' ? 'حلوى' : 'halwa')}`);
        expect(await page.locator('main').innerText()).toMatch(TEXT[locale].noProducts);
        await finish(page, `empty-search-${tag}`);

        page = await open(locale, width, '/');
        await page.click('[data-testid=login-button]');
        await page.waitForSelector('[data-testid=login-dialog] #login-phone');
        await finish(page, `empty-login-${tag}`);

        page = await open(locale, width, '/shop/register');
        expect(await page.locator('main').innerText()).toMatch(TEXT[locale].register);
        await finish(page, `empty-shop-register-${tag}`);
      });
    }

  it('renders every page the menu and the footer link to (ar, 390 px)', async () => {
    for (const url of ['/shops', '/categories', '/blogs', '/most-popular', '/best-deal', '/support', '/contact-us']) {
      const page = await open('ar', 390, url);
      if (url === '/shops') expect(await page.locator('[data-testid=empty-state]').innerText()).toBe('لم يُفتتح أي متجر بعد.');
      await finish(page, `empty-page${url.replace(/\//g, '-')}-ar-390`);
    }
  });
});
