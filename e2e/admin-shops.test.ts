import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Issue 37, the operator console's dashboard and shops: a new seller applies at /shop/register, the
 * demo operator approves it in /admin/shops, and the new seller signs in at /seller/login; the operator
 * then suspends that shop (the reason asked in a dialog that says what happens) and its shop page and
 * products leave the storefront, and its seller's sign-in tells the reason. Only the shop made here is
 * suspended. Screenshots of the dashboard and the shops list, ar and en, 390 and 1280 px.
 */
type Locale = 'ar' | 'en';

async function call<T>(url: string, opts: { method?: string; body?: unknown; token?: string; status?: number } = {}) {
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

async function operatorSession() {
  const { data } = await call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
    body: { email: 'admin@souq.om', password: 'password' },
  });
  return { token: data.access.token, session: JSON.stringify({ token: data.access.token, operator: data.user }) };
}

/** A page signed in as the demo operator. */
async function operatorPage(session: string, locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 900 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, session);
  return page;
}

/** Nothing on the page reaches past the viewport but inside a box that scrolls (`inside`). */
async function expectNoSidewaysScroll(page: TestPage, inside: string) {
  const wide = await page.evaluate(
    (inside) =>
      [...document.querySelectorAll('body *')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
        })
        // The sections' bar (narrow screens) scrolls sideways on its own too.
        .filter((el) => !el.closest(inside) && !el.closest('.seller-nav__list'))
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className}`),
    inside,
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
}

/** A real 1×1 PNG: enough for the server to read and re-encode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const stamp = Date.now();
const applicant = {
  shop: `Ibra Palm Crafts ${stamp}`,
  shopAr: `سعفيات إبراء ${stamp}`,
  name: 'Khalid Al-Harthy',
  email: `e2e-admin-shops-${stamp}@souq.test`,
  password: 'palm-frond-baskets-31',
};

describe('operator console: shops', () => {
  it("refuses a customer's and a seller's token and no token on the shops and dashboard calls", async () => {
    const customer = await call<{ data: { access: { token: string } } }>('/login', {
      body: { phone: 'customer@souq.om', password: 'password' },
    });
    const seller = await call<{ data: { access: { token: string } } }>('/seller/login', {
      body: { email: 'seller6@souq.om', password: 'password' },
    });
    for (const url of ['/admin/dashboard', '/admin/shops', '/admin/shops/1']) {
      await call(url, { token: customer.data.access.token, status: 403 });
      await call(url, { token: seller.data.access.token, status: 403 });
      await call(url, { status: 401 });
    }
    await call('/admin/shops/1/suspend', { body: { reason: 'x' }, token: seller.data.access.token, status: 403 });
  });

  it('a seller applies, the operator approves it, the seller signs in; suspended, the shop leaves the storefront', async () => {
    // 1. The application, at /shop/register (English).
    const apply = await newPage({ locale: 'en', width: 1280 });
    await apply.goto(`${baseUrl()}/shop/register`);
    await hydrated(apply);
    await apply.getByTestId('apply-shop_name_ar').fill(applicant.shopAr);
    await apply.getByTestId('apply-shop_name').fill(applicant.shop);
    await apply.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await apply.getByTestId('logo-preview').waitFor();
    await apply.getByTestId('apply-name').fill(applicant.name);
    await apply.getByTestId('apply-phone').fill('92345671');
    await apply.getByTestId('apply-email').fill(applicant.email);
    await apply.getByTestId('apply-password').fill(applicant.password);
    await apply.getByTestId('apply-password_confirmation').fill(applicant.password);
    await apply.getByTestId('apply-submit').click();
    await apply.getByTestId('apply-done').waitFor();
    expect(apply.errors).toEqual([]);
    await apply.context().close();

    // 2. The operator finds it among the applications (pending first) and approves it.
    const { session, token } = await operatorSession();
    const page = await operatorPage(session, 'en', 1280);
    await page.goto(`${baseUrl()}/admin`);
    await hydrated(page);
    await page.locator('[data-testid=dash-card-shops]').waitFor();
    const pending = Number(await page.locator('[data-testid=dash-shops-pending] dd').innerText());
    expect(pending).toBeGreaterThanOrEqual(1);
    await page.locator('[data-testid=dash-review-pending]').click();
    await page.waitForURL((u) => u.pathname === '/admin/shops' && u.search === '?status=pending');
    await page.locator('[data-testid=admin-shops-table]').waitFor();
    expect(await page.locator('[data-testid=admin-shops-tab-pending]').getAttribute('aria-current')).toBe('page');
    const statuses = await page
      .locator('[data-testid=admin-shop-row]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
    expect(statuses.every((s) => s === 'pending')).toBe(true);
    await page.getByLabel('Search').fill(applicant.email);
    await page.locator('[data-testid=admin-shops-apply]').click();
    await page.waitForURL((u) => u.searchParams.get('search') === applicant.email);
    const row = page.locator('[data-testid=admin-shop-row]', { hasText: applicant.shop });
    await expect.poll(() => page.locator('[data-testid=admin-shop-row]').count()).toBe(1);
    await row.locator('[data-testid=admin-shop-link]').click();
    await page.locator('[data-testid=admin-shop-approve]').waitFor();
    const shopId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(await page.locator('[data-testid=admin-shop-owner]').innerText()).toContain(applicant.email);
    await page.locator('[data-testid=admin-shop-approve]').click();
    const approveDialog = page.locator('[data-testid=shop-approve-dialog][open]');
    await approveDialog.waitFor();
    expect(await approveDialog.innerText()).toContain('opens to shoppers');
    await approveDialog.locator('[data-testid=confirm-yes]').click();
    await expect.poll(() => page.locator('.adm-shop__meta [data-testid=shop-status]').getAttribute('data-status')).toBe('active');
    await page.locator('[data-testid=admin-shop-suspend]').waitFor();

    // 3. The new seller signs in at /seller/login.
    const seller = await newPage({ locale: 'en', width: 1280 });
    await seller.goto(`${baseUrl()}/seller/login`);
    await hydrated(seller);
    await seller.locator('input[name="email"]').fill(applicant.email);
    await seller.locator('input[name="password"]').fill(applicant.password);
    await seller.getByTestId('seller-login-submit').click();
    await seller.waitForURL((u) => u.pathname === '/seller');
    expect(seller.errors).toEqual([]);
    await seller.context().close();

    // The shop is on the storefront now.
    await expect
      .poll(async () => (await fetch(`${baseUrl()}/api/shops/${shopId}`, { headers: { accept: 'application/json' } })).status)
      .toBe(200);

    // 4. The operator suspends it: the dialog says what happens and asks for the reason.
    await page.locator('[data-testid=admin-shop-suspend]').click();
    const dialog = page.locator('[data-testid=shop-suspend-dialog][open]');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('leave the storefront');
    await dialog.locator('[data-testid=shop-reason-confirm]').click();
    await expect.poll(() => page.locator('[data-testid=shop-reason-error]').innerText()).toBe('Write the reason.');
    // Focus moves to the field once its error has rendered: polled, as a loaded machine may paint the error first.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('shop-reason');
    const reason = 'Photos copied from another shop.';
    await dialog.locator('[data-testid=shop-reason]').fill(reason);
    await dialog.locator('[data-testid=shop-reason-confirm]').click();
    await expect
      .poll(() => page.locator('.adm-shop__meta [data-testid=shop-status]').getAttribute('data-status'))
      .toBe('suspended');
    expect(await page.locator('[data-testid=admin-shop-reason]').innerText()).toContain(reason);
    await page.locator('[data-testid=admin-shop-reinstate]').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();

    // 5. Gone from the storefront (within the answer cache's lifetime): its page, its products, the shop lists.
    await expect
      .poll(async () => (await fetch(`${baseUrl()}/api/shops/${shopId}`, { headers: { accept: 'application/json' } })).status)
      .toBe(404);
    const shopPage = await newPage({ locale: 'en', width: 390 });
    const res = await shopPage.goto(`${baseUrl()}/shops/${shopId}`);
    expect(res?.status()).toBe(404);
    await shopPage.context().close();
    const products = await call<{ data: { products: unknown[] } }>(`/products?shop_id=${shopId}`);
    expect(products.data.products).toEqual([]);
    await expect
      .poll(
        async () =>
          (await call<{ data: { shops: unknown[] } }>(`/shops?search=${encodeURIComponent(applicant.shop)}`)).data.shops,
      )
      .toEqual([]);
    // The operator's list files it under Suspended.
    const suspended = await call<{ data: { shops: Array<{ id: number }> } }>(
      `/admin/shops?status=suspended&search=${applicant.email}`,
      {
        token,
      },
    );
    expect(suspended.data.shops.map((s) => s.id)).toEqual([shopId]);

    // 6. Its seller's sign-in tells the reason.
    const again = await newPage({ locale: 'en', width: 1280 });
    await again.goto(`${baseUrl()}/seller/login`);
    await hydrated(again);
    await again.locator('input[name="email"]').fill(applicant.email);
    await again.locator('input[name="password"]').fill(applicant.password);
    await again.getByTestId('seller-login-submit').click();
    await expect.poll(() => again.getByTestId('seller-login-error').textContent()).toContain(reason);
    again.errors = again.errors.filter((e) => !/status of 403/.test(e));
    expect(again.errors).toEqual([]);
    await again.context().close();
  });

  it('shows the dashboard and the shops list in Arabic and English at 390 and 1280 px, the table scrolling inside its box', async () => {
    const { session } = await operatorSession();
    for (const locale of ['ar', 'en'] as Locale[])
      for (const width of [390, 1280]) {
        const dash = await operatorPage(session, locale, width);
        await dash.goto(`${baseUrl()}/admin`);
        await hydrated(dash);
        await dash.locator('[data-testid=dash-card-tickets]').waitFor();
        expect(await dash.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expect(
          await dash.locator('[data-testid=admin-nav] a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
        ).toEqual(expect.arrayContaining(['/admin', '/admin/shops', '/admin/audit-log']));
        const nav = await dash.locator('[data-testid=admin-nav] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect([nav[0], nav[nav.length - 1]]).toEqual(['/admin', '/admin/audit-log']);
        await expectNoSidewaysScroll(dash, '.adm-scroll');
        await finish(dash, `admin-dashboard-${locale}-${width}`);

        const list = await operatorPage(session, locale, width);
        await list.goto(`${baseUrl()}/admin/shops`);
        await hydrated(list);
        await list.locator('[data-testid=admin-shops-table]').waitFor();
        const statuses = await list
          .locator('[data-testid=admin-shop-row]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
        // Applications first.
        const firstOther = statuses.findIndex((s) => s !== 'pending');
        expect(statuses.slice(firstOther === -1 ? statuses.length : firstOther).includes('pending')).toBe(false);
        await expectNoSidewaysScroll(list, '.adm-scroll');
        if (width < 1024) {
          expect(await list.locator('.adm-scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        }
        await finish(list, `admin-shops-${locale}-${width}`);

        // One shop (shop 1, active): its details, and Suspend's dialog, cancelled (nothing changes).
        const one = await operatorPage(session, locale, width);
        await one.goto(`${baseUrl()}/admin/shops/1`);
        await hydrated(one);
        await one.locator('[data-testid=admin-shop-suspend]').waitFor();
        await expectNoSidewaysScroll(one, '.adm-scroll');
        await screenshot(one, `admin-shop-${locale}-${width}`, { fullPage: true });
        await one.locator('[data-testid=admin-shop-suspend]').click();
        const dialog = one.locator('[data-testid=shop-suspend-dialog][open]');
        await dialog.locator('[data-testid=shop-reason]').waitFor();
        await screenshot(one, `admin-shop-suspend-${locale}-${width}`);
        await dialog.locator('[data-testid=shop-reason-cancel]').click();
        await expect.poll(() => one.locator('[data-testid=shop-suspend-dialog][open]').count()).toBe(0);
        expect(await one.locator('.adm-shop__meta [data-testid=shop-status]').getAttribute('data-status')).toBe('active');
        await finish(one, `admin-shop-after-${locale}-${width}`);
      }
  });
});
