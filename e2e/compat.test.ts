/**
 * Issue 19, storefront parity: what the original storefront showed and ours lacked. The home page's
 * "Recently viewed" row for a signed-in customer, the product page's share menu (the system share sheet
 * where the browser has one, else Copy link and WhatsApp) and its shop card's "Visit store" link; and the
 * default-avatar rule (the API's default picture is shown as the person's initial). Arabic and English.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

type Locale = 'ar' | 'en';
interface Product {
  id: number;
  name: string;
  shop: { id: number; name: string; delivery_charge: number };
}
interface Session {
  token: string;
  user: { id: number; name: string; phone: string | null; profile_photo: string };
}

const T = {
  ar: {
    recent: 'شاهدتها مؤخرًا',
    share: 'مشاركة',
    copy: 'نسخ الرابط',
    copied: 'تم نسخ الرابط',
    visit: 'زيارة المتجر',
    soldBy: 'البائع',
  },
  en: {
    recent: 'Recently viewed',
    share: 'Share',
    copy: 'Copy link',
    copied: 'Link copied',
    visit: 'Visit store',
    soldBy: 'Sold by',
  },
} as const;

async function api<T>(path: string, lang: Locale, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    ...init,
    headers: { accept: 'application/json', 'accept-language': lang, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const products = async (lang: Locale, qs = 'per_page=6') =>
  (await api<{ products: Product[] }>(`/products?${qs}`, lang)).products;

async function register(): Promise<Session> {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { user, access } = await api<{ user: Session['user']; access: { token: string } }>('/registration', 'en', {
    method: 'POST',
    body: JSON.stringify({
      name: 'Maryam Al Balushi',
      phone,
      email: `p${phone}@example.com`,
      password: 'tidy-secret-41',
      password_confirmation: 'tidy-secret-41',
      country: 'Oman',
      phone_code: '+968',
    }),
  });
  return { token: access.token, user };
}

async function signedIn(session: Session, opts: { locale: Locale; width?: number }) {
  const page = await newPage(opts);
  await page.context().addInitScript(
    (value: string) => {
      if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
    },
    JSON.stringify({ token: session.token, user: session.user, favoriteCount: 0 }),
  );
  return page;
}

async function open(page: TestPage, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await hydrated(page);
}

/** Opens a product page signed in, and waits until the visit was recorded (the customer's own details call). */
async function visit(page: TestPage, id: number) {
  const [recorded] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes(`/api/product-details?product_id=${id}`) && !!r.request().headers().authorization,
    ),
    open(page, `/products/${id}/details`),
  ]);
  expect(recorded.status()).toBe(200);
}

