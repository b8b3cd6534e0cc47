import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Issue 37, the console's orders and refunds: the test places its own orders of shop 2, pays them on
 * the gateway's page (gateway-peer.ts, Thawani on loopback), has shop 2's seller cancel them, and then the
 * demo operator finds one at /admin/orders by its number, opens it, reads what the refund dialog will
 * do ("This will refund 12.500 OMR to the customer's card through Thawani"), refunds it, and sees the
 * refund in the order's history; the peer saw exactly one refund. Screens in ar and en at 390 and 1280
 * (the table scrolling inside its box, never the page), with screenshots.
 */
type Locale = 'ar' | 'en';
const SHOP = 2;

async function call<T>(url: string, opts: { body?: unknown; token?: string; status?: number } = {}): Promise<T> {
  const res = await fetch(url.startsWith('http') ? url : `${baseUrl()}/api${url}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'en',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${url}: ${JSON.stringify(json)}`).toBe(opts.status ?? 200);
  return json;
}

async function customer() {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { data } = await call<{ data: { access: { token: string } } }>('/registration', {
    body: {
      name: 'Refund Tester',
      phone,
      email: `refund${phone}@example.com`,
      password: 'tidy-secret-41',
      country: 'Oman',
      phone_code: '+968',
    },
  });
  const token = data.access.token;
  const { data: a } = await call<{ data: { address: { id: number } } }>('/address/store', {
    token,
    body: { name: 'Refund Tester', phone, area: 'Al Khuwair', address_type: 'home', address_line: 'Way 3012', is_default: true },
  });
  return { token, addressId: a.address.id };
}

let sellerToken: Promise<string> | undefined;
const seller = () =>
  (sellerToken ??= call<{ data: { access: { token: string } } }>('/seller/login', {
    body: { email: `seller${SHOP}@souq.om`, password: 'password' },
  }).then((r) => r.data.access.token));

/**
 * An order of one simple product of shop 2 placed by a new customer with Thawani, paid on the peer's
 * page (which sends the signed webhook before its redirect), then cancelled by the shop's seller.
 */
async function paidAndCancelled() {
  const who = await customer();
  type P = { id: number; price: number; quantity: number; colors: unknown[]; sizes: unknown[] };
  const { data: list } = await call<{ data: { products: P[] } }>(`/products?shop_id=${SHOP}&per_page=100`);
  const product = list.products.find((p) => !p.colors.length && !p.sizes.length && p.quantity > 20 && p.price >= 6)!;
  expect(product).toBeDefined();
  await call('/cart/store', { token: who.token, body: { product_id: product.id, quantity: 1 } });
  const { data } = await call<{
    data: { order_payment_url: string; orders: Array<{ id: number; order_code: string; amount: number }> };
  }>('/place-order', { token: who.token, body: { shop_ids: [SHOP], address_id: who.addressId, payment_method: 'thawani' } });
  const pay = new URL(data.order_payment_url);
  const res = await fetch(`${pay.origin}${pay.pathname}/pay`, { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  const order = data.orders[0]!;
  const detail = await call<{ data: { order: { payment_state: string } } }>(`/order-details?order_id=${order.id}`, {
    token: who.token,
  });
  expect(detail.data.order.payment_state).toBe('Paid');
  await call(`/seller/orders/${order.id}/status`, { token: await seller(), body: { order_status: 'Cancelled' } });
  return { ...order, peer: pay.origin };
}

async function operatorSession() {
  const { data } = await call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
    body: { email: 'admin@souq.om', password: 'password' },
  });
  return JSON.stringify({ token: data.access.token, operator: data.user });
}

