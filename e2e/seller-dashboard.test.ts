import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, newPage, screenshot, type TestPage } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * Issue 36, the seller centre's dashboard and its navigation, on a server of this file's own (a fresh
 * database: the shared server's shops get orders from the other files). A customer orders from shop 7;
 * its seller signs in on a 320 px phone and sees the shop's figures as the API counts them (that order
 * and nothing else), follows the sections' bar without the page scrolling sideways, and old
 * `/seller?order=` links still open the order. Shop 8 (never ordered from) shows the welcome of a new
 * shop. Screenshots in Arabic and English at 390 and 1280 px.
 */
type Locale = 'ar' | 'en';
const SHOP = 7;
const NEW_SHOP = 8;
const PASSWORD = 'tidy-secret-41';

let server: RunningServer;
const baseUrl = () => server.baseUrl;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Dashboard {
  orders: Record<string, number>;
  sales: { today: number; last_7_days: number; last_30_days: number };
  top_products: { id: number; name: string; total_sold: number }[];
  low_stock: { id: number; name: string; quantity: number }[];
}

async function call<T>(url: string, opts: { body?: unknown; token?: string; locale?: Locale } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': opts.locale ?? 'en',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${url}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

async function sellerSession(shopId: number) {
  const { data } = await call<{ data: { access: { token: string }; user: unknown; shop: unknown } }>('/seller/login', {
    body: { email: `seller${shopId}@souq.om`, password: 'password' },
  });
  return { token: data.access.token, session: JSON.stringify({ token: data.access.token, seller: data.user, shop: data.shop }) };
}

/** A new customer's cash order of 2 units of a plain product of the shop, placed through the API. */
async function placeOrder(shopId: number) {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const reg = await call<{ data: { access: { token: string } } }>('/registration', {
    body: {
      name: 'Dash Tester',
      phone,
      email: `dash${phone}@example.com`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      country: 'Oman',
      phone_code: '+968',
    },
  });
  const token = reg.data.access.token;
  const address = await call<{ data: { address: { id: number } } }>('/address/store', {
    token,
    body: {
      name: 'Dash Tester',
      phone: '91234567',
      area: 'Al Khuwair',
      address_type: 'home',
      address_line: 'Way 3021',
      is_default: true,
    },
  });
  type Row = { id: number; quantity: number; sizes: unknown[]; colors: unknown[] };
  const list = await call<{ data: { products: Row[] } }>(`/products?shop_id=${shopId}&per_page=60`);
  const product = list.data.products.find((p) => !p.sizes.length && !p.colors.length && p.quantity >= 5);
  expect(product, `a plain product of shop ${shopId}`).toBeTruthy();
  await call('/cart/store', { token, body: { product_id: product!.id, quantity: 2 } });
  const placed = await call<{ data: { orders: { id: number; amount: number }[] } }>('/place-order', {
    token,
    body: { shop_ids: [shopId], address_id: address.data.address.id, payment_method: 'cash' },
  });
  return placed.data.orders[0]!;
}

/** "1,234.500": how the storefront writes an amount in OMR (shared/money.ts, both languages). */
const amount = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

async function open(page: TestPage, url: string) {
  await page.goto(`${baseUrl()}${url}`);
  await hydrated(page);
}

async function signedInAs(session: string, locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 900 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('seller_auth')) localStorage.setItem('seller_auth', value);
  }, session);
  return page;
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** The dashboard once loaded (figures, a new shop's welcome, or why it failed), and which of them. */
async function loaded(page: TestPage) {
  const shown = page.locator(
    '[data-testid=dash-sales], [data-testid=dash-empty], [data-testid=seller-dashboard] [role=alert], [data-testid=seller-login]',
  );
  await shown.first().waitFor();
  return `${await shown.first().getAttribute('data-testid')} ${page.url()} ${await page.locator('main').innerText()}`.slice(
    0,
    600,
  );
}

/** Nothing wider than the screen: the page never scrolls sideways. */
const noSidewaysScroll = (page: TestPage) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('seller dashboard', () => {
  it('shows a seller on a 320 px phone the shop’s figures, and its sections by the navigation bar', async () => {
    const order = await placeOrder(SHOP);
    const { token } = await sellerSession(SHOP);
    const expected = (await call<{ data: Dashboard }>('/seller/dashboard', { token })).data;
    // The shop's only order.
    expect(expected.orders).toMatchObject({ all: 1, pending: 1, cancelled: 0 });
    expect(expected.sales).toEqual({ today: order.amount, last_7_days: order.amount, last_30_days: order.amount });

    // Signed out, /seller asks for the sign-in, which then opens the dashboard.
    const page = await newPage({ locale: 'en', width: 320, height: 720 });
    await open(page, '/seller');
    await page.getByTestId('seller-login').waitFor();
    await page.locator('input[name="email"]').fill(`seller${SHOP}@souq.om`);
    await page.locator('input[name="password"]').fill('password');
    await page.getByTestId('seller-login-submit').click();
    await page.getByTestId('dash-sales').waitFor();
    expect(new URL(page.url()).pathname).toBe('/seller');

    const text = (id: string) => page.getByTestId(id).innerText();
    for (const [key, value] of Object.entries(expected.sales)) expect(await text(`dash-sales-${key}`)).toContain(amount(value));
    for (const key of ['pending', 'confirm', 'processing', 'pickup', 'on_the_way', 'delivered', 'cancelled'])
      expect((await text(`dash-orders-${key}`)).split('\n')[0]).toBe(String(expected.orders[key]));
    const top = await page.getByTestId('dash-top-product').allInnerTexts();
    expect(top.length).toBe(expected.top_products.length);
    expect(top[0]).toContain(expected.top_products[0]!.name);
    expect(await page.getByTestId('dash-low-product').count()).toBe(expected.low_stock.length);
    if (expected.low_stock[0])
      expect(await page.getByTestId('dash-low-product').first().locator('a').getAttribute('href')).toBe(
        `/seller/products/${expected.low_stock[0].id}`,
      );
    expect(await noSidewaysScroll(page)).toBe(true);

    // The sections' bar: the dashboard is the current one; the bar scrolls within itself.
    const nav = page.getByRole('navigation', { name: 'Seller area' });
    expect(await nav.locator('[aria-current="page"]').getAttribute('href')).toBe('/seller');
    const bar = nav.locator('ul');
    expect(await bar.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);

    // By keyboard: from the dashboard's link to the next section, and in.
    await nav.getByTestId('seller-nav-dashboard').focus();
    for (const next of ['/seller/products', '/seller/orders']) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(next);
    }
    await page.keyboard.press('Enter');
    await page.getByTestId('seller-orders').waitFor();
    expect(await nav.locator('[aria-current="page"]').getAttribute('href')).toBe('/seller/orders');

    // The last section, scrolled to in the bar: it is current and in view within the bar.
    await nav.getByTestId('seller-nav-shop').click();
    await page.waitForURL(/\/seller\/shop$/);
    await expect.poll(() => nav.locator('[aria-current="page"]').getAttribute('href')).toBe('/seller/shop');
    const inView = await nav.getByTestId('seller-nav-shop').evaluate((a) => {
      const r = a.getBoundingClientRect();
      const b = a.closest('ul')!.getBoundingClientRect();
      return r.left >= b.left - 1 && r.right <= b.right + 1;
    });
    expect(inView).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);

    // A status card opens the orders of that status.
    await nav.getByTestId('seller-nav-dashboard').click();
    await page.getByTestId('dash-orders-pending').click();
    await page.waitForURL(/\/seller\/orders\?status=pending$/);
    expect(await page.getByTestId('status-tab-pending').getAttribute('aria-current')).toBe('page');
    await page.locator(`[data-testid="order-row"] [data-testid="order-view"]`).first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    // A link from before the dashboard (/seller?order=N) opens that order at its new address.
    await open(page, `/seller?order=${order.id}`);
    await page.getByTestId('seller-order').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/seller/orders?order=${order.id}`);
    expect(page.errors, 'console errors').toEqual([]);
    await page.context().close();
  });

  it('signs in to the page asked for when signed out', async () => {
    const page = await newPage({ locale: 'ar', width: 390 });
    await open(page, '/seller/orders?status=pending');
    await page.getByTestId('seller-login').waitFor();
    await page.locator('input[name="email"]').fill(`seller${SHOP}@souq.om`);
    await page.locator('input[name="password"]').fill('password');
    await page.getByTestId('seller-login-submit').click();
    await page.waitForURL(/\/seller\/orders\?status=pending$/);
    await page.getByTestId('seller-orders').waitFor();
    expect(page.errors, 'console errors').toEqual([]);
    await page.context().close();
  });

  it('welcomes a shop without orders and offers to add a product', async () => {
    const { session } = await sellerSession(NEW_SHOP);
    const page = await signedInAs(session, 'en', 320);
    await open(page, '/seller');
    expect(await loaded(page)).toMatch(/^dash-empty /);
    expect(await page.getByTestId('dash-add-product').getAttribute('href')).toBe('/seller/products/new');
    expect(await page.getByTestId('dash-sales').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(page.errors, 'console errors').toEqual([]);
    await page.context().close();
  });

  it('is drawn in Arabic and English at 390 and 1280 px', async () => {
    const shops = { figures: (await sellerSession(SHOP)).session, new: (await sellerSession(NEW_SHOP)).session };
    for (const locale of ['ar', 'en'] as const)
      for (const width of [390, 1280]) {
        const page = await signedInAs(shops.figures, locale, width);
        await open(page, '/seller');
        await page.getByTestId('dash-sales').waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expect(await noSidewaysScroll(page)).toBe(true);
        const nav = page.getByTestId('seller-nav');
        const main = page.getByTestId('seller-dashboard');
        const [n, m] = [(await nav.boundingBox())!, (await main.boundingBox())!];
        if (width === 1280) {
          // A column beside the page, at its start (the right in Arabic).
          expect(n.width).toBeLessThan(260);
          expect(locale === 'ar' ? n.x > m.x : n.x < m.x).toBe(true);
        } else expect(n.y).toBeLessThan(m.y);
        await shot(page, `seller-dashboard-${locale}-${width}`);
        expect(page.errors, 'console errors').toEqual([]);
        await page.context().close();

        const fresh = await signedInAs(shops.new, locale, width);
        await open(fresh, '/seller');
        expect(await loaded(fresh)).toMatch(/^dash-empty /);
        await shot(fresh, `seller-dashboard-empty-${locale}-${width}`);
        expect(fresh.errors, 'console errors').toEqual([]);
        await fresh.context().close();
      }
  });
});
