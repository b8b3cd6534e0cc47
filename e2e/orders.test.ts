import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

type Locale = 'ar' | 'en';
const PASSWORD = 'tidy-secret-41';

async function call<T>(
  path: string,
  opts: { body?: unknown; token?: string; method?: string } = {},
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, json: (await res.json()) as T };
}
async function ok<T>(path: string, opts: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await call<T>(path, opts);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}

interface Session {
  token: string;
  user: unknown;
  addressId: number;
}

/** A fresh customer with a default address, registered through the API. */
async function customer(): Promise<Session> {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const reg = await ok<{ data: { user: unknown; access: { token: string } } }>('/registration', {
    body: {
      name: 'Order Tester',
      phone,
      email: `ord${phone}@example.com`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      country: 'Oman',
      phone_code: '+968',
    },
  });
  const token = reg.data.access.token;
  const address = await ok<{ data: { address: { id: number } } }>('/address/store', {
    token,
    body: {
      name: 'Order Tester',
      phone: '91234567',
      area: 'Al Khuwair',
      address_type: 'home',
      address_line: 'Way 3021, Building 12',
      is_default: true,
    },
  });
  return { token, user: reg.data.user, addressId: address.data.address.id };
}

interface ProductRow {
  id: number;
  quantity: number;
  sizes: unknown[];
  colors: unknown[];
}

/** A product of the shop without a colour or size choice, with stock to spare. */
async function simpleProduct(shopId: number, token: string): Promise<ProductRow> {
  const res = await ok<{ data: { products: ProductRow[] } }>(`/products?shop_id=${shopId}&per_page=60`, { token });
  const p = res.data.products.find((x) => x.sizes.length === 0 && x.colors.length === 0 && x.quantity >= 5);
  expect(p, `a plain product in shop ${shopId}`).toBeTruthy();
  return p!;
}

/**
 * Stock on hand as the cart reads it (the catalogue's answers are cached for a while): the observer puts
 * one unit in their cart, reads the line's stock and takes it out again.
 */
async function stockOf(productId: number, observer: string): Promise<number> {
  type CartAnswer = { data: { cart_items: Array<{ products: Array<{ id: number; stock: number }> }> } };
  const res = await ok<CartAnswer>('/cart/store', { token: observer, body: { product_id: productId, quantity: 1 } });
  await ok('/cart/delete', { token: observer, body: { product_id: productId } });
  const line = res.data.cart_items.flatMap((s) => s.products).find((p) => p.id === productId);
  return line!.stock;
}

/** One cash-on-delivery order of 2 units of the product, placed through the API. */
async function placeOrder(who: Session, productId: number, shopId: number) {
  await ok('/cart/store', { token: who.token, body: { product_id: productId, quantity: 2 } });
  await ok('/cart/checkout', { token: who.token, body: { shop_ids: [shopId] } });
  const placed = await ok<{ data: { orders: Array<{ id: number; order_code: string }> } }>('/place-order', {
    token: who.token,
    body: { shop_ids: [shopId], address_id: who.addressId, payment_method: 'cash' },
  });
  return placed.data.orders[0]!;
}

async function signedInPage(who: Session, locale: Locale, width = 1280) {
  const page = await newPage({ locale, width, height: 900 });
  const auth = JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}

/** A full-page screenshot mid-test (finish() takes the last one and closes the page). */
async function snap(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
  expect(page.errors, 'console errors').toEqual([]);
}

async function open(page: TestPage, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await hydrated(page);
}

const L = {
  ar: {
    chain: ['قيد الانتظار', 'مؤكد', 'قيد التجهيز', 'تم الاستلام من المتجر', 'في الطريق', 'تم التوصيل'],
    pending: 'قيد الانتظار',
    cancelled: 'ملغي',
    delivered: 'تم التوصيل',
    title: 'سجل الطلبات',
  },
  en: {
    chain: ['Pending', 'Confirmed', 'Processing', 'Picked up', 'On the way', 'Delivered'],
    pending: 'Pending',
    cancelled: 'Cancelled',
    delivered: 'Delivered',
    title: 'Order History',
  },
};

