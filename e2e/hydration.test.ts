import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, finish, getBrowser, hydrated, newPage, type TestPage } from './browser';

/** A fresh customer with a session token (registered through the API). */
async function customer() {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const res = await fetch(`${baseUrl()}/api/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      name: 'Hydration Tester',
      phone,
      email: `hy${phone}@example.com`,
      password: 'tidy-secret-41',
      country: 'Oman',
      phone_code: '+968',
    }),
  });
  expect(res.status).toBe(200);
  const { user, access } = (await res.json()).data as { user: unknown; access: { token: string } };
  return { user, token: access.token };
}

async function signIn(page: TestPage, who: { user: unknown; token: string }) {
  await page.context().addInitScript(
    (value: string) => {
      if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
    },
    JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 }),
  );
}

const firstProductId = async () =>
  ((await (await fetch(`${baseUrl()}/api/products?per_page=1`)).json()).data.products[0] as { id: number }).id;

describe('interactive from the first paint (decision 012)', () => {
  it('serves React Router’s module preloads and module script as it renders them, every section in place', async () => {
    for (const path of ['/', '/products', `/products/${await firstProductId()}/details`]) {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      // Every script and preload carries the render's CSP nonce (decision 016).
      const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)" nonce="[^"]+"\/>/g)].map((m) => m[1]!);
      expect(
        preloads.some((p) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(p)),
        path,
      ).toBe(true);
      expect(
        preloads.some((p) => /^\/assets\/vendor-[\w-]+\.js$/.test(p)),
        path,
      ).toBe(true);
      // The module script that starts the app, run by the parser as it comes (no inert copy, no starter).
      expect(html, path).toMatch(
        /<script nonce="[^"]+" type="module" async="">[^<]*import \* as route0 from "\/assets\/root-[\w-]+\.js"/,
      );
      expect(html, path).not.toMatch(/type="text\/plain"|startAfterFirstPaint|data-deferred/);
      // Every Suspense boundary in place: no hidden segments moved in by script after the first paint.
      expect(html, path).not.toMatch(/<div hidden id="S:|<template id="B:|\$RC\(|\$RV\(/);
      // The sign-in dialogs are a chunk of their own, fetched after hydration.
      expect(html, path).not.toContain('auth-overlays');
    }
  });

  it('answers the categories menu and a heart far down the page the moment it reports itself hydrated', async () => {
    const who = await customer();
    const page = await newPage({ locale: 'en', width: 1280, height: 800 });
    await signIn(page, who);
    // Which script each listener comes from (the site's own, or Playwright's injected one).
    const cdp = await page.context().newCDPSession(page);
    const scripts = new Map<string, string>();
    cdp.on('Debugger.scriptParsed', (e) => scripts.set(e.scriptId, e.url));
    await cdp.send('Debugger.enable');
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    // No click is held or replayed: none of the site's scripts listens for presses on the window.
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    const own = listeners.filter((l) => scripts.get(l.scriptId)?.startsWith(baseUrl()));
    expect(own.length).toBeGreaterThan(0);
    expect(own.filter((l) => /^(click|pointerdown|mousedown|touchstart|keydown)$/.test(l.type))).toEqual([]);
    await cdp.send('Debugger.disable');

    await page.click('[data-testid=categories-button]');
    const panel = page.locator('[data-testid=categories-panel]');
    expect(await panel.isVisible()).toBe(true);
    // Pointing at a category shows its sub-categories.
    const cat = panel.locator('.cat-menu__item').nth(2);
    await cat.hover();
    expect(await cat.locator('.cat-menu__subs').isVisible()).toBe(true);
    expect(await panel.locator('.cat-menu__item').first().locator('.cat-menu__subs').isVisible()).toBe(false);
    // Escape closes it (the hydrated drop-down), a press outside too.
    await page.keyboard.press('Escape');
    expect(await panel.isVisible()).toBe(false);

    // The last heart of "Just for you", at the bottom of the page.
    const card = page.locator('[data-testid=just-for-you-grid] [data-testid=product-card]').last();
    const id = Number(await card.getAttribute('data-product-id'));
    const heart = card.locator('[data-testid=favorite-button]');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    const list = await fetch(`${baseUrl()}/api/favorite-products`, { headers: { authorization: `Bearer ${who.token}` } });
    expect((await list.json()).data.products.map((p: { id: number }) => p.id)).toContain(id);
    await expect.poll(() => page.textContent('[data-testid=wishlist-badge]')).toBe('1');
    await finish(page, 'hydration-first-click-en-1280');
  });

  it('opens the phone menu drawer and the sign-in dialog (a chunk of its own) at once after hydration', async () => {
    const page = await newPage({ locale: 'ar', width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${baseUrl()}/products/${await firstProductId()}/details`);
    await hydrated(page);
    await page.click('[data-testid=menu-button]');
    const drawer = page.locator('[data-testid=side-menu]');
    await drawer.waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/categories');
    await drawer.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.locator('dialog[open] form').first().waitFor();
    expect(scripts.some((s) => /\/assets\/auth-overlays-[\w-]+\.js$/.test(s))).toBe(true);
    await finish(page, 'hydration-login-dialog-ar-390');
  });

  it('leaves the served page alone once hydrated: no route manifest fetched, no second render, <html> untouched', async () => {
    const page = await newPage({ locale: 'ar', width: 390, height: 844 });
    const manifests: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/__manifest') && manifests.push(r.url()));
    await page.context().addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { changes: string[] }).changes = seen;
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'attributes' && r.target === document.documentElement && r.attributeName !== 'data-hydrated')
            seen.push(`html@${r.attributeName}`);
          // React Router drops its scripts and module preloads when the app renders a second time.
          if (r.type === 'childList' && document.documentElement.dataset.hydrated)
            r.removedNodes.forEach(
              (n) => n instanceof Element && /^(SCRIPT|LINK)$/.test(n.tagName) && seen.push(`-${n.outerHTML.slice(0, 120)}`),
            );
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // Every route is in the manifest the page loads (routeDiscovery "initial", decision 030): discovering
    // the links' routes after hydration rendered the whole page again, right when the first tap comes.
    expect(manifests).toEqual([]);
    // The served <html> has its language and direction: rewriting them restyled the whole page.
    expect(await page.evaluate(() => (window as unknown as { changes: string[] }).changes)).toEqual([]);
    // Client navigation still finds every route (here one the page links to, never visited).
    await page.click('[data-testid=menu-button]');
    await page.locator('[data-testid=side-menu] a[href^="/categories/"]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/categories\/.+/);
    await page.locator('main h1').first().waitFor();
    await finish(page, 'hydration-untouched-ar-390');
  });

  it('paints a dialog in the frame of the tap and makes it modal after that frame (decision 030)', async () => {
    const page = await newPage({ locale: 'en', width: 390, height: 844 });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    const state = () => {
      const d = document.querySelector<HTMLDialogElement>('[data-testid=side-menu]')!;
      return {
        open: d.open,
        modal: d.matches(':modal'),
        focusInside: d.contains(document.activeElement),
        noScroll: document.body.classList.contains('no-scroll'),
      };
    };
    // React renders a tap's update in a microtask after the event: read the dialog after that one.
    const tapped = await page.evaluate(`(async () => {
      const button = document.querySelector('[data-testid=menu-button]');
      button.focus();
      button.click();
      await new Promise((resolve) => queueMicrotask(resolve));
      return (${state.toString()})();
    })()`);
    expect(tapped).toEqual({ open: true, modal: false, focusInside: true, noScroll: false });
    // Drawn where the modal one is, over the page: the drawer's panel at the inline start, full height.
    const box = (await page.locator('[data-testid=side-menu] .dialog__panel').boundingBox())!;
    expect([Math.round(box.x), Math.round(box.y), Math.round(box.height)]).toEqual([0, 0, 844]);
    await expect.poll(() => page.evaluate(state)).toEqual({ open: true, modal: true, focusInside: true, noScroll: true });
    // Modal: the page under it does not take a click (the header's logo sits under the backdrop).
    expect(await page.evaluate(() => document.querySelector('.site-header')!.contains(document.elementFromPoint(380, 30)))).toBe(
      false,
    );
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=side-menu]').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
    expect(await page.evaluate(() => document.body.classList.contains('no-scroll'))).toBe(false);

    // Escape in that first frame closes it too, and focus goes back.
    const closed = await page.evaluate(`(async () => {
      const button = document.querySelector('[data-testid=menu-button]');
      button.focus();
      button.click();
      await new Promise((resolve) => queueMicrotask(resolve));
      const d = document.querySelector('[data-testid=side-menu]');
      const modal = d.matches(':modal');
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { modal, open: d.open, focus: document.activeElement.getAttribute('data-testid') };
    })()`);
    expect(closed).toEqual({ modal: false, open: false, focus: 'menu-button' });
    await finish(page, 'hydration-dialog-steps-en-390');
  });

  it('settles a dialog closed by Escape in the key’s own task: its opener pressed before the close event opens it again', async () => {
    const page = await newPage({ locale: 'en', width: 390, height: 844 });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    // The browser's close event is a task of its own; on a busy page the next key or click runs first.
    // Here the next press comes before it: after the microtasks that render the owner's state, no task between.
    const reopened = await page.evaluate(`(async () => {
      const ticks = async () => { for (let i = 0; i < 3; i++) await new Promise((resolve) => queueMicrotask(resolve)); };
      const button = document.querySelector('[data-testid=menu-button]');
      const d = document.querySelector('[data-testid=side-menu]');
      button.focus();
      button.click();
      await ticks();
      const opened = d.open;
      document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      const closed = !d.open;
      await ticks();
      const focusBack = document.activeElement === button;
      button.click();
      await ticks();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { opened, closed, focusBack, openAgain: d.open, modal: d.matches(':modal') };
    })()`);
    expect(reopened).toEqual({ opened: true, closed: true, focusBack: true, openAgain: true, modal: true });
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=side-menu]').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('menu-button');
    await finish(page, 'hydration-dialog-reopened-en-390');
  });

  it('keeps client navigation for links all over the page once hydrated (a footer link)', async () => {
    const page = await newPage({ locale: 'en', width: 1280, height: 800 });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const link = page.locator('[data-testid=site-footer] a.footer__link[href^="/"]').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href.split('?')[0]);
    // The same document: the router navigated, the browser did not load a new page.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await finish(page, 'hydration-footer-link-en-1280');
  });
});

