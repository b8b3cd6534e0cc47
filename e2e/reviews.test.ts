import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, type TestPage } from './browser';

/**
 * Reviews (issue 39): a customer reviews a product of a delivered order from the order's page, sees it
 * on the product page with the new average, and the shop's answer beneath it.
 */

async function call<T>(route: string, opts: { body?: unknown; token?: string; method?: string } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${route}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      Accept: 'application/json',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as T;
  expect(res.ok, `${route}: ${JSON.stringify(json)}`).toBe(true);
  return json;
}

/** A new customer (registered through the API) with a delivered cash order of one plain product of `shopId`. */
async function deliveredOrder(shopId: number) {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const password = 'tidy-secret-39';
  const reg = await call<{ data: { user: unknown; access: { token: string } } }>('/registration', {
    body: { name: 'Review Writer', phone, email: `rev${phone}@example.com`, password, password_confirmation: password, country: 'Oman', phone_code: '+968' },
  });
  const token = reg.data.access.token;
  const address = await call<{ data: { address: { id: number } } }>('/address/store', {
    token,
    body: { name: 'Review Writer', phone: '91234567', area: 'Al Khuwair', address_type: 'home', address_line: 'Way 3021', is_default: true },
  });
  type P = { id: number; price: number; quantity: number; sizes: unknown[]; colors: unknown[] };
  const list = await call<{ data: { products: P[] } }>(`/products?shop_id=${shopId}&per_page=60`);
  // Priced above any shop's minimum order, so that one unit is an order.
  const product = list.data.products.find((p) => !p.sizes.length && !p.colors.length && p.quantity >= 5 && p.price >= 6)!;
  await call('/cart/store', { token, body: { product_id: product.id, quantity: 1 } });
  const placed = await call<{ data: { orders: Array<{ id: number }> } }>('/place-order', {
    token,
    body: { shop_ids: [shopId], address_id: address.data.address.id, payment_method: 'cash' },
  });
  const orderId = placed.data.orders[0]!.id;
  const seller = (
    await call<{ data: { access: { token: string } } }>('/seller/login', { body: { email: `seller${shopId}@souq.om`, password: 'password' } })
  ).data.access.token;
  for (const order_status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'])
    await call(`/seller/orders/${orderId}/status`, { token: seller, body: { order_status } });
  return { customer: { token, user: reg.data.user }, seller, orderId, productId: product.id };
}

async function signedIn(who: { token: string; user: unknown }, locale: 'ar' | 'en', width: number) {
  const page = await newPage({ locale, width, height: 900 });
  const auth = JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}

async function open(page: TestPage, route: string) {
  await page.goto(`${baseUrl()}${route}`);
  await hydrated(page);
}

const shot = (page: TestPage, name: string) => page.screenshot({ path: path.join(import.meta.dirname, 'screenshots', `${name}.png`) });

const L = {
  ar: { required: 'اختر تقييمًا', title: 'قيّم' },
  en: { required: 'Choose a rating', title: 'Review' },
};

describe.each([
  ['ar', 1280, 3],
  ['en', 390, 2],
] as const)('reviews (%s, %i px)', (locale, width, shopId) => {
  it('a delivered product is reviewed from its order, shows on the product page with the new average, and the shop answers', async () => {
    const { customer, seller, orderId, productId } = await deliveredOrder(shopId);
    type Count = { data: { average_rating_percentage: { total_review: number } } };
    const before = (await call<Count>(`/reviews?product_id=${productId}`)).data.average_rating_percentage.total_review;
    const page = await signedIn(customer, locale, width);
    await open(page, `/order-history/${orderId}`);
    await page.getByTestId('review-open').click();
    const dialog = page.locator('[data-testid=review-dialog][open]');
    await dialog.getByTestId('review-stars').waitFor();
    expect(await dialog.textContent()).toContain(L[locale].title);
    // Without stars: the rating is asked for, nothing is sent.
    await dialog.getByTestId('review-submit').click();
    await expect.poll(() => dialog.getByTestId('field-error').first().textContent()).toContain(L[locale].required);
    // Four stars by keyboard: focus the first, arrow to the fourth (the direction follows the page's).
    await dialog.getByTestId('review-star-1').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect.poll(() => dialog.getByTestId('review-star-4').isChecked()).toBe(true);
    const stamp = Date.now().toString(36);
    const text = `<b>Fresh</b> ${stamp}\n\nwell packed`;
    await dialog.getByTestId('review-text').fill(text);
    await shot(page, `review-dialog-${locale}-${width}`);
    await dialog.getByTestId('review-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = page.getByTestId('line-review');
    await mine.waitFor();
    expect(await mine.textContent()).toContain(`<b>Fresh</b> ${stamp}`);
    await shot(page, `review-order-line-${locale}-${width}`);

    // The product page (its answers are reused for a few seconds): the review, as text, and the average.
    const reviewOnPage = () => page.locator('[data-testid=review]').filter({ hasText: stamp });
    await expect
      .poll(
        async () => {
          await open(page, `/products/${productId}/details`);
          return reviewOnPage().count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await reviewOnPage().locator('b').count()).toBe(0);
    expect(await reviewOnPage().textContent()).toContain('<b>Fresh</b>');
    // The average shown is the one of every review, this one included.
    type Stats = { data: { average_rating_percentage: { rating: number; total_review: number } } };
    await expect
      .poll(
        async () => {
          const stats = (await call<Stats>(`/reviews?product_id=${productId}`)).data.average_rating_percentage;
          await open(page, `/products/${productId}/details`);
          const shown = await page.getByTestId('rating-summary').locator('strong').first().textContent();
          return stats.total_review > before && shown === stats.rating.toFixed(1);
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    // The shop answers; the customer sees it beneath the review.
    const reviewId = (await call<{ data: { reviews: Array<{ id: number; description: string | null }> } }>('/seller/reviews', { token: seller })).data.reviews.find(
      (r) => r.description?.includes(stamp),
    )!.id;
    await call(`/seller/reviews/${reviewId}/reply`, { token: seller, body: { reply: `Thank you ${stamp}` } });
    await expect
      .poll(
        async () => {
          await open(page, `/products/${productId}/details`);
          return reviewOnPage().getByTestId('review-reply').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await reviewOnPage().getByTestId('review-reply').textContent()).toContain(`Thank you ${stamp}`);
    await finish(page, `review-product-${locale}-${width}`);
  });
});
