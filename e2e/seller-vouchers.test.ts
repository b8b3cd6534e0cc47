import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

/** The seller centre's vouchers and flash sales in the browser (issue 36, BACKOFFICE.md "Seller centre"). */

const json = { 'content-type': 'application/json', accept: 'application/json' };

async function call<T>(pathname: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  expect(res.status, `${pathname}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

/** The seller of the shop, signed in on the page (its session as the sign-in page keeps it). */
async function sellerPage(shopId: number, locale: 'ar' | 'en', width: number) {
  const { data } = await call<{ data: { access: { token: string }; user: unknown; shop: unknown } }>('/seller/login', undefined, {
    email: `seller${shopId}@souq.om`,
    password: 'password',
  });
  const page = await newPage({ locale, width, height: 900 });
  await page.context().addInitScript(
    (value: string) => {
      if (!localStorage.getItem('seller_auth')) localStorage.setItem('seller_auth', value);
    },
    JSON.stringify({ token: data.access.token, seller: data.user, shop: data.shop }),
  );
  return page;
}

/** A fresh customer (registered through the API) with a default address. */
async function customer() {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { data } = await call<{ data: { user: unknown; access: { token: string } } }>('/registration', undefined, {
    name: 'Voucher Tester',
    phone,
    email: `sv${phone}@example.com`,
    password: 'tidy-secret-41',
    country: 'Oman',
    phone_code: '+968',
  });
  await call('/address/store', data.access.token, {
    name: 'Voucher Tester',
    phone: `968${phone}`,
    area: 'Al Khuwair',
    address_type: 'home',
    address_line: 'Way 3012, House 14',
    is_default: true,
  });
  return { user: data.user, token: data.access.token };
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true, closeToasts: true });
  expect(page.errors, 'console errors').toEqual([]);
}

const SHOP = 2;

describe('seller vouchers', () => {
  it('a seller creates a voucher; a customer collects it and checkout takes it off the total', async () => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const seller = await sellerPage(SHOP, 'en', 1280);
    await seller.goto(`${baseUrl()}/seller/vouchers`);
    await hydrated(seller);
    await seller.getByTestId('seller-vouchers').waitFor();
    await seller.getByTestId('voucher-card').first().waitFor();
    expect(await seller.getByTestId('seller-nav-vouchers').getAttribute('aria-current')).toBe('page');

    await seller.getByTestId('voucher-new').click();
    const dialog = seller.locator('[data-testid="seller-voucher-dialog"][open]');
    await dialog.waitFor();
    await dialog.locator('#voucher-code').fill(code.toLowerCase());
    await dialog.getByTestId('voucher-type-Amount').check();
    // An empty discount: said beside its field, nothing sent.
    await dialog.getByTestId('voucher-submit').click();
    await dialog.getByTestId('voucher-discount-error').waitFor();
    await dialog.locator('#voucher-discount').fill('1.5');
    await dialog.locator('#voucher-min-order').fill('0');
    await dialog.getByTestId('voucher-submit').click();
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined);
    const card = seller.locator(`[data-testid="voucher-card"][data-code="${code}"]`);
    await card.waitFor();
    expect(await card.getByTestId('voucher-status').textContent()).toBe('Active');
    await shot(seller, 'seller-vouchers-created-en-1280');
    await seller.context().close();

    // The customer: one product of the shop in the cart, the voucher collected from the basket.
    const who = await customer();
    const { data } = await call<{
      data: { products: Array<{ id: number; price: number; quantity: number; colors: unknown[]; sizes: unknown[] }> };
    }>(`/products?shop_id=${SHOP}&per_page=100`);
    const product = data.products.find((p) => !p.colors.length && !p.sizes.length && p.quantity > 5 && p.price >= 3)!;
    await call('/cart/store', who.token, { product_id: product.id, quantity: 1 });
    const page = await newPage({ locale: 'en', width: 1280, height: 900 });
    await page.context().addInitScript(
      (value: string) => {
        if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
      },
      JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 }),
    );
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    await page.getByTestId('floating-cart').click();
    const basket = page.locator('[data-testid="basket"][open]');
    const shop = basket.locator(`[data-testid="cart-shop"][data-shop-id="${SHOP}"]`);
    await shop.waitFor();
    await shop.getByTestId('shop-select').check();
    await shop.getByTestId('apply-voucher').click();
    const vouchers = page.locator('[data-testid="voucher-dialog"][open]');
    const mine = vouchers.getByTestId('voucher').filter({ hasText: code });
    await mine.waitFor();
    await mine.getByTestId('voucher-collect').click();
    await expect.poll(() => mine.getByTestId('voucher-collect').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await vouchers.waitFor({ state: 'detached' }).catch(() => undefined);
    await basket.getByTestId('proceed-checkout').click();
    await page.waitForURL(/\/checkout$/);
    await page.getByTestId('voucher-applied').waitFor();
    expect(await page.getByTestId('voucher-applied').textContent()).toContain(code);
    await page.getByTestId('summary-discount').waitFor();
    expect(await page.getByTestId('summary-discount').textContent()).toMatch(/1\.5/);
    await finish(page, 'seller-vouchers-checkout-en-1280');
  });

  it.each([
    ['ar', 390],
    ['ar', 1280],
    ['en', 390],
    ['en', 1280],
  ] as const)('shows the vouchers and the flash sales (%s, %i px)', async (locale, width) => {
    const page = await sellerPage(SHOP, locale, width);
    await page.goto(`${baseUrl()}/seller/vouchers`);
    await hydrated(page);
    await page.getByTestId('voucher-card').first().waitFor();
    const statuses = await page.getByTestId('voucher-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(2);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(wide, 'no sideways scroll').toBe(false);
    await shot(page, `seller-vouchers-${locale}-${width}`);
    await page.getByTestId('voucher-edit').first().click();
    await page.locator('[data-testid="seller-voucher-dialog"][open]').waitFor();
    await shot(page, `seller-voucher-dialog-${locale}-${width}`);
    await page.keyboard.press('Escape');

    await page.getByTestId('seller-nav-flash-sales').click();
    await page.getByTestId('seller-flash-sales').waitFor();
    await page.getByTestId('flash-sale').first().waitFor();
    expect(await page.getByTestId('flash-sale').count()).toBe(2);
    await shot(page, `seller-flash-sales-${locale}-${width}`);
    await page.getByTestId('flash-sale-add').last().click();
    const join = page.locator('[data-testid="flash-sale-join"][open]');
    await join.waitFor();
    await join.locator('.fs-option').first().waitFor();
    await join.locator('.fs-option input').first().check();
    await join.getByTestId('flash-sale-price-input').fill('0.5');
    await join.getByTestId('flash-sale-saving').getByText(/%/).waitFor();
    await shot(page, `seller-flash-join-${locale}-${width}`);
    await page.keyboard.press('Escape');
    await finish(page, `seller-flash-sales-end-${locale}-${width}`);
  });

  it('joins an upcoming flash sale with a product and leaves it again, with a question first', async () => {
    const page = await sellerPage(SHOP, 'en', 1280);
    await page.goto(`${baseUrl()}/seller/flash-sales`);
    await hydrated(page);
    const upcoming = page.locator('[data-testid="flash-sale"][data-sale="2"]');
    await upcoming.waitFor();
    const before = await upcoming.getByTestId('flash-sale-product').count();
    await upcoming.getByTestId('flash-sale-add').click();
    const join = page.locator('[data-testid="flash-sale-join"][open]');
    await join.locator('#fs-search').fill('a');
    await join.locator('.fs-option').first().waitFor();
    const option = join.locator('.fs-option').filter({ hasNotText: 'already in this sale' }).first();
    const name = (await option.locator('.fs-option__name').textContent())!.trim();
    await option.locator('input').check();
    await join.getByTestId('flash-sale-price-input').fill('0.1');
    await join.getByTestId('flash-sale-submit').click();
    await join.waitFor({ state: 'detached' }).catch(() => undefined);
    await expect.poll(() => upcoming.getByTestId('flash-sale-product').count()).toBe(before + 1);
    const row = upcoming.getByTestId('flash-sale-product').filter({ hasText: name });
    expect(await row.getByTestId('flash-sale-price').textContent()).toMatch(/0\.100/);
    await row.getByTestId('flash-sale-leave').click();
    await page.locator('[data-testid="confirm-yes"]').click();
    await expect.poll(() => upcoming.getByTestId('flash-sale-product').count()).toBe(before);
    await finish(page, 'seller-flash-sales-left-en-1280');
  });
});