describe.each(['ar', 'en'] as const)('orders (%s)', (locale) => {
  const l = L[locale];

  it('shows a placed order in Order History with its count, opens it and cancels it (stock back)', async () => {
    const who = await customer();
    const observer = (await customer()).token;
    const product = await simpleProduct(locale === 'ar' ? 1 : 2, who.token);
    const before = await stockOf(product.id, observer);
    const order = await placeOrder(who, product.id, locale === 'ar' ? 1 : 2);
    expect(await stockOf(product.id, observer)).toBe(before - 2);

    const page = await signedInPage(who, locale);
    await open(page, '/order-history');
    expect(await page.title()).toContain(l.title);
    const row = page.locator(`[data-testid="order-row"][data-order-code="${order.order_code}"]`);
    await row.waitFor();
    expect(await row.getByTestId('order-status').textContent()).toBe(l.pending);
    expect(await page.getByTestId('status-tab-all').getByTestId('tab-count').textContent()).toBe('1');
    expect(await page.getByTestId('status-tab-pending').getByTestId('tab-count').textContent()).toBe('1');
    if (locale === 'en') expect(await row.textContent()).toMatch(/OMR|ر\.ع|\d\.\d{3}/);
    await snap(page, `orders-history-${locale}-1280`);

    // A filter with nothing in it shows the empty state.
    await page.getByTestId('status-tab-delivered').click();
    await page.getByTestId('orders-empty').waitFor();

    // A page past the last one (an old link) says so and leads back to the first.
    await open(page, '/order-history?page=99');
    await page.getByTestId('orders-page-past-end').getByRole('link').first().click();
    await row.waitFor();

    await open(page, `/order-history/${order.id}`);
    await page.getByTestId('order-details').waitFor();
    expect(await page.getByTestId('order-status').first().textContent()).toBe(l.pending);
    expect(await page.getByTestId('order-item').count()).toBe(1);
    expect(await page.title()).not.toBe('');
    await snap(page, `orders-details-${locale}-1280`);

    await page.getByTestId('order-cancel').click();
    await page.getByTestId('cancel-dialog').getByTestId('confirm-yes').click();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="order-details"] [data-testid="order-status"]')?.textContent === text,
      l.cancelled,
    );
    expect(await page.getByTestId('order-cancel').count()).toBe(0);
    expect(await stockOf(product.id, observer)).toBe(before);

    // Order again puts the items back in the cart and opens the basket, which shows them at once (as
    // does the header's badge), from the call's answer.
    await page.getByTestId('order-again').click();
    await page.getByTestId('cart-shop').first().waitFor();
    await expect.poll(() => page.getByTestId('cart-badge').first().textContent()).toBe('1');
    await page.waitForFunction(async () => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
      const res = await fetch('/api/carts', { headers: { Accept: 'application/json', Authorization: `Bearer ${auth.token}` } });
      return ((await res.json()) as { data: { total: number } }).data.total > 0;
    });
    type Lines = { data: { cart_items: Array<{ products: Array<{ id: number; quantity: number }> }> } };
    const cart = await ok<Lines>('/carts', { token: who.token });
    expect(cart.data.cart_items.flatMap((x) => x.products).find((x) => x.id === product.id)?.quantity).toBe(2);

    await open(page, '/order-history?status=cancelled');
    await row.waitFor();
    expect(await page.getByTestId('status-tab-cancelled').getByTestId('tab-count').textContent()).toBe('1');
    expect(await page.getByTestId('status-tab-pending').getByTestId('tab-count').textContent()).toBe('0');

    // Phone widths.
    const phone = await signedInPage(who, locale, 390);
    await open(phone, '/order-history');
    await phone.getByTestId('order-row').first().waitFor();
    await snap(phone, `orders-history-${locale}-390`);
    await open(phone, `/order-history/${order.id}`);
    await phone.getByTestId('order-details').waitFor();
    await finish(phone, `orders-details-${locale}-390`);

    // The dashboard counts it and lists it among the recent orders.
    await open(page, '/dashboard');
    await page.getByTestId('dashboard-order-counts').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="dash-count-all"] .acc-stat__value')?.textContent === '1',
    );
    expect(await page.getByTestId('dash-count-pending').locator('.acc-stat__value').textContent()).toBe('0');
    await page.locator(`[data-testid="order-row"][data-order-code="${order.order_code}"]`).waitFor();
    await snap(page, `orders-dashboard-${locale}-1280`);

    // Another customer's order is not found.
    const other = await customer();
    const stranger = await signedInPage(other, locale);
    await open(stranger, `/order-history/${order.id}`);
    await stranger.getByTestId('order-not-found').waitFor();
    stranger.errors = stranger.errors.filter((e) => !/status of 404/.test(e));
    await finish(stranger, `orders-not-found-${locale}`);
    await finish(page, `orders-cancelled-${locale}`);
  });

  it("lets the shop's seller move an order to Delivered step by step, and the customer sees it", async () => {
    const shopId = locale === 'ar' ? 1 : 2;
    const who = await customer();
    const product = await simpleProduct(shopId, who.token);
    const order = await placeOrder(who, product.id, shopId);

    const seller = await newPage({ locale, width: 1280, height: 900 });
    await open(seller, '/seller/orders');
    // Signed out, the seller area asks for the seller's sign-in; the page is not for search engines.
    await seller.getByTestId('seller-login').waitFor();
    expect(await seller.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await seller.locator('input[name="email"]').fill(`seller${shopId}@souq.om`);
    await seller.locator('input[name="password"]').fill('wrong-password');
    await seller.getByTestId('seller-login-submit').click();
    await seller.getByTestId('seller-login-error').waitFor();
    seller.errors = seller.errors.filter((e) => !/status of (400|401|422)/.test(e));
    await seller.locator('input[name="password"]').fill('password');
    await seller.getByTestId('seller-login-submit').click();
    await seller.getByTestId('seller-orders').waitFor();
    expect(await seller.evaluate(() => localStorage.getItem('auth'))).toBeNull();

    await seller.locator(`[data-testid="order-row"][data-order-code="${order.order_code}"] [data-testid="order-view"]`).click();
    const badge = seller.locator('[data-testid="seller-order"] .acc-heading [data-testid="order-status"]');
    await badge.waitFor();
    for (let i = 0; i < l.chain.length - 1; i++) {
      expect(await badge.textContent()).toBe(l.chain[i]);
      if (i === 0) await snap(seller, `seller-order-${locale}-1280`);
      await seller.getByTestId('seller-next').click();
      await seller.waitForFunction(
        (text) =>
          document.querySelector('[data-testid="seller-order"] .acc-heading [data-testid="order-status"]')?.textContent === text,
        l.chain[i + 1]!,
      );
      // Cancel is offered only before Pickup.
      expect(await seller.getByTestId('seller-cancel').count()).toBe(i + 1 < 3 ? 1 : 0);
    }
    expect(await seller.getByTestId('seller-next').count()).toBe(0);
    await seller.setViewportSize({ width: 390, height: 844 });
    await snap(seller, `seller-order-${locale}-390`);
    await seller.getByTestId('seller-logout').click();
    await seller.getByTestId('seller-login').waitFor();
    expect(await seller.evaluate(() => localStorage.getItem('seller_auth'))).toBeNull();
    await finish(seller, `seller-login-${locale}`);

    const page = await signedInPage(who, locale);
    await open(page, `/order-history/${order.id}`);
    await page.getByTestId('order-details').waitFor();
    expect(await page.getByTestId('order-status').first().textContent()).toBe(l.delivered);
    const delivered = page.locator('[data-testid="timeline-step"][data-status="Delivered"]');
    expect(await delivered.getByTestId('timeline-time').textContent()).toMatch(/\d{1,2}:\d{2}/);
    expect(await page.getByTestId('order-cancel').count()).toBe(0);
    await finish(page, `orders-delivered-${locale}-1280`);
  });
});
