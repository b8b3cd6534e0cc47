import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage } from './browser';

describe('foundation: language, currency, chrome', () => {
  it('serves Arabic right-to-left HTML before any script runs', async () => {
    const res = await fetch(`${baseUrl()}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toMatch(/<title>[^<]+ \| سوق عُمان<\/title>/);
    const page = await newPage();
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    expect(await page.title()).toMatch(/ \| سوق عُمان$/);
    await finish(page, 'home-ar');
  });

  it('switches to English, left-to-right, and stays English after a reload', async () => {
    const page = await newPage();
    const apiHeaders: Array<Record<string, string>> = [];
    const strings: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/lang/')) strings.push(r.url());
      // Not the page's strings at their version's address: the <head> preloads them as it does its
      // scripts, and a preload sends no headers of ours (decision 032).
      if (r.url().includes('/api/') && !/\/api\/lang\/\w+\?set=ours&v=/.test(r.url())) apiHeaders.push(r.headers());
    });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    await page.click('[data-testid=language-picker]');
    await Promise.all([page.waitForEvent('load'), page.click('[data-testid=language-option-en]')]);
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await page.title()).toMatch(/ \| Souq Oman$/);
    await expect.poll(() => page.textContent('[data-testid=site-footer]')).toContain('Customer care');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
    await page.reload();
    await hydrated(page);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    // Every API call from the browser (the translations reload) carries the two headers.
    expect(apiHeaders.length).toBeGreaterThan(0);
    for (const h of apiHeaders) {
      expect(h['x-requested-with']).toBe('XMLHttpRequest');
      expect(h['accept-language']).toMatch(/^(ar|en)$/);
    }
    // Only our set of strings: the original web client's sentence keys stay at its address (decision 024).
    expect(strings.length).toBeGreaterThan(0);
    for (const url of strings) expect(new URL(url).searchParams.get('set'), url).toBe('ours');
    await finish(page, 'home-en');
  });

  it('changes shown amounts with the currency picker, without a reload', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    const amount = page.locator('[data-testid=cart-total-amount]');
    // The floating tab's total is a cart total: 2 decimals (SPEC §9), in rials too.
    await expect.poll(() => amount.textContent()).toMatch(/(^|[^\d])0\.00(?!\d)/);
    expect(await amount.textContent()).toContain('ر.ع.');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.click('[data-testid=currency-picker]');
    await page.click('[data-testid=currency-option-USD]');
    await expect.poll(() => amount.textContent()).toBe('$0.00');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await finish(page, 'currency-usd');
  });

  it('sends a guest on an account route to /', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL((u) => u.pathname === '/');
    expect(new URL(page.url()).pathname).toBe('/');
    await finish(page, 'guest-redirect');
  });

  it('shows the not-found page with HTTP 404 inside the chrome', async () => {
    const page = await newPage();
    const res = await page.goto(`${baseUrl()}/this-does-not-exist`);
    expect(res?.status()).toBe(404);
    await hydrated(page);
    expect(await page.textContent('h1')).toContain('الصفحة غير موجودة');
    expect(await page.isVisible('[data-testid=site-footer]')).toBe(true);
    await finish(page, 'not-found');
  });

  it('collapses the footer lists below 640 px', async () => {
    const phone = await newPage({ width: 390, height: 844 });
    await phone.goto(`${baseUrl()}/`);
    await hydrated(phone);
    // Each list folds into a <details> whose <summary> is the title.
    const fold = phone.locator('.footer__fold').nth(1);
    const toggle = phone.locator('[data-testid=footer-toggle]').nth(1);
    const list = phone.locator('[data-testid=footer-links]').nth(1);
    expect(await list.isVisible()).toBe(false);
    expect(await fold.getAttribute('open')).toBeNull();
    await toggle.click();
    expect(await fold.getAttribute('open')).toBe('');
    expect(await list.isVisible()).toBe(true);
    await finish(phone, 'footer-390');

    const desktop = await newPage({ width: 1280 });
    await desktop.goto(`${baseUrl()}/`);
    await hydrated(desktop);
    expect(await desktop.locator('[data-testid=footer-links]').nth(1).isVisible()).toBe(true);
    expect(await desktop.locator('[data-testid=footer-toggle]').first().isVisible()).toBe(false);
    await finish(desktop, 'footer-1280');
  });

  it('has no horizontal overflow at 360 px in Arabic and English', async () => {
    for (const locale of ['ar', 'en'] as const) {
      const page = await newPage({ locale, width: 360, height: 740 });
      await page.goto(`${baseUrl()}/`);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await finish(page, `overflow-360-${locale}`);
    }
  });

  it('searches from the header', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    await page.fill('[data-testid=header-search]', 'تمور');
    await page.press('[data-testid=header-search]', 'Enter');
    await page.waitForURL((u) => u.pathname === '/products');
    expect(new URL(page.url()).searchParams.get('search')).toBe('تمور');
    await finish(page, 'search');
  });

  it('opens the categories menu with sub-categories and the phone drawer', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    await page.click('[data-testid=categories-button]');
    const panel = page.locator('[data-testid=categories-panel]');
    await panel.waitFor();
    expect(await panel.locator('a.cat-menu__cat[href^="/categories/"]').count()).toBeGreaterThan(12);
    expect(await panel.locator('a[href*="?subcategory="]:visible').count()).toBeGreaterThan(0);
    // A press outside closes it (here on the top bar's empty middle).
    await page.mouse.click(640, 18);
    await panel.waitFor({ state: 'hidden' });
    await page.click('[data-testid=categories-button]');
    await panel.waitFor();
    await finish(page, 'categories-menu');

    const phone = await newPage({ width: 390, height: 844 });
    await phone.goto(`${baseUrl()}/`);
    await hydrated(phone);
    await phone.click('[data-testid=menu-button]');
    const drawer = phone.locator('[data-testid=side-menu]');
    await drawer.waitFor();
    expect(await drawer.textContent()).toContain('المتاجر');
    await phone.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await finish(phone, 'drawer');
  });
});