/**
 * A step of the no-script walk is done when the new address's document is parsed: what it checks is in the
 * server's HTML, and waiting for every image's load as well timed out once on a machine loaded by the
 * other browser run (30 s).
 */
const DOM_READY = { waitUntil: 'domcontentloaded' } as const;

/**
 * Clicks `target` (or presses Enter in it) and waits for the page it leads to; when that page does not
 * come, the failure says where the browser was and what was clicked (a timeout alone had not).
 */
async function follow(page: Page, target: Locator, arrived: (u: URL) => boolean, how: 'click' | 'Enter' = 'click') {
  try {
    await Promise.all([page.waitForURL(arrived, DOM_READY), how === 'click' ? target.click() : target.press('Enter')]);
  } catch (error) {
    const what = await target.evaluate((el) => el.outerHTML.slice(0, 200)).catch(() => '(gone)');
    throw new Error(`${(error as Error).message}\nstill at ${page.url()} after ${how} on ${what}`);
  }
}

describe('without JavaScript', () => {
  async function noScriptPage(width: number, locale: 'ar' | 'en' = 'ar') {
    const context = await (await getBrowser()).newContext({ javaScriptEnabled: false, viewport: { width, height: 844 } });
    if (locale === 'en') await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
    return context.newPage();
  }

  it('follows links, searches, pages through results and opens the footer and menus', async () => {
    const page = await noScriptPage(390);
    try {
      await page.goto(`${baseUrl()}/`);
      // The footer's folded lists open and their links work.
      const toggle = page.locator('[data-testid=footer-toggle]').nth(1);
      const list = page.locator('[data-testid=footer-links]').nth(1);
      await toggle.scrollIntoViewIfNeeded();
      expect(await list.isVisible()).toBe(false);
      await toggle.click();
      expect(await list.isVisible()).toBe(true);
      const footerLink = list.locator('a[href^="/"]').first();
      const footerHref = (await footerLink.getAttribute('href'))!;
      await follow(page, footerLink, (u) => u.pathname === footerHref.split('?')[0]);

      // The phone's menu button is a link to the categories.
      await page.goto(`${baseUrl()}/`);
      await follow(page, page.locator('[data-testid=menu-button]'), (u) => u.pathname === '/categories');

      // Search: the drop-down under the header holds a plain GET form.
      await page.click('[data-testid=mobile-search-button]');
      await page.fill('[data-testid=dialog-search]', 'تمور');
      await follow(page, page.locator('[data-testid=dialog-search]'), (u) => u.pathname === '/products', 'Enter');
      expect(new URL(page.url()).searchParams.get('search')).toBe('تمور');
      expect(await page.textContent('[data-testid=list-title]')).toContain('تمور');
      expect(await page.locator('[data-testid=product-grid] [data-testid=product-card]').count()).toBeGreaterThan(0);

      // Pagination: the next page has other products.
      await page.goto(`${baseUrl()}/products`);
      const ids = () =>
        page.locator('[data-testid=product-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
      const first = await ids();
      await follow(page, page.locator('[data-testid=pagination] a[rel=next]'), (u) => u.searchParams.get('page') === '2');
      const second = await ids();
      expect(second.length).toBeGreaterThan(0);
      expect(second.some((id) => first.includes(id))).toBe(false);

      // A product card's link opens the product page.
      const name = page.locator('[data-testid=product-card] .product-card__name a').first();
      const productHref = (await name.getAttribute('href'))!;
      await follow(page, name, (u) => u.pathname === productHref);
      expect(await page.locator('h1').textContent()).toBeTruthy();
    } finally {
      await page.context().close();
    }
  });

  it('opens the header’s categories menu and its drop-downs, and searches from the header', async () => {
    const page = await noScriptPage(1280, 'en');
    try {
      await page.goto(`${baseUrl()}/`);
      await page.click('[data-testid=categories-button]');
      const panel = page.locator('[data-testid=categories-panel]');
      expect(await panel.isVisible()).toBe(true);
      const sub = panel.locator('.cat-menu__item').nth(1);
      await sub.hover();
      const subLink = sub.locator('.cat-menu__sub').first();
      expect(await subLink.isVisible()).toBe(true);
      const href = (await subLink.getAttribute('href'))!;
      await follow(page, subLink, (u) => `${u.pathname}${u.search}` === href);

      await page.fill('[data-testid=header-search]', 'honey');
      await follow(page, page.locator('[data-testid=header-search]'), (u) => u.pathname === '/products', 'Enter');
      expect(new URL(page.url()).searchParams.get('search')).toBe('honey');
      expect(await page.textContent('[data-testid=list-title]')).toContain('honey');
    } finally {
      await page.context().close();
    }
  });
});

describe('the page’s strings apart from its data (decision 032)', () => {
  const LOGIN_FIRST = { ar: 'يرجى تسجيل الدخول أولاً!', en: 'Please login first!' } as const;

  it('serves a page without its language’s strings, naming their version, which the browser may keep for good', async () => {
    for (const locale of ['ar', 'en'] as const) {
      const html = await (await fetch(`${baseUrl()}/products?lang=${locale}`)).text();
      const link = new RegExp(
        `<link rel="preload" as="fetch" href="(/api/lang/${locale}\\?set=ours&amp;v=[\\w-]+)" crossorigin="anonymous" data-messages="${locale}"/>`,
      ).exec(html);
      expect(link, locale).not.toBeNull();
      // A string no served page shows (a toast's): before, every string of the language was in the page's data.
      expect(html).not.toContain(LOGIN_FIRST[locale]);
      const strings = await fetch(`${baseUrl()}${link![1]!.replace('&amp;', '&')}`);
      expect(strings.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const messages = (await strings.json()) as Record<string, string>;
      expect(messages['account.login_first']).toBe(LOGIN_FIRST[locale]);
      // Our keys alone: the original web client's sentence keys stay at its own address (decision 024).
      expect(messages['Add to Cart']).toBeUndefined();
      expect(
        ((await (await fetch(`${baseUrl()}/api/lang/${locale}`)).json()) as Record<string, string>)['Add to Cart'],
      ).toBeTruthy();
    }
  });

  it('hydrates with the strings its <head> preloaded (one request), and shows them in toasts and titles', async () => {
    const page = await newPage({ locale: 'en', width: 1280, height: 900 });
    const requested: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/lang/')) requested.push(r.url());
    });
    await page.goto(`${baseUrl()}/products/${await firstProductId()}/details`);
    await hydrated(page);
    await page.getByTestId('add-to-cart').click();
    await page.getByTestId('toasts').getByText(LOGIN_FIRST.en).waitFor();
    await page.keyboard.press('Escape');
    // A client navigation's title comes from a meta function, which reads the same strings.
    await page.locator('header a[href="/shops"]').first().click();
    await expect.poll(() => page.title()).toMatch(/^Shops \| /);
    // The preload and entry.client's fetch were one request.
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatch(/\/api\/lang\/en\?set=ours&v=[\w-]+$/);
    await finish(page, 'hydration-strings-en-1280');
  });

  it('stays as served, links working, when the strings cannot be had', async () => {
    const page = await newPage({ locale: 'ar', width: 1280, height: 900 });
    await page.route('**/api/lang/**', (route) => route.abort());
    await page.goto(`${baseUrl()}/products`);
    // entry.client tries three times (0.5, 1 and 1.5 s apart), then says so and leaves the page alone.
    await expect.poll(() => page.errors.some((e) => e.includes('did not load')), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.locator('main h1').first().textContent()).toBe('المنتجات');
    await Promise.all([page.waitForURL(/\/shops$/), page.locator('header a[href="/shops"]').first().click()]);
    expect(await page.locator('main h1').first().textContent()).toBe('المتاجر');
    await page.context().close();
  });
});
