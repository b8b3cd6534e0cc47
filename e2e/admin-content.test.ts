import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Issue 37, the operator console's content and flash sales: the demo operator writes a blog post with bold
 * text and a link in the rich-text editor, previews it (through the allow-list), publishes it, and the
 * storefront's blog shows it; edits a legal page and the storefront shows that; removes a seller's product
 * from a flash sale after confirming. Screens in Arabic and English at 390 and 1280 px, never scrolling
 * sideways. Everything this file changes is undone at its end (the e2e files share one server and database).
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
  const text = await res.text();
  expect(res.status, `${url}: ${text}`).toBe(opts.status ?? 200);
  return (text ? JSON.parse(text) : {}) as T;
}

const operator = await call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
  body: { email: 'admin@souq.om', password: 'password' },
});
const TOKEN = operator.data.access.token;
const SESSION = JSON.stringify({ token: TOKEN, operator: operator.data.user });

/** What to undo at the end: posts made, the page's old text, sales made. */
const made = { posts: [] as number[], sales: [] as number[], page: null as null | Record<string, unknown> };
afterAll(async () => {
  for (const id of made.posts) await call(`/admin/blogs/${id}`, { method: 'DELETE', token: TOKEN, status: 204 });
  for (const id of made.sales) await call(`/admin/flash-sales/${id}`, { method: 'DELETE', token: TOKEN, status: 204 });
  if (made.page) await call('/admin/legal-pages/shipping-policy', { method: 'PUT', token: TOKEN, body: made.page });
});

