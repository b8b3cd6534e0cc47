import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Issue 37, the operator console: the demo operator (admin@souq.om, seeded in the local environment) signs
 * in at /admin/login; a seller changes a product's price through the API; the audit log at /admin/audit-log shows
 * that entry with the old and the new price, in English and in Arabic (right to left) from 320 px, its
 * wide table scrolling inside its box. A customer's token opens no console call. Screenshots ar/en at
 * 390 and 1280 px.
 */
type Locale = 'ar' | 'en';
const SHOP = 6;

async function call<T>(url: string, opts: { method?: string; body?: unknown; token?: string; status?: number } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
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

/** A seller of the shop changes its first product's price by the API; the product, old and new price. */
async function sellerChangesPrice() {
  const seller = await call<{ data: { access: { token: string } } }>('/seller/login', {
    body: { email: `seller${SHOP}@souq.om`, password: 'password' },
  });
  const token = seller.data.access.token;
  const list = await call<{ data: { products: Array<{ id: number; price: number; discount_price: number }> } }>(
    '/seller/products?per_page=1',
    { token },
  );
  const product = list.data.products[0]!;
  // A price not seen before (the shared server's other tests may change prices too), above the discount.
  const price = Math.round((Math.max(product.price, product.discount_price) + 1 + Math.random() * 50) * 1000) / 1000;
  await call(`/seller/products/${product.id}`, { method: 'PUT', body: { price }, token });
  return { id: product.id, from: product.price, to: price };
}

async function operatorSession() {
  const { data } = await call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
    body: { email: 'admin@souq.om', password: 'password' },
  });
  return JSON.stringify({ token: data.access.token, operator: data.user });
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** The audit log's row of the price change (seller's product writes only, so it is on the first page). */
const HREF = '/admin/audit-log?role=seller&action=product';
const rowOf = (page: TestPage, change: { id: number }) =>
  page.locator('[data-testid=admin-audit-entry][data-action="product.update"]', { hasText: `product #${change.id}` }).first();

async function expectPriceShown(page: TestPage, change: { id: number; from: number; to: number }) {
  const row = rowOf(page, change);
  await row.waitFor();
  const price = row.locator('[data-testid=admin-audit-change][data-field=price]');
  await expect.poll(() => price.locator('del').innerText()).toBe(String(change.from));
  expect(await price.locator('ins').innerText()).toBe(String(change.to));
}

describe('operator console', () => {
  it("refuses a customer's token and no token on the console's API", async () => {
    const customer = await call<{ data: { access: { token: string } } }>('/login', {
      body: { phone: 'customer@souq.om', password: 'password' },
    });
    const token = customer.data.access.token;
    for (const url of ['/admin/audit-log', '/admin/me']) {
      await call(url, { token, status: 403 });
      await call(url, { status: 401 });
    }
    const seller = await call<{ data: { access: { token: string } } }>('/seller/login', {
      body: { email: `seller${SHOP}@souq.om`, password: 'password' },
    });
    await call('/admin/audit-log', { token: seller.data.access.token, status: 403 });
  });

  it('signs the demo operator in and shows the price a seller changed, old and new, filtered by role and action', async () => {
    const change = await sellerChangesPrice();
    const page = await newPage({ locale: 'en', width: 1280 });
    await page.goto(`${baseUrl()}/admin/audit-log`);
    await hydrated(page);
    // No session: on to the sign-in, which comes back to the audit log.
    await page.locator('[data-testid=admin-login]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByLabel('E-mail').fill('admin@souq.om');
    await page.getByLabel('Password').fill('wrong-password');
    await page.locator('[data-testid=admin-login-submit]').click();
    await expect
      .poll(() => page.locator('[data-testid=admin-login-error]').innerText())
      .toBe('These credentials do not match our records.');
    await page.getByLabel('Password').fill('password');
    await page.locator('[data-testid=admin-login-submit]').click();
    await page.locator('[data-testid=admin-audit-table]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/audit-log');
    expect(await page.locator('[data-testid=admin-operator]').innerText()).toBe('Souq Admin');

    await page.locator('[data-testid=admin-audit-role]').selectOption('seller');
    await page.locator('[data-testid=admin-audit-action]').selectOption('product');
    await page.locator('[data-testid=admin-audit-apply]').click();
    await page.waitForURL((u) => u.search === '?role=seller&action=product');
    await expectPriceShown(page, change);
    const actions = await page
      .locator('[data-testid=admin-audit-entry]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.every((a) => a!.startsWith('product.'))).toBe(true);
    // The browser logs the wrong password's 400 itself; nothing else.
    expect(page.errors.filter((e) => !/status of 400 .*\/api\/admin\/login/.test(e))).toEqual([]);

    // Signing out ends the console's session only, and comes back to the sign-in.
    await page.locator('[data-testid=admin-logout]').click();
    await page.locator('[data-testid=admin-login]').waitFor();
    await page.context().close();
  });

  it('shows the log in Arabic right to left and in English, from 320 px, the table scrolling inside its box', async () => {
    const change = await sellerChangesPrice();
    const session = await operatorSession();
    for (const locale of ['ar', 'en'] as Locale[])
      for (const width of [320, 390, 1280]) {
        const page = await newPage({ locale, width, height: 900 });
        await page.context().addInitScript((value: string) => {
          if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
        }, session);
        await page.goto(`${baseUrl()}${HREF}`);
        await hydrated(page);
        await expectPriceShown(page, change);
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        // The page never scrolls sideways; at phone widths the table does, inside its box.
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.right > window.innerWidth + 1 || r.left < -1;
            })
            // The tables scroll inside their box; the sections' bar (more sections than a phone shows) in its own.
            .filter((el) => !el.closest('.admin-audit__scroll, .seller-nav'))
            .slice(0, 5)
            .map(
              (el) =>
                `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}`,
            ),
        );
        expect({
          locale,
          width,
          wide,
          scrolls: await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
        }).toEqual({
          locale,
          width,
          wide: [],
          scrolls: false,
        });
        if (width < 1024) {
          const box = page.locator('.admin-audit__scroll');
          expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        }
        if (width !== 320) await shot(page, `admin-audit-${locale}-${width}`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
  });
});
