import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * The seller centre's products (issue 36): a seller signs in, creates a product in Arabic with two
 * pictures, finds it on the storefront (product page, the shop's page, search), changes its price (the
 * storefront follows), switches it off (the storefront drops it) and deletes it. The catalogue's answer
 * cache lives a few seconds (CATALOG_CACHE_TTL_MS), so the storefront is asked again until it shows.
 */

const SHOP_ID = 5;
const SELLER = { email: `seller${SHOP_ID}@souq.om`, password: 'password' };

async function open(page: TestPage, at: string) {
  await page.goto(`${baseUrl()}${at}`);
  await hydrated(page);
}

async function snap(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** A small picture of one colour, as PNG or JPEG. */
async function picture(format: 'png' | 'jpeg', r: number, g: number, b: number): Promise<Buffer> {
  const img = sharp({ create: { width: 320, height: 320, channels: 3, background: { r, g, b } } });
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 80 }).toBuffer();
}

/** Asks the storefront (its page's HTML) until `check` holds, within the catalogue cache's lifetime and some. */
async function storefront(at: string, check: (status: number, html: string) => boolean, what: string) {
  let last = '';
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${baseUrl()}${at}`, { headers: { cookie: 'locale=ar' } });
    const html = await res.text();
    if (check(res.status, html)) return html;
    last = `${res.status}`;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: the storefront never showed it at ${at} (last status ${last})`);
}

async function signIn(page: TestPage) {
  await open(page, '/seller/login');
  await page.locator('input[name="email"]').fill(SELLER.email);
  await page.locator('input[name="password"]').fill(SELLER.password);
  await page.getByTestId('seller-login-submit').click();
  await page.getByTestId('seller-nav').waitFor();
}