async function consolePage(locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 900 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, SESSION);
  return page;
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** Nothing but the page's own scroll boxes is wider than the window, and the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: TestPage, label: string) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
      })
      .filter((el) => !el.closest('.sr-only, [aria-hidden=true], .seller-nav'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String(el.className)}`),
  );
  expect({ label, wide, scrolls: await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth) }).toEqual({
    label,
    wide: [],
    scrolls: false,
  });
}

/** Loads a storefront page again until `check` passes (the guests' answer cache lives a few seconds). */
async function untilShown(page: TestPage, url: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto(`${baseUrl()}${url}`);
    await hydrated(page);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${url} never showed the change`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

describe('operator console: blog, pages and flash sales', () => {
  it('writes a post with bold text and a link, previews it, publishes it, and the storefront blog shows it', async () => {
    const page = await consolePage('en', 1280);
    await page.goto(`${baseUrl()}/admin/blog`);
    await hydrated(page);
    await page.locator('[data-testid=admin-blog-list]').waitFor();
    await page.locator('[data-testid=admin-blog-new]').click();
    await page.locator('[data-testid=admin-blog-form]').waitFor();

    const stamp = Date.now().toString(36);
    const title = `Console post ${stamp}`;
    await page.getByLabel('Title (English)').fill(title);
    await page.getByLabel('Title (Arabic)').fill(`مقال اللوحة ${stamp}`);
    // The English editor: plain words, bold words (Ctrl+B), then a link set from the toolbar.
    const en = page.locator('[data-testid=editor-en-content]');
    await en.waitFor();
    await en.click();
    await page.keyboard.type('Frankincense from Dhofar, ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('the finest resin');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('. Read the ');
    await page.keyboard.type('guide');
    for (let i = 0; i < 'guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    expect(await page.locator('[data-testid=editor-en-bold]').getAttribute('aria-label')).toBe('Bold');
    await page.locator('[data-testid=editor-en-link]').click();
    await page.locator('[data-testid=editor-en-href]').fill('https://example.com/frankincense');
    await page.locator('[data-testid=editor-en-link-apply]').click();
    expect(await en.innerHTML()).toContain('<strong>the finest resin</strong>');
    // The Arabic editor writes right to left.
    const ar = page.locator('[data-testid=editor-ar-content]');
    expect(await ar.getAttribute('dir')).toBe('rtl');
    await ar.click();
    await page.keyboard.type('اللبان الظفاري أجود أنواع اللبان.');

    await page.locator('[data-testid=admin-blog-preview]').click();
    const preview = page.locator('[data-testid=content-preview-en]');
    await preview.waitFor();
    expect(await preview.locator('strong').innerText()).toBe('the finest resin');
    const link = preview.locator('a', { hasText: 'guide' });
    expect(await link.getAttribute('href')).toBe('https://example.com/frankincense');
    // The allow-list marks a link to another site as such, as the storefront shows it.
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await page.locator('[data-testid=content-preview-ar]').innerText()).toContain('اللبان الظفاري');
    await shot(page, 'admin-content-preview-en-1280');

    await page.locator('[data-testid=admin-blog-save]').click();
    await page.waitForURL((u) => /^\/admin\/blog\/\d+$/.test(u.pathname));
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    made.posts.push(id);
    // The saved post's page loads its own data: its slug shows once it has (the new post's form had none).
    const slug = `console-post-${stamp}`;
    await expect.poll(() => page.locator('[data-testid=admin-blog-slug]').inputValue()).toBe(slug);
    expect(page.errors).toEqual([]);
    await page.context().close();

    // The storefront: the post's page and the blog's list (a guest, within the answer cache's lifetime).
    const guest = await newPage({ locale: 'en', width: 1280 });
    await untilShown(guest, `/blog/${slug}`, async () => (await guest.locator('[data-testid=blog-body]').count()) > 0);
    const body = guest.locator('[data-testid=blog-body]');
    expect(await body.locator('strong').innerText()).toBe('the finest resin');
    expect(await body.locator('a', { hasText: 'guide' }).getAttribute('href')).toBe('https://example.com/frankincense');
    expect(await guest.locator('h1').innerText()).toBe(title);
    await untilShown(guest, '/blogs', async () => (await guest.getByText(title).count()) > 0);
    await guest.context().close();
  });

  it('edits a legal page and the storefront shows the change', async () => {
    const before = (
      await call<{ data: { legal_pages: Array<Record<string, unknown>> } }>('/admin/legal-pages', { token: TOKEN })
    ).data.legal_pages.find((p) => p.slug === 'shipping-policy')!;
    made.page = {
      title: before.title,
      title_ar: before.title_ar,
      description: before.description,
      description_ar: before.description_ar,
    };
    const page = await consolePage('en', 1280);
    await page.goto(`${baseUrl()}/admin/pages`);
    await hydrated(page);
    await page.locator('[data-testid=admin-page-row][data-slug=shipping-policy] [data-testid=admin-page-edit]').click();
    await page.locator('[data-testid=admin-page-form]').waitFor();
    const title = `Shipping ${Date.now().toString(36)}`;
    await page.getByLabel('Title (English)').fill(title);
    const en = page.locator('[data-testid=editor-en-content]');
    await en.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Orders over 20 OMR ship free.');
    await page.locator('[data-testid=admin-page-preview]').click();
    await page.locator('[data-testid=content-preview-en]', { hasText: 'ship free' }).waitFor();
    await page.locator('[data-testid=admin-page-save]').click();
    await page.getByText('Saved.').first().waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();

    const guest = await newPage({ locale: 'en', width: 1280 });
    await untilShown(
      guest,
      '/page/shipping-policy',
      async () => (await guest.getByText('Orders over 20 OMR ship free.').count()) > 0,
    );
    expect(await guest.locator('h1').innerText()).toBe(title);
    await guest.context().close();
  });

  it("removes a seller's product from a flash sale after confirming", async () => {
    const hour = 3_600_000;
    const sale = await call<{ data: { flash_sale: { id: number } } }>('/admin/flash-sales', {
      token: TOKEN,
      body: {
        name: `E2E sale ${Date.now().toString(36)}`,
        name_ar: 'عرض تجريبي',
        starts_at: new Date(Date.now() + 2 * hour).toISOString(),
        ends_at: new Date(Date.now() + 26 * hour).toISOString(),
      },
      status: 201,
    });
    const saleId = sale.data.flash_sale.id;
    made.sales.push(saleId);
    const seller = await call<{ data: { access: { token: string } } }>('/seller/login', {
      body: { email: `seller${SHOP}@souq.om`, password: 'password' },
    });
    const token = seller.data.access.token;
    const products = await call<{
      data: { products: Array<{ id: number; name: string; price: number; discount_price: number }> };
    }>('/seller/products?per_page=1&status=active', { token });
    const product = products.data.products[0]!;
    const own = product.discount_price > 0 && product.discount_price < product.price ? product.discount_price : product.price;
    await call(`/seller/flash-sales/${saleId}/products`, {
      token,
      body: { product_id: product.id, price: Math.floor(own * 500) / 1000 },
    });

    const page = await consolePage('en', 1280);
    await page.goto(`${baseUrl()}/admin/flash-sales/${saleId}`);
    await hydrated(page);
    await page.locator('[data-testid=admin-sale-product]').first().waitFor();
    expect(await page.locator('[data-testid=admin-sale-product]').count()).toBe(1);
    await page.locator('[data-testid=admin-sale-product-remove]').click();
    const dialog = page.locator('[data-testid=admin-sale-remove-dialog][open]');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('leaves the sale');
    await dialog.locator('[data-testid=confirm-yes]').click();
    await page.locator('[data-testid=admin-sale-products-empty]').waitFor();
    const after = await call<{ data: { flash_sale: { products: unknown[] } } }>(`/admin/flash-sales/${saleId}`, { token: TOKEN });
    expect(after.data.flash_sale.products).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows the screens in Arabic right to left and in English at 390 and 1280 px', async () => {
    const postId = made.posts[0]!;
    const saleId = made.sales[0]!;
    const screens: Array<[string, string, string]> = [
      ['blog', '/admin/blog', '[data-testid=admin-blog-list]'],
      ['post', `/admin/blog/${postId}`, '[data-testid=editor-ar-content]'],
      ['pages', '/admin/pages', '[data-testid=admin-pages-list]'],
      ['page', '/admin/pages/shipping-policy', '[data-testid=editor-ar-content]'],
      ['sales', '/admin/flash-sales', '[data-testid=admin-sales-list]'],
      ['sale', `/admin/flash-sales/${saleId}`, '[data-testid=admin-sale-form]'],
    ];
    for (const locale of ['ar', 'en'] as Locale[])
      for (const width of [390, 1280]) {
        const page = await consolePage(locale, width);
        for (const [name, url, ready] of screens) {
          await page.goto(`${baseUrl()}${url}`);
          await hydrated(page);
          await page.locator(ready).first().waitFor();
          expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
          await expectNoSidewaysScroll(page, `${name} ${locale} ${width}`);
          await shot(page, `admin-content-${name}-${locale}-${width}`);
        }
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
  });
});
