import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

/** The seller centre's Reviews and Shop profile in the browser (issue 36, BACKOFFICE.md "Seller centre"). */

type Locale = 'ar' | 'en';
const json = { 'content-type': 'application/json', accept: 'application/json' };

async function call<T>(pathname: string, token?: string, body?: unknown, method?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${pathname}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  expect(res.status, `${pathname}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

/** A page of the seller of the shop, signed in (the seller's session in local storage). */
async function sellerPage(shopId: number, locale: Locale, width = 1280, height = 900) {
  const login = await call<{ data: { access: { token: string }; user: unknown; shop: unknown } }>('/seller/login', undefined, {
    email: `seller${shopId}@souq.om`,
    password: 'password',
  });
  const page = await newPage({ locale, width, height });
  const session = JSON.stringify({ token: login.data.access.token, seller: login.data.user, shop: login.data.shop });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('seller_auth')) localStorage.setItem('seller_auth', value);
  }, session);
  return { page, token: login.data.access.token };
}

async function open(page: TestPage, pathname: string) {
  await page.goto(`${baseUrl()}${pathname}`);
  await hydrated(page);
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true, closeToasts: true });
}

/** A fresh customer with a default address, signed in on a new page. */
async function customerPage(locale: Locale) {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { data } = await call<{ data: { user: unknown; access: { token: string } } }>('/registration', undefined, {
    name: 'Shop Tester',
    phone,
    email: `shop${phone}@example.com`,
    password: 'tidy-secret-41',
    country: 'Oman',
    phone_code: '+968',
  });
  await call('/address/store', data.access.token, {
    name: 'Shop Tester',
    phone: `968${phone}`,
    area: 'Al Khuwair',
    address_type: 'home',
    address_line: 'Way 3012, House 14',
    is_default: true,
  });
  const page = await newPage({ locale, width: 1280, height: 900 });
  await page.context().addInitScript(
    (value: string) => {
      if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
    },
    JSON.stringify({ token: data.access.token, user: data.user, favoriteCount: 0 }),
  );
  return page;
}

describe('seller reviews', () => {
  it('the seller replies to a review and the reply shows under it on the product page', async () => {
    const { page } = await sellerPage(3, 'en');
    await open(page, '/seller/reviews');
    const card = page.getByTestId('seller-review').first();
    await card.waitFor();
    const href = await card.locator('a[href*="/products/"]').getAttribute('href');
    const reply = `Thank you for your kind words! (${Date.now()})`;
    await card.getByTestId('seller-review-reply-open').click();
    // An empty reply is refused beside the field, without a call. (The newest review may already have the
    // shop's answer, from reviews.test.ts: the form then opens with it, emptied here.)
    await card.getByTestId('seller-review-reply-input').fill('');
    await card.getByTestId('seller-review-reply-save').click();
    await card.locator('.field__error').waitFor();
    await card.getByTestId('seller-review-reply-input').fill(reply);
    await card.getByTestId('seller-review-reply-save').click();
    await card.getByTestId('seller-review-reply').getByText(reply).waitFor();
    await shot(page, 'seller-reviews-en-1280');

    // The star filter: only 5-star reviews.
    await page.getByTestId('seller-reviews-filter').getByRole('link', { name: '5 stars' }).click();
    await page.waitForURL(/rating=5/);
    await page.getByTestId('seller-review').first().waitFor();
    await finish(page, 'seller-reviews-5-en-1280');

    // The product page, as a guest: the reply under the review (within the answer cache's lifetime).
    const guest = await newPage({ locale: 'en', width: 390, height: 844 });
    await expect
      .poll(
        async () => {
          await open(guest, href!);
          return guest.getByTestId('review-reply').filter({ hasText: reply }).count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    await guest.getByTestId('review-reply').filter({ hasText: reply }).getByText('Reply from the shop').waitFor();
    await guest.getByTestId('review-reply').filter({ hasText: reply }).scrollIntoViewIfNeeded();
    await finish(guest, 'seller-reply-on-product-en-390');
  });
});

describe('seller shop profile', () => {
  it("changes the delivery charge and the customer's checkout shows it; unsaved changes ask before leaving", async () => {
    // A shop with a plain product of some price, whose terms nothing else in the run depends on.
    type P = { id: number; price: number; quantity: number; colors: unknown[]; sizes: unknown[] };
    let shopId = 0;
    let product: P | undefined;
    for (const id of [4, 5, 6, 8, 3]) {
      const { data } = await call<{ data: { products: P[] } }>(`/products?shop_id=${id}&per_page=100`);
      product = data.products.find((p) => !p.colors.length && !p.sizes.length && p.quantity > 10);
      if (product) {
        shopId = id;
        break;
      }
    }
    expect(product, 'a plain product').toBeDefined();

    const { page } = await sellerPage(shopId, 'en');
    await open(page, '/seller/shop');
    await page.getByTestId('shop-form').waitFor();
    await page.getByTestId('shop-delivery_charge').fill('1.375');
    await page.getByTestId('shop-free_delivery_above').fill('0');
    await page.getByTestId('shop-min_order_amount').fill('0');
    await page.getByTestId('shop-unsaved').waitFor();

    // Leaving now asks; Cancel stays with the changes.
    await page.getByTestId('seller-nav-reviews').click();
    const leave = page.locator('[data-testid="shop-leave-dialog"][open]');
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe('/seller/shop');
    expect(await page.getByTestId('shop-delivery_charge').inputValue()).toBe('1.375');

    // A bad e-mail is refused beside its field; nothing is saved.
    const email = await page.getByTestId('shop-email').inputValue();
    await page.getByTestId('shop-email').fill('not-an-email');
    await page.getByTestId('shop-save').click();
    await page.locator('.field--invalid [data-testid="shop-email"]').waitFor();
    await page.getByTestId('shop-email').fill(email);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/seller/shop') && r.request().method() === 'PUT');
    await page.getByTestId('shop-save').click();
    const put = await saved;
    expect(put.status()).toBe(200);
    // Only the changed fields were sent.
    expect(Object.keys(JSON.parse(put.request().postData() ?? '{}')).sort()).toEqual(expect.arrayContaining(['delivery_charge']));
    expect(Object.keys(JSON.parse(put.request().postData() ?? '{}'))).not.toContain('name');
    await page.getByTestId('shop-unsaved').waitFor({ state: 'detached' });
    await shot(page, 'seller-shop-en-1280');
    // Saved: leaving asks nothing.
    await page.getByTestId('seller-nav-reviews').click();
    await page.waitForURL(/\/seller\/reviews/);
    await finish(page, 'seller-shop-left-en-1280');

    // The customer's next checkout charges the new delivery.
    const shopper = await customerPage('en');
    await open(shopper, `/products/${product!.id}/details`);
    await shopper.getByTestId('add-to-cart').click();
    await expect.poll(() => shopper.getByTestId('cart-badge').textContent()).toBe('1');
    await shopper.getByTestId('floating-cart').click();
    const basket = shopper.locator('[data-testid="basket"][open]');
    await basket.locator(`[data-testid="cart-shop"][data-shop-id="${shopId}"]`).getByTestId('shop-select').check();
    await basket.getByTestId('proceed-checkout').click();
    await shopper.waitForURL(/\/checkout$/);
    await expect
      .poll(() => shopper.getByTestId('summary-delivery').first().textContent(), { timeout: 10_000 })
      .toContain('1.375');
    await finish(shopper, 'seller-shop-checkout-en-1280');
  });
});

describe.each(['ar', 'en'] as const)('seller screens (%s)', (locale) => {
  it.each([390, 1280])('reviews and shop profile at %i px', async (width) => {
    const { page } = await sellerPage(6, locale, width, width < 500 ? 844 : 900);
    await open(page, '/seller/reviews');
    await page.getByTestId('seller-review').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `seller-reviews-${locale}-${width}`);
    await open(page, '/seller/shop');
    await page.getByTestId('shop-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await finish(page, `seller-shop-${locale}-${width}`);
  });
});