const cardIds = (page: TestPage, container: string) =>
  page.$$eval(`${container} [data-testid=product-card] a[href*="/products/"]`, (links) => [
    ...new Set(links.map((a) => Number(/\/products\/(\d+)\//.exec(a.getAttribute('href') ?? '')?.[1]))),
  ]);

describe('recently viewed on the home page', () => {
  for (const locale of ['ar', 'en'] as const)
    it(`shows a signed-in customer's last viewed products, newest first, and nothing to a guest (${locale})`, async () => {
      const [a, b, c] = await products(locale, 'per_page=3&sort_type=top_selling');
      const session = await register();
      const page = await signedIn(session, { locale, width: 1280 });
      // A new customer has viewed nothing: no row.
      const [asked] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/recently-views')), open(page, '/')]);
      expect(asked.status()).toBe(200);
      await page.locator('[data-testid=just-for-you]').waitFor();
      // The row's skeleton shows until the fetcher's answer renders; then nothing is left of it.
      await page.locator('[data-testid=recently-viewed]').waitFor({ state: 'detached' });
      expect(await page.locator('[data-testid=recently-viewed]').count()).toBe(0);

      for (const p of [a!, b!, c!, a!]) await visit(page, p.id);
      await open(page, '/');
      const row = page.locator('[data-testid=recently-viewed]');
      await row.locator('[data-testid=recently-viewed-grid]').waitFor();
      expect(await row.locator('h2').textContent()).toBe(T[locale].recent);
      expect(await cardIds(page, '[data-testid=recently-viewed]')).toEqual([a!.id, c!.id, b!.id]);
      // Names in the page's language.
      expect(await row.textContent()).toContain(a!.name);
      await finish(page, `compat-recent-${locale}`);

      const guest = await newPage({ locale });
      await open(guest, '/');
      await guest.locator('[data-testid=just-for-you]').waitFor();
      expect(await guest.locator('[data-testid=recently-viewed]').count()).toBe(0);
      await finish(guest, `compat-recent-guest-${locale}`);
    });

  it('says so and retries when the list cannot be loaded', async () => {
    const session = await register();
    const page = await signedIn(session, { locale: 'en', width: 390 });
    let fail = true;
    await page.route('**/api/recently-views', (route) =>
      fail ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }) : route.fallback(),
    );
    const [p] = await products('en', 'per_page=1');
    await visit(page, p!.id);
    await open(page, '/');
    const retry = page.locator('[data-testid=recently-viewed-retry]');
    await retry.waitFor();
    expect(await page.locator('[data-testid=recently-viewed] [role=alert]').textContent()).toContain('could not be loaded');
    fail = false;
    await retry.click();
    await page.locator('[data-testid=recently-viewed-grid] [data-testid=product-card]').first().waitFor();
    expect(await cardIds(page, '[data-testid=recently-viewed]')).toEqual([p!.id]);
    page.errors = page.errors.filter((e) => !/status of 503/.test(e));
    await finish(page, 'compat-recent-retry-en');
  });
});

describe('the product page: share menu and the shop card', () => {
  for (const locale of ['ar', 'en'] as const)
    it(`shares by Copy link and WhatsApp from a keyboard menu where the browser has no share sheet (${locale})`, async () => {
      const [p] = await products(locale, 'per_page=1&sort_type=popular_product');
      const page = await newPage({ locale, width: 1280 });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await open(page, `/products/${p!.id}/details`);
      const url = `${baseUrl()}/products/${p!.id}/details${locale === 'en' ? '?lang=en' : ''}`;
      const button = page.locator('[data-testid=share-button]');
      expect(await button.textContent()).toBe(T[locale].share);
      expect(await button.getAttribute('aria-haspopup')).toBe('menu');
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      // Enter opens it with focus on its first item; the arrows move; Escape closes it back on the button.
      await button.focus();
      await page.keyboard.press('Enter');
      const menu = page.locator('[data-testid=share-menu]');
      await menu.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-copy');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-whatsapp');
      const wa = new URL((await page.locator('[data-testid=share-whatsapp]').getAttribute('href'))!);
      expect(wa.origin + wa.pathname).toBe('https://wa.me/');
      expect(wa.searchParams.get('text')).toContain(p!.name);
      expect(wa.searchParams.get('text')).toContain(url);
      expect(await page.locator('[data-testid=share-whatsapp]').getAttribute('rel')).toContain('noopener');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-copy');
      await screenshot(page, `compat-share-menu-${locale}`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-button');

      // Copy link by keyboard: the page's address in its language, and a toast saying so.
      await page.keyboard.press('ArrowDown');
      await menu.waitFor();
      expect(await page.locator('[data-testid=share-copy]').textContent()).toBe(T[locale].copy);
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'detached' });
      await expect.poll(() => page.locator('.toast').allTextContents()).toContain(T[locale].copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('share-button');

      // A press outside closes it too.
      await button.click();
      await menu.waitFor();
      await page.mouse.click(5, 400);
      await menu.waitFor({ state: 'detached' });
      await finish(page, `compat-share-${locale}`);
    });

  it('uses the system share sheet where the browser has the Web Share API (no menu)', async () => {
    const [p] = await products('ar', 'per_page=1');
    const page = await newPage({ locale: 'ar', width: 390, height: 844 });
    await page.context().addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { __shared: ShareData[] }).__shared = shared;
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          shared.push(data);
        },
      });
    });
    await open(page, `/products/${p!.id}/details`);
    const button = page.locator('[data-testid=share-button]');
    await expect.poll(() => button.getAttribute('aria-haspopup')).toBeNull();
    await button.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
      .toEqual([{ title: p!.name, text: `${p!.name} على سوق عُمان`, url: `${baseUrl()}/products/${p!.id}/details` }]);
    expect(await page.locator('[data-testid=share-menu]').count()).toBe(0);
    await finish(page, 'compat-share-native-ar');
  });

  for (const locale of ['ar', 'en'] as const)
    it(`the shop card shows the seller and its delivery, and Visit store opens the shop (${locale})`, async () => {
      const [p] = await products(locale, 'per_page=1&shop_id=3');
      const page = await newPage({ locale, width: 390, height: 844 });
      await open(page, `/products/${p!.id}/details`);
      const card = page.locator('[data-testid=product-shop-card]');
      expect(await card.locator('h2').textContent()).toBe(p!.shop.name);
      expect(await card.textContent()).toContain(T[locale].soldBy);
      const delivery = await card.locator('[data-testid=delivery-charge]').textContent();
      if (p!.shop.delivery_charge > 0) expect(delivery).toMatch(/\d/);
      const visitStore = card.locator('[data-testid=visit-store]');
      expect(await visitStore.textContent()).toBe(T[locale].visit);
      await screenshot(page, `compat-shop-card-${locale}`);
      // By keyboard.
      await visitStore.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${baseUrl()}/shops/3`);
      await page.locator('.shop-hero__name').waitFor();
      expect(await page.locator('h1').textContent()).toBe(p!.shop.name);
      await finish(page, `compat-visit-store-${locale}`);
    });

  it("the popular row is this shop's others, titled so, with a link to the shop", async () => {
    const [p] = await products('en', 'per_page=1&shop_id=1');
    const page = await newPage({ locale: 'en', width: 1280 });
    await open(page, `/products/${p!.id}/details`);
    const row = page.locator('[data-testid=popular-products]');
    expect(await row.locator('h2').textContent()).toBe(`More from ${p!.shop.name}`);
    expect(await row.locator('.section__more').getAttribute('href')).toBe('/shops/1');
    const ids = await cardIds(page, '[data-testid=popular-products]');
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).not.toContain(p!.id);
    const shopIds = new Set((await products('en', 'per_page=100&shop_id=1')).map((x) => x.id));
    expect(ids.every((id) => shopIds.has(id))).toBe(true);
    await finish(page, 'compat-more-from-shop-en');
  });
});

describe('the default avatar is shown as initials', () => {
  it("a new customer's header and account pages, and reviews, show initials, not the API's default picture", async () => {
    const session = await register();
    expect(session.user.profile_photo).toMatch(/^\/api\/media\/default-avatar\.svg$/);
    const page = await signedIn(session, { locale: 'ar', width: 1280 });
    await open(page, '/dashboard');
    await page.locator('[data-testid=account-sidebar] .avatar--initial').waitFor();
    expect(await page.locator('[data-testid=account-sidebar] .avatar--initial').textContent()).toBe('M');
    expect(await page.locator('img[src*="default-avatar"]').count()).toBe(0);
    const reviewed = (await products('ar', 'per_page=50&sort_type=popular_product')).find(Boolean)!;
    await open(page, `/products/${reviewed.id}/details`);
    await page.locator('[data-testid=review]').first().waitFor();
    expect(await page.locator('[data-testid=review] .review__avatar--initial').count()).toBeGreaterThan(0);
    expect(await page.locator('img[src*="default-avatar"]').count()).toBe(0);
    // Review dates come from created_at_iso, written by the storefront in the page's language.
    expect(await page.locator('[data-testid=review] time').first().getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    await finish(page, 'compat-avatars-ar');
  });
});
