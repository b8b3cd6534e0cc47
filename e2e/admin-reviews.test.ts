import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';
import { call, deliveredOrder } from './orders-api';

/**
 * Issue 39, the operator console's reviews: a customer made here reviews a delivered product; the demo
 * operator finds the review at /admin/reviews (Arabic, 1280 px), hides it with a reason, and it leaves the
 * product page (the catalogue reuses its answers for a few seconds: polled); then shows it again (English,
 * 390 px, the table scrolling inside its own box) and it comes back. Screenshots of the screen ar 1280 and
 * en 390.
 */
type Locale = 'ar' | 'en';

/** A new customer's review (text with `stamp`) of a product of `shopId` it received: its product's id. */
async function reviewedProduct(shopId: number, stamp: string) {
  const { customer, orderId, productId } = await deliveredOrder(shopId);
  await call('/product-review', {
    token: customer.token,
    body: { product_id: productId, order_id: orderId, rating: 1, description: `Rude words ${stamp}` },
  });
  return productId;
}

let operatorOnce: Promise<string> | undefined;
const operatorSession = () =>
  (operatorOnce ??= call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
    body: { email: 'admin@souq.om', password: 'password' },
  }).then(({ data }) => JSON.stringify({ token: data.access.token, operator: data.user })));

async function operatorPage(locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 900 });
  const session = await operatorSession();
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, session);
  return page;
}

