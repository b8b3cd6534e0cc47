import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage } from './browser';

const POST = 'the-story-of-dhofari-frankincense';

/** The JSON-LD blocks of a page's HTML. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

async function apiJson<T>(pathAndQuery: string, lang = 'en'): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${pathAndQuery}`, { headers: { 'accept-language': lang } });
  expect(res.status, pathAndQuery).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The post's view count as stored (the API's 5 s answer cache may hold an older one). */
function storedViews(): number {
  const db = new Database(path.join(inject('dataDir'), 'storefront.sqlite'), { readonly: true });
  try {
    return (db.prepare('select total_views from blogs where slug = ?').get(POST) as { total_views: number }).total_views;
  } finally {
    db.close();
  }
}

describe('blog', () => {
  it('serves a post in Arabic and English with its title, canonical, hreflang and Article JSON-LD in the HTML', async () => {
    const url = `${baseUrl()}/blog/${POST}`;
    const ar = await (await fetch(url)).text();
    expect(ar).toMatch(/<html lang="ar" dir="rtl"/);
    expect(ar).toContain('<h1 class="blog-article__title">حكاية اللبان الظفاري</h1>');
    expect(ar).toContain('<h2>كيف يُحصد</h2>');
    expect(ar).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(ar).toContain(`<link rel="alternate" hrefLang="ar" href="${url}"/>`);
    expect(ar).toContain(`<link rel="alternate" hrefLang="en" href="${url}?lang=en"/>`);
    expect(ar).toMatch(/<title>حكاية اللبان الظفاري \| [^<]+<\/title>/);
    expect(ar).toMatch(/<meta name="description" content="منذ أكثر من خمسة آلاف عام/);
    const article = jsonLd(ar).find((b) => b['@type'] === 'Article')!;
    expect(article).toMatchObject({
      headline: 'حكاية اللبان الظفاري',
      inLanguage: 'ar',
      articleSection: 'التراث العُماني',
      author: { '@type': 'Person', name: 'فريق تحرير سوق عُمان' },
      mainEntityOfPage: url,
    });
    expect(article.image).toEqual([expect.stringMatching(new RegExp(`^${baseUrl()}/uploads/blogs/${POST}\\.svg$`))]);
    expect(Date.parse(article.datePublished as string)).toBeGreaterThan(0);
    expect(jsonLd(ar).some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);

    const en = await (await fetch(`${url}?lang=en`)).text();
    expect(en).toMatch(/<html lang="en" dir="ltr"/);
    expect(en).toContain('<h1 class="blog-article__title">The Story of Dhofari Frankincense</h1>');
    expect(en).toContain(`<link rel="canonical" href="${url}?lang=en"/>`);
    expect(jsonLd(en).find((b) => b['@type'] === 'Article')).toMatchObject({
      headline: 'The Story of Dhofari Frankincense',
      inLanguage: 'en',
      author: { name: 'Souq Oman Editorial' },
    });
  });

  it('reads a post in Arabic from the blog list, and counts the visit once', async () => {
    const before = storedViews();
    const page = await newPage({ locale: 'ar', width: 390 });
    await page.goto(`${baseUrl()}/blogs`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('المدونة');
    expect(await page.getByTestId('blog-card').count()).toBe(9);
    await page
      .getByTestId('blog-categories')
      .getByRole('link', { name: /التراث العُماني/ })
      .click();
    await page.waitForURL(/\/blogs\?category=\d+$/);
    const cards = page.getByTestId('blog-card');
    await expect.poll(() => cards.count()).toBeLessThan(9);
    await page.getByRole('link', { name: 'حكاية اللبان الظفاري' }).click();
    await page.waitForURL(`**/blog/${POST}`);
    await page.getByTestId('blog-article').waitFor();
    expect(await page.locator('h1').textContent()).toBe('حكاية اللبان الظفاري');
    expect(await page.getByTestId('blog-body').locator('h2').first().textContent()).toBe('كيف يُحصد');
    // The visit is reported by the page once it is in the browser; the count on the page follows.
    await expect
      .poll(() => page.getByTestId('blog-views').first().textContent())
      .toContain(`${(before + 1).toLocaleString('en-US')} مشاهدة`);
    expect(await page.getByTestId('popular-blogs').locator('li').count()).toBe(5);
    expect(await page.getByTestId('related-blogs').getByTestId('blog-card').count()).toBeGreaterThan(0);
    // A reload the same day is the same visitor: not counted again.
    await page.reload();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(storedViews()).toBe(before + 1);
    await finish(page, 'content-blog-post-ar-390');
  });

  it('reads a post in English at 1280 px, with its popular posts beside it', async () => {
    const page = await newPage({ locale: 'en', width: 1280 });
    await page.goto(`${baseUrl()}/blog/preparing-omani-kahwa`);
    await hydrated(page);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    expect(await page.locator('h1').textContent()).toBe('Omani Coffee: Preparing Kahwa the Traditional Way');
    expect(await page.getByTestId('blog-body').textContent()).toContain('For one dallah');
    const popular = page.getByTestId('popular-blogs');
    const article = await page.getByTestId('blog-article').boundingBox();
    const aside = await popular.boundingBox();
    expect(aside!.x).toBeGreaterThan(article!.x + article!.width - 1);
    await popular.getByRole('link').first().click();
    await page.waitForURL(/\/blog\/(?!preparing-omani-kahwa)/);
    await page.getByTestId('blog-article').waitFor();
    await finish(page, 'content-blog-post-en-1280');
  });

  it('never lets a script, an event handler or a javascript: link of a stored post into the page', async () => {
    // Written straight into the server's database, past the API's write-time sanitiser.
    const db = new Database(path.join(inject('dataDir'), 'storefront.sqlite'));
    db.pragma('busy_timeout = 5000');
    const body =
      '<p>Visible words.</p><script>window.__xss = "script"</script><img src="/x.png" onerror="window.__xss=\'onerror\'">' +
      '<a href="javascript:window.__xss=\'link\'" id="bad-link">tempting link</a><p onclick="window.__xss=\'click\'">click me</p>';
    db.prepare(
      `insert into blogs (blog_category_id, title, title_ar, slug, thumbnail, description, description_ar, post_by, post_by_ar,
        total_views, is_active, created_at) values (1, 'Probe', 'تجربة', 'e2e-xss-probe', null, ?, ?, 'Tester', 'مختبر', 0, 1, ?)`,
    ).run(body, body, new Date('2020-01-01').toISOString());
    db.close();

    const html = await (await fetch(`${baseUrl()}/blog/e2e-xss-probe?lang=en`)).text();
    const article = html.slice(html.indexOf('data-testid="blog-body"'), html.indexOf('blog-article__back'));
    expect(article).toContain('Visible words.');
    expect(article).not.toMatch(/__xss|onerror|onclick|javascript:|<script/i);
    const answer = await apiJson<{ blog: { description: string } }>('/blog/e2e-xss-probe/details');
    expect(answer.blog.description).not.toMatch(/__xss|onerror|onclick|javascript:|<script/i);

    const page = await newPage({ locale: 'en' });
    await page.goto(`${baseUrl()}/blog/e2e-xss-probe`);
    await hydrated(page);
    await page.click('#bad-link, [data-testid=blog-body] a');
    await page.getByText('click me').click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(await page.getByTestId('blog-body').locator('a').first().getAttribute('href')).toBeNull();
    await page.context().close();
  });
});

describe('legal pages', () => {
  it('opens about-us in Arabic and a policy page in English from the footer', async () => {
    const page = await newPage({ locale: 'ar', width: 1280 });
    await page.goto(`${baseUrl()}/about-us`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('من نحن');
    expect(await page.getByTestId('legal-body').textContent()).toContain('سوق عُمان منصة تجمع المتاجر العُمانية المستقلة');
    expect(await page.title()).toMatch(/^من نحن \| /);
    await page.context().close();

    const en = await newPage({ locale: 'en', width: 390 });
    await en.goto(`${baseUrl()}/terms-and-conditions`);
    await hydrated(en);
    expect(await en.locator('h1').textContent()).toBe('Terms & Conditions');
    // Below 640 px the footer's link lists are folded: open "Customer care", then its shipping policy.
    await en.getByTestId('footer-toggle').nth(1).click();
    await en.getByRole('link', { name: 'Shipping policy' }).click();
    await en.waitForURL('**/page/shipping-policy');
    await expect.poll(() => en.locator('h1').textContent()).toBe('Shipping Policy');
    expect(await en.getByTestId('legal-body').textContent()).toContain('We deliver to all governorates of Oman');
    await finish(en, 'content-legal-en-390');
  });

  it('answers an unknown /page/{slug} with the not-found page and HTTP 404', async () => {
    const res = await fetch(`${baseUrl()}/page/x`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('not-found');
    const page = await newPage({ locale: 'en' });
    const response = await page.goto(`${baseUrl()}/page/no-such-policy`);
    expect(response!.status()).toBe(404);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await page.context().close();
  });
});

/** A real 1×1 PNG: enough for the server to read and re-encode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('become a seller', () => {
  it('applies in Arabic: the form tells the mistakes, then the application is received and the shop stays hidden', async () => {
    const page = await newPage({ locale: 'ar', width: 390 });
    await page.goto(`${baseUrl()}/shop/register`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe('كن بائعاً');

    await page.getByTestId('apply-submit').click();
    await page.getByTestId('apply-error').waitFor();
    expect(await page.getByTestId('field-error').count()).toBe(8);
    // Focus goes to the first field to correct.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('shop_name_ar');

    const stamp = Date.now();
    const email = `e2e-seller-${stamp}@souq.test`;
    await page.getByTestId('apply-shop_name_ar').fill(`فخار الشرقية ${stamp}`);
    await page.getByTestId('apply-shop_name').fill(`Sharqiya Pottery ${stamp}`);
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('logo-preview').waitFor();
    await page.getByTestId('apply-name').fill('Aisha Al-Farsi');
    await page.getByTestId('apply-phone').fill('92345678');
    await page.getByTestId('apply-email').fill(email);
    await page.getByTestId('apply-password').fill('kiln-fired-clay-77');
    await page.getByTestId('apply-password_confirmation').fill('kiln-fired-clay-77');
    await page.getByTestId('apply-submit').click();
    await page.getByTestId('apply-done').waitFor();
    expect(await page.getByTestId('apply-done').textContent()).toContain(email);
    await finish(page, 'content-apply-done-ar-390');

    // Pending: not listed for shoppers, and its seller cannot sign in yet.
    const shops = await apiJson<{ shops: { name: string }[] }>(
      `/shops?search=${encodeURIComponent(`Sharqiya Pottery ${stamp}`)}`,
    );
    expect(shops.shops).toEqual([]);
    const seller = await newPage({ locale: 'en', width: 1280 });
    await seller.goto(`${baseUrl()}/seller/login`);
    await hydrated(seller);
    await seller.locator('input[name="email"]').fill(email);
    await seller.locator('input[name="password"]').fill('kiln-fired-clay-77');
    await seller.getByTestId('seller-login-submit').click();
    await expect.poll(() => seller.getByTestId('seller-login-error').textContent()).toContain('still being reviewed');
    await seller.context().close();
  });

  it('tells an e-mail already used by a seller in English, under its field', async () => {
    const page = await newPage({ locale: 'en', width: 1280 });
    await page.goto(`${baseUrl()}/shop/register`);
    await hydrated(page);
    await page.getByTestId('apply-shop_name_ar').fill('متجر التجربة');
    await page.getByTestId('apply-shop_name').fill(`Trial Shop ${Date.now()}`);
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('apply-name').fill('Said Al-Rawahi');
    await page.getByTestId('apply-phone').fill('+968 9111 2222');
    await page.getByTestId('apply-email').fill('seller1@souq.om');
    await page.getByTestId('apply-password').fill('frankincense-trail-9');
    await page.getByTestId('apply-password_confirmation').fill('frankincense-trail-9');
    await page.getByTestId('apply-submit').click();
    await expect
      .poll(() => page.getByTestId('field-error').allTextContents())
      .toEqual(['A seller account already uses this email.']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    // The 422 above is the expected answer: drop the console line it leaves.
    page.errors = page.errors.filter((e) => !/status of 422/.test(e));
    await finish(page, 'content-apply-taken-en-1280');
  });
});
