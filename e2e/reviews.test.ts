import { describe, expect, it } from 'vitest';
import { finish, screenshot, type TestPage } from './browser';
import { call, deliveredOrder, open, signedIn } from './orders-api';

/**
 * Reviews (issue 39): a customer reviews a product of a delivered order from the order's page, sees it
 * on the product page with the new average, and the shop's answer beneath it.
 */

const shot = (page: TestPage, name: string) => screenshot(page, name);

/** A 4 × 4 PNG, opaque green (made with sharp). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGOQ64mCIwbiOACjAxBBzVpyIQAAAABJRU5ErkJggg==',
  'base64',
);

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
    // A photo with it (a small PNG: the server decodes and re-encodes it).
    await dialog.getByTestId('review-photos-input').setInputFiles({ name: 'basket.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, `review-dialog-${locale}-${width}`);
    await dialog.getByTestId('review-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = page.getByTestId('line-review');
    await mine.waitFor();
    expect(await mine.textContent()).toContain(`<b>Fresh</b> ${stamp}`);
    expect(await mine.getByTestId('review-photos').locator('img').count()).toBe(1);
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
    expect(await reviewOnPage().getByTestId('review-photos').locator('img').count()).toBe(1);
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
    const reviewId = (
      await call<{ data: { reviews: Array<{ id: number; description: string | null }> } }>('/seller/reviews', { token: seller })
    ).data.reviews.find((r) => r.description?.includes(stamp))!.id;
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