async function operatorPage(locale: Locale, width: number, session: string) {
  const page = await newPage({ locale, width, height: width === 390 ? 844 : 900 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, session);
  return page;
}

async function shot(page: TestPage, name: string) {
  if (name.endsWith('-320')) return; // checked, not kept
  await screenshot(page, name, { fullPage: true, closeToasts: true });
}

/** Nothing of the page lies beyond its sides (a wide table scrolls inside its own box). */
async function expectNoSideScroll(page: TestPage, label: string) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
      })
      .filter((el) => !el.closest('.admin-audit__scroll, .seller-nav') && !el.closest('dialog:not([open])'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect({ label, wide, scrolls }).toEqual({ label, wide: [], scrolls: false });
}

const omr = (amount: number) => amount.toFixed(3).replace(/\B(?=(\d{3})+(?!\d))/, ',');

describe('operator console: orders and refunds', () => {
  it("refuses a customer's and a seller's token on the console's order calls", async () => {
    const who = await customer();
    await call('/admin/orders', { token: who.token, status: 403 });
    await call('/admin/orders', { token: await seller(), status: 403 });
    await call('/admin/orders', { status: 401 });
  });

  it('an operator finds a paid, cancelled order by its number and refunds it through Thawani, once', async () => {
    const order = await paidAndCancelled();
    const session = await operatorSession();
    const page = await operatorPage('en', 1280, session);
    await page.goto(`${baseUrl()}/admin/orders`);
    await hydrated(page);
    await page.locator('[data-testid=admin-orders-table]').waitFor();
    await page.locator('input[data-testid=admin-orders-search]').fill(order.order_code);
    await page.locator('[data-testid=admin-orders-status]').selectOption('cancelled');
    await page.locator('[data-testid=admin-orders-payment]').selectOption('paid');
    await page.locator('[data-testid=admin-orders-apply]').click();
    await page.waitForURL((u) => u.searchParams.get('q') === order.order_code);
    const row = page.locator(`[data-testid=admin-order-row][data-order="${order.order_code}"]`);
    await row.waitFor();
    expect(await page.locator('[data-testid=admin-order-row]').count()).toBe(1);
    expect(await row.locator('[data-testid=admin-refund-status]').getAttribute('data-status')).toBe('none');
    await row.locator('[data-testid=admin-order-link]').click();
    await page.waitForURL((u) => u.pathname === `/admin/orders/${order.id}`);
    await page.locator('[data-testid=admin-order-refund]').waitFor();

    await page.locator('[data-testid=admin-refund-open]').click();
    const dialog = page.locator('[data-testid=admin-refund-dialog][open]');
    await dialog.locator('[data-testid=admin-refund-form]').waitFor();
    expect(await dialog.locator('[data-testid=admin-refund-what]').innerText()).toBe(
      `This will refund ${omr(order.amount)} OMR to the customer’s card through Thawani. It cannot be undone.`,
    );
    // No reason: the field says so, and nothing is sent.
    await dialog.locator('[data-testid=admin-refund-submit]').click();
    await expect.poll(() => dialog.locator('#refund-reason').getAttribute('aria-invalid')).toBe('true');
    await dialog.locator('#refund-reason').fill('Cancelled by the shop after payment');
    // A double click sends one refund (the dialog's key is the same for both, and the button is busy).
    await dialog.locator('[data-testid=admin-refund-submit]').dblclick();
    await expect
      .poll(() => page.locator('[data-testid=admin-order-refund] [data-testid=admin-refund-status]').getAttribute('data-status'))
      .toBe('refunded');
    const item = page.locator('[data-testid=admin-refund-item]');
    expect(await item.count()).toBe(1);
    expect(await item.getAttribute('data-status')).toBe('succeeded');
    expect(await item.innerText()).toContain('Cancelled by the shop after payment');
    expect(await page.locator('[data-testid=admin-refund-open]').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();

    const seen = await call<{ refunds: Array<{ amount: number; metadata: { order_code?: string }; payment_id: string }> }>(
      `${order.peer}/test/refunds`,
    );
    const mine = seen.refunds.filter((r) => r.metadata.order_code === order.order_code);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.amount).toBe(Math.round(order.amount * 1000));
  });

  it('shows the list, the order and the refund dialog in Arabic and English from 320 px (screenshots at 390 and 1280)', async () => {
    const order = await paidAndCancelled();
    const session = await operatorSession();
    for (const locale of ['ar', 'en'] as Locale[])
      for (const width of [320, 390, 1280]) {
        const page = await operatorPage(locale, width, session);
        await page.goto(`${baseUrl()}/admin/orders?status=cancelled&payment=paid`);
        await hydrated(page);
        await page.locator(`[data-testid=admin-order-row][data-order="${order.order_code}"]`).waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await expectNoSideScroll(page, `list ${locale} ${width}`);
        if (width === 390)
          expect(await page.locator('.admin-audit__scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await shot(page, `admin-orders-${locale}-${width}`);

        await page.goto(`${baseUrl()}/admin/orders/${order.id}`);
        await hydrated(page);
        await page.locator('[data-testid=admin-refund-open]').waitFor();
        await expectNoSideScroll(page, `order ${locale} ${width}`);
        await shot(page, `admin-order-${locale}-${width}`);

        await page.locator('[data-testid=admin-refund-open]').click();
        const dialog = page.locator('[data-testid=admin-refund-dialog][open]');
        await dialog.locator('[data-testid=admin-refund-form]').waitFor();
        const what = await dialog.locator('[data-testid=admin-refund-what]').innerText();
        expect(what).toContain(omr(order.amount));
        expect(what).toContain(locale === 'ar' ? 'ثواني' : 'Thawani');
        await shot(page, `admin-refund-dialog-${locale}-${width}`);
        await dialog.locator('[data-testid=admin-refund-cancel]').click();
        await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
  });
});
