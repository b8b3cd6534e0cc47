import { describe, expect, it } from 'vitest';
import { baseUrl, finish, getBrowser, hydrated, newPage, type TestPage } from './browser';

/** Whether React has hydrated the deferred section holding `selector` (React marks the DOM nodes it owns). */
function isHydrated(page: TestPage, selector: string) {
  return page.evaluate((sel) => {
    const wrapper = document.querySelector(sel)?.closest('.deferred-hydration');
    if (!wrapper) throw new Error(`no deferred section holds ${sel}`);
    return Object.keys(wrapper).some((k) => k.startsWith('__reactProps'));
  }, selector);
}

describe('deferred hydration of sections below the first screen', () => {
  it('sends the waiting sections in place, visible without JavaScript', async () => {
    const [first] = (await (await fetch(`${baseUrl()}/api/products?per_page=1`)).json()).data.products;
    for (const path of ['/', '/products', `/products/${first.id}/details`]) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      expect(html, path).toContain('class="deferred-hydration"');
      // React may move a large Suspense boundary's content to a hidden element at the end of the
      // document and show it later with an inline script; the server renders them in place instead.
      expect(html, path).not.toMatch(/<div hidden id="S:|<template id="B:|\$RC\(|\$RV\(/);
    }
    const context = await (await getBrowser()).newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/`);
      for (const section of ['home-popular', 'just-for-you', 'site-footer']) {
        const el = page.locator(`[data-testid=${section}]`);
        await el.scrollIntoViewIfNeeded();
        expect(await el.isVisible(), section).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('leaves a product page’s lower sections as served until they are scrolled near, then hydrates them', async () => {
    const page = await newPage({ locale: 'ar', width: 390, height: 844 });
    await page.goto(`${baseUrl()}/products/5/details`);
    await hydrated(page);
    // Served and visible in full, but not hydrated yet: the page's own part is.
    await expect.poll(() => page.locator('[data-testid=popular-products] .product-card').count()).toBeGreaterThan(0);
    expect(await isHydrated(page, '[data-testid=popular-products]')).toBe(false);
    expect(await isHydrated(page, '[data-testid=site-footer]')).toBe(false);
    expect(
      await page.evaluate(() => Object.keys(document.querySelector('.product-page__info')!).some((k) => k.startsWith('__react'))),
    ).toBe(true);

    await page.evaluate(() => document.querySelector('[data-testid=popular-products]')!.scrollIntoView());
    await expect.poll(() => isHydrated(page, '[data-testid=popular-products]')).toBe(true);
    await finish(page, 'deferred-product-ar-390');
  });

  it('hydrates every waiting section on the first interaction, so a link in one navigates without a reload', async () => {
    const page = await newPage({ locale: 'en', width: 1280, height: 800 });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    expect(await isHydrated(page, '[data-testid=site-footer]')).toBe(false);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    // A key press anywhere releases them all, footer included, without scrolling. (At 1280 px the
    // footer's link lists are open; on phones they fold.)
    await page.keyboard.press('Shift');
    await expect.poll(() => isHydrated(page, '[data-testid=site-footer]')).toBe(true);

    const link = page.locator('[data-testid=site-footer] a.footer__link[href^="/"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href!.split('?')[0]);
    // The same document: the router navigated, the browser did not load a new page.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await finish(page, 'deferred-footer-link-en-1280');
  });

  it('lets a click with no pointer before it (element.click(), assistive technology) reach a waiting section', async () => {
    const res = await fetch(`${baseUrl()}/api/products?per_page=100`, { headers: { 'accept-language': 'en' } });
    const products: Array<{ id: number; total_reviews: number }> = (await res.json()).data.products;
    const reviewed = products.sort((a, b) => b.total_reviews - a.total_reviews)[0]!;
    expect(reviewed.total_reviews).toBeGreaterThan(10);
    const page = await newPage({ locale: 'en', width: 390, height: 844 });
    await page.goto(`${baseUrl()}/products/${reviewed.id}/details`);
    await hydrated(page);
    expect(await isHydrated(page, '[data-testid=reviews-more]')).toBe(false);
    expect(await page.locator('[data-testid=review]').count()).toBe(10);
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid=reviews-more]')!.click());
    await expect.poll(() => page.locator('[data-testid=review]').count(), { timeout: 10_000 }).toBeGreaterThan(10);
    expect(await isHydrated(page, '[data-testid=review]')).toBe(true);
    await finish(page, 'deferred-programmatic-click-en-390');
  });

  it('renders deferred sections at once on client navigations', async () => {
    const page = await newPage({ locale: 'en', width: 390, height: 844 });
    await page.goto(`${baseUrl()}/products`);
    await hydrated(page);
    await page.locator('[data-testid=product-grid] .product-card a').first().click();
    await page.waitForURL(/\/products\/\d+\/details/);
    // Rendered on the client: its sections are React's from the start, wherever they are.
    await expect.poll(() => page.locator('[data-testid=popular-products] .product-card').count()).toBeGreaterThan(0);
    expect(await isHydrated(page, '[data-testid=popular-products]')).toBe(true);
    expect(await isHydrated(page, '[data-testid=site-footer]')).toBe(true);
    await finish(page, 'deferred-client-navigation-en-390');
  });
});