describe('seller centre: products', () => {
  it('creates a product with two pictures in Arabic, shows it on the storefront, reprices it, switches it off and deletes it', async () => {
    const tag = Date.now().toString(36);
    const nameAr = `تمر خلاص فاخر ${tag}`;
    const nameEn = `Premium Khalas dates ${tag}`;
    const page = await newPage({ locale: 'ar', width: 1280, height: 900 });
    await signIn(page);

    // The list, from the seller's navigation.
    await page.getByTestId('seller-nav-products').click();
    await page.getByTestId('seller-products').waitFor();
    await page.locator('[data-testid=sprod-row], [data-testid=sprod-empty]').first().waitFor();

    // A new product: both names, a category and its sub-category, prices (the saving shows live), stock.
    await page.getByTestId('sprod-new').click();
    await page.getByTestId('product-form').waitFor();
    // Saving at once shows the fields' own messages beside them.
    await page.getByTestId('spf-save').click();
    await page.getByTestId('p-name_ar-error').waitFor();
    await page.getByTestId('p-price-error').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('p-name_ar');

    await page.locator('#p-name_ar').fill(nameAr);
    await page.locator('#p-name').fill(nameEn);
    await page.locator('#p-short_description_ar').fill('تمر عماني طازج من نزوى');
    const category = await page.locator('#p-category_id option:not([value=""])').first().getAttribute('value');
    await page.locator('#p-category_id').selectOption(category!);
    const sub = await page.locator('#p-sub_category_id option:not([value=""])').first().getAttribute('value');
    if (sub) await page.locator('#p-sub_category_id').selectOption(sub);
    await page.locator('#p-price').fill('8.5');
    await page.locator('#p-discount_price').fill('7.25');
    await page.locator('#p-quantity').fill('40');
    await expect.poll(() => page.getByTestId('spf-saving').textContent()).toContain('1.250');
    expect(await page.getByTestId('spf-saving').textContent()).toContain('15');
    // The preview is the storefront's card with the form's values.
    expect(await page.locator('[data-testid=spf-preview] [data-testid=product-card]').textContent()).toContain(nameAr);

    // A file that is not a picture is refused before any upload; two pictures are queued, the second moved first.
    await page
      .getByTestId('spf-file')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.getByTestId('spf-picture-error').waitFor();
    await page.getByTestId('spf-file').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: await picture('png', 200, 30, 30) },
      { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', 30, 160, 60) },
    ]);
    await expect.poll(() => page.getByTestId('spf-tile').count()).toBe(2);
    await page.getByTestId('spf-tile').nth(1).getByTestId('spf-earlier').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('spf-tile').nth(0).locator('img').getAttribute('alt')).toBeTruthy();
    await snap(page, 'seller-product-new-ar-1280');

    // Created: on to the product's own page, its two pictures uploaded in the chosen order.
    const created = page.waitForResponse((r) => r.url().endsWith('/api/seller/products') && r.request().method() === 'POST');
    await page.getByTestId('spf-save').click();
    expect((await created).status()).toBe(201);
    await page.waitForURL(/\/seller\/products\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('seller-product-edit').waitFor();
    await expect.poll(() => page.locator('[data-testid=spf-tile][data-image-id]').count()).toBe(2);
    expect(await page.locator('#p-name_ar').inputValue()).toBe(nameAr);

    // The storefront: the product page, the shop's page and the search, in Arabic.
    await storefront(`/products/${id}/details`, (s, html) => s === 200 && html.includes(nameAr), 'product page');
    await storefront(`/shops/${SHOP_ID}`, (s, html) => s === 200 && html.includes(`data-product-id="${id}"`), 'shop page');
    await storefront(
      `/products?search=${encodeURIComponent(tag)}`,
      (s, html) => s === 200 && html.includes(`data-product-id="${id}"`),
      'search',
    );

    // A new price: the PUT sends the changed fields only, with the version it was loaded at.
    await page.locator('#p-price').fill('9.75');
    await page.locator('#p-discount_price').fill('0');
    await page.getByTestId('spf-dirty').waitFor();
    const put = page.waitForRequest((r) => r.url().endsWith(`/api/seller/products/${id}`) && r.method() === 'PUT');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/seller/products/${id}`) && r.request().method() === 'PUT');
    await page.getByTestId('spf-save').click();
    const request = await put;
    expect(JSON.parse(request.postData()!)).toEqual({ price: 9.75, discount_price: 0 });
    expect(request.headers()['if-match']).toBeTruthy();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => page.getByTestId('spf-dirty').count()).toBe(0);
    await storefront(
      `/products/${id}/details`,
      (s, html) => s === 200 && html.includes('9.750') && !html.includes('7.250'),
      'new price',
    );
    const shopper = await newPage({ locale: 'ar', width: 390, height: 844 });
    await open(shopper, `/products/${id}/details`);
    expect(await shopper.getByTestId('price').first().textContent()).toContain('9.750');
    await finish(shopper, 'seller-product-storefront-ar-390');

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.locator('#p-name').fill(`${nameEn} (edited)`);
    await page.getByTestId('spf-back').click();
    await page.locator('[data-testid=spf-leave-dialog][open]').waitFor();
    await page.getByTestId('spf-leave-stay').click();
    expect(page.url()).toContain(`/seller/products/${id}`);
    expect(await page.locator('#p-name').inputValue()).toBe(`${nameEn} (edited)`);
    await page.getByTestId('spf-back').click();
    await page.locator('[data-testid=spf-leave-dialog][open] [data-testid=confirm-yes]').click();
    await page.getByTestId('seller-products').waitFor();

    // Switched off from the list: the storefront no longer has it.
    await page.getByTestId('sprod-search').fill(tag);
    await page.waitForURL((u) => u.searchParams.get('search') === tag);
    const row = page.locator(`[data-testid=sprod-row][data-product-id="${id}"]`);
    await row.waitFor();
    await expect.poll(() => page.getByTestId('sprod-row').count()).toBe(1);
    expect(await row.getByTestId('sprod-price').textContent()).toContain('9.750');
    const off = page.waitForResponse((r) => r.url().endsWith(`/api/seller/products/${id}`) && r.request().method() === 'PUT');
    await row.getByTestId('sprod-active').click();
    expect((await off).status()).toBe(200);
    await expect.poll(() => row.getByTestId('sprod-active').isChecked()).toBe(false);
    await storefront(`/products/${id}/details`, (s) => s === 404, 'switched off: product page');
    await storefront(
      `/shops/${SHOP_ID}`,
      (s, html) => s === 200 && !html.includes(`data-product-id="${id}"`),
      'switched off: shop',
    );
    await page.getByTestId('sprod-status').selectOption('inactive');
    await page.waitForURL((u) => u.searchParams.get('status') === 'inactive');
    await row.waitFor();

    // Deleted after its confirmation (never ordered: gone, not archived).
    await row.getByTestId('sprod-delete').click();
    await page.locator('[data-testid=sprod-delete-dialog][open]').waitFor();
    expect(await page.locator('[data-testid=sprod-delete-dialog][open]').textContent()).toContain(nameAr);
    await page.locator('[data-testid=sprod-delete-dialog][open] [data-testid=confirm-yes]').click();
    await page.getByTestId('sprod-empty').waitFor();
    await finish(page, 'seller-products-deleted-ar-1280');
  });

  it('shows the list and the form in both languages at 390 and 1280 px', async () => {
    for (const locale of ['ar', 'en'] as const)
      for (const width of [390, 1280]) {
        const page = await newPage({ locale, width, height: width === 390 ? 844 : 900 });
        await signIn(page);
        await open(page, '/seller/products');
        await page.getByTestId('sprod-row').first().waitFor();
        await snap(page, `seller-products-${locale}-${width}`);
        const id = await page.getByTestId('sprod-row').first().getAttribute('data-product-id');
        await open(page, `/seller/products/${id}`);
        await page.getByTestId('product-form').waitFor();
        await page.locator('[data-testid=spf-preview] [data-testid=product-card]').waitFor();
        await snap(page, `seller-product-form-${locale}-${width}`);
        // Nothing overflows sideways at a phone's width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await finish(page, `seller-product-form-${locale}-${width}-end`);
      }
  });
});