async function open(page: TestPage, to: string) {
  await page.goto(`${baseUrl()}${to}`);
  await hydrated(page);
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** How many reviews with `stamp` the product page shows, read anew until it is `count` (the catalogue's cache). */
async function expectOnProductPage(page: TestPage, productId: number, stamp: string, count: number) {
  await expect
    .poll(
      async () => {
        await open(page, `/products/${productId}/details`);
        return page.locator('[data-testid=review]').filter({ hasText: stamp }).count();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(count);
}

const L = {
  ar: { required: 'اكتب سبب إخفاء التقييم', hidden: 'مخفي', shown: 'ظاهر', toastHidden: 'تم إخفاء', nav: 'التقييمات' },
  en: {
    required: 'Write why the review is hidden',
    hidden: 'Hidden',
    shown: 'Shown',
    toastShown: 'is shown again',
    nav: 'Reviews',
  },
};

describe('operator console: reviews', () => {
  it('hides a review seen on a product page (ar, 1280 px) and shows it again (en, 390 px)', async () => {
    const stamp = `mod${Date.now().toString(36)}`;
    const productId = await reviewedProduct(2, stamp);
    type Stats = { data: { average_rating_percentage: { total_review: number } } };
    const count = async () => (await call<Stats>(`/reviews?product_id=${productId}`)).data.average_rating_percentage.total_review;

    // The review is on the product page.
    const shopper = await newPage({ locale: 'ar', width: 1280, height: 900 });
    await expectOnProductPage(shopper, productId, stamp, 1);
    const before = await count();

    // The operator finds it from the console's menu and hides it, saying why.
    const ar = await operatorPage('ar', 1280);
    await open(ar, '/admin');
    await ar.getByTestId('admin-nav-reviews').click();
    await ar.getByTestId('admin-reviews').waitFor();
    expect(await ar.getByTestId('admin-nav-reviews').textContent()).toContain(L.ar.nav);
    await ar.getByTestId('admin-reviews-search').fill(stamp);
    await ar.getByTestId('admin-reviews-apply').click();
    const row = ar.locator(`[data-testid=admin-review-row]`).filter({ hasText: stamp });
    await expect.poll(() => ar.getByTestId('admin-review-row').count()).toBe(1);
    expect(await row.getByTestId('admin-review-status').textContent()).toBe(L.ar.shown);
    await open(ar, '/admin/reviews');
    await ar.getByTestId('admin-reviews-table').waitFor();
    await shot(ar, 'admin-reviews-ar-1280');
    await open(ar, `/admin/reviews?q=${stamp}`);
    await row.getByTestId('admin-review-hide').click();
    const dialog = ar.locator('[data-testid=review-hide-dialog][open]');
    await dialog.getByTestId('review-hide-form').waitFor();
    // Without a reason nothing is sent.
    await dialog.getByTestId('review-hide-confirm').click();
    await expect.poll(() => dialog.getByTestId('review-hide-reason-error').textContent()).toContain(L.ar.required);
    // Focus goes to the field with the error (it may land a moment after the error shows).
    await expect.poll(() => ar.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('review-hide-reason');
    await shot(ar, 'admin-reviews-hide-dialog-ar-1280');
    await dialog.getByTestId('review-hide-reason').fill('شتائم للبائع');
    await dialog.getByTestId('review-hide-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await ar.locator('.toast').filter({ hasText: L.ar.toastHidden }).waitFor();
    await expect.poll(() => row.getByTestId('admin-review-status').textContent()).toBe(L.ar.hidden);
    await row.getByTestId('admin-review-show').waitFor();

    // It leaves the product page and its count.
    await expectOnProductPage(shopper, productId, stamp, 0);
    // The count's answer is reused for a few seconds too.
    await expect.poll(count, { timeout: 30_000, interval: 1000 }).toBe(before - 1);
    await finish(ar, 'admin-reviews-hidden-ar-1280');
    await finish(shopper, 'admin-reviews-product-hidden-ar-1280');

    // On a phone, in English: the hidden ones, the table scrolling inside its own box; Show asks first.
    const en = await operatorPage('en', 390);
    await open(en, `/admin/reviews?visibility=hidden&q=${stamp}`);
    const enRow = en.locator('[data-testid=admin-review-row]').filter({ hasText: stamp });
    await enRow.waitFor();
    expect(await enRow.getByTestId('admin-review-status').textContent()).toBe(L.en.hidden);
    const widths = await en.evaluate(() => {
      const box = document.querySelector('.admin-audit__scroll')!;
      return { box: box.scrollWidth > box.clientWidth, page: document.documentElement.scrollWidth > window.innerWidth };
    });
    expect(widths).toEqual({ box: true, page: false });
    await open(en, '/admin/reviews');
    await en.getByTestId('admin-reviews-table').waitFor();
    await shot(en, 'admin-reviews-en-390');
    await open(en, `/admin/reviews?visibility=hidden&q=${stamp}`);
    await enRow.getByTestId('admin-review-show').click();
    const confirm = en.locator('[data-testid=review-show-dialog][open]');
    await confirm.getByTestId('confirm-yes').waitFor();
    await shot(en, 'admin-reviews-show-dialog-en-390');
    await confirm.getByTestId('confirm-yes').click();
    await confirm.waitFor({ state: 'hidden' });
    await en.locator('.toast').filter({ hasText: L.en.toastShown }).waitFor();
    // It leaves the list of hidden ones, and shows as shown in the whole list.
    await expect.poll(() => enRow.count()).toBe(0);
    await en.getByTestId('admin-reviews-empty').waitFor();
    await open(en, `/admin/reviews?q=${stamp}`);
    expect(await enRow.getByTestId('admin-review-status').textContent()).toBe(L.en.shown);
    await enRow.getByTestId('admin-review-hide').waitFor();

    const back = await newPage({ locale: 'en', width: 390, height: 900 });
    await expectOnProductPage(back, productId, stamp, 1);
    await expect.poll(count, { timeout: 30_000, interval: 1000 }).toBe(before);
    await finish(en, 'admin-reviews-shown-en-390');
    await finish(back, 'admin-reviews-product-shown-en-390');

    // The audit log has both, the reason with the hide.
    const token = (JSON.parse(await operatorSession()) as { token: string }).token;
    type Audit = { data: { entries: Array<{ action: string; changes: Record<string, [unknown, unknown]> }> } };
    const entries = (await call<Audit>('/admin/audit-log?action=review&per_page=20', { token })).data.entries;
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(['review.show', 'review.hide']);
    expect(entries[1]!.changes.reason).toEqual([null, 'شتائم للبائع']);
  });
});
