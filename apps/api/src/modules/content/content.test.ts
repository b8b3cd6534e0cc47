import { blogDetailsResponseSchema, blogsResponseSchema, blogViewResponseSchema, legalPageResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { sanitizeRichText } from '../../shared/rich-text';

let clock = new Date('2026-03-10T08:00:00Z');
const app = await createTestApp({ now: () => clock });

const get = (url: string, lang: 'ar' | 'en' = 'en') => app.inject({ url, headers: { 'accept-language': lang } });

const PROBE =
  '<p>Safe words stay.</p><script>alert("s")</script><img src="https://cdn.example/x.png" onerror="alert(\'e\')">' +
  '<a href="javascript:alert(\'j\')">bad link</a> <a href="JaVaScRiPt:alert(1)">mixed case</a> <p onclick="alert(\'c\')">click</p>' +
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';

/** A post written straight into the table, past the write-time sanitiser (as a bad import or an old row would be). */
async function insertRawPost(slug: string, body: string) {
  const { id } = await app.db
    .insertInto('blogs')
    .values({
      blog_category_id: 1,
      title: 'Probe',
      title_ar: 'تجربة',
      slug,
      thumbnail: null,
      description: body,
      description_ar: body,
      post_by: 'Tester',
      post_by_ar: 'مختبر',
      total_views: 0,
      is_active: 1,
      created_at: new Date('2020-01-01T00:00:00Z').toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const view = (slug: string, opts: { ip?: string; ua?: string; token?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/blog/${slug}/view`,
    remoteAddress: opts.ip ?? '10.20.0.1',
    headers: {
      'user-agent': opts.ua ?? 'Mozilla/5.0 Test',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
  });

describe('GET /api/blogs (API.md "Support and content")', () => {
  it('lists published posts newest first, nine a page, with the three categories and their counts', async () => {
    const res = await get('/api/blogs');
    expect(res.statusCode).toBe(200);
    const { data } = blogsResponseSchema.parse(res.json());
    expect(data.total).toBeGreaterThanOrEqual(10);
    expect(data.blogs).toHaveLength(9);
    const dates = data.blogs.map((b) => b.created_at_iso);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(data.categories.map((c) => c.slug)).toEqual(['omani-heritage', 'buying-guides', 'recipes-hospitality']);
    expect(data.categories.reduce((n, c) => n + c.total_blogs, 0)).toBe(data.total);
    // Cards get the opening as plain text, not the article's HTML.
    for (const b of data.blogs) {
      expect(b.description).not.toMatch(/[<>]/);
      expect(b.description.length).toBeGreaterThan(40);
      expect(b.description.length).toBeLessThanOrEqual(200);
      expect(b.thumbnail).toMatch(/^\/uploads\/blogs\/.+\.svg$/);
    }
    const page2 = blogsResponseSchema.parse((await get('/api/blogs?page=2')).json()).data;
    expect(page2.blogs.length).toBe(data.total - 9);
    expect(page2.blogs.some((b) => data.blogs.some((a) => a.id === b.id))).toBe(false);
  });

  it('filters by category and answers each language', async () => {
    const all = blogsResponseSchema.parse((await get('/api/blogs')).json()).data;
    const recipes = all.categories.find((c) => c.slug === 'recipes-hospitality')!;
    const en = blogsResponseSchema.parse((await get(`/api/blogs?category_id=${recipes.id}&per_page=50`)).json()).data;
    expect(en.total).toBe(recipes.total_blogs);
    expect(en.blogs.every((b) => b.category.id === recipes.id)).toBe(true);
    expect(en.blogs.map((b) => b.title)).toContain('Omani Coffee: Preparing Kahwa the Traditional Way');

    const ar = blogsResponseSchema.parse((await get(`/api/blogs?category_id=${recipes.id}&per_page=50`, 'ar')).json()).data;
    expect(ar.blogs.map((b) => b.title)).toContain('القهوة العُمانية: تحضيرها على الطريقة التقليدية');
    expect(ar.categories.find((c) => c.id === recipes.id)!.name).toBe('وصفات وضيافة');
    expect(ar.blogs.find((b) => b.slug === 'preparing-omani-kahwa')!.post_by.name).toBe('فاطمة الكندية');
    expect(ar.blogs.every((b) => /[\u0600-\u06FF]/.test(b.description))).toBe(true);

    expect(blogsResponseSchema.parse((await get('/api/blogs?category_id=999')).json()).data).toMatchObject({
      total: 0,
      blogs: [],
    });
  });

  it('refuses a malformed category or page with 422', async () => {
    for (const q of ['category_id=abc', 'page=0', 'per_page=500']) {
      const res = await get(`/api/blogs?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json().errors).length, q).toBe(1);
    }
  });
});

describe('GET /api/blog/{slugOrId}/details', () => {
  it('answers a post by slug or id with its HTML, related posts of its category and popular posts', async () => {
    const bySlug = blogDetailsResponseSchema.parse(
      (await get('/api/blog/the-story-of-dhofari-frankincense/details')).json(),
    ).data;
    expect(bySlug.blog.title).toBe('The Story of Dhofari Frankincense');
    expect(bySlug.blog.description).toContain('<h2>How it is harvested</h2>');
    expect(bySlug.blog.excerpt).toMatch(/^For more than five thousand years/);
    expect(bySlug.related_blogs.length).toBeGreaterThan(0);
    expect(bySlug.related_blogs.every((b) => b.category.id === bySlug.blog.category.id && b.id !== bySlug.blog.id)).toBe(true);
    const views = bySlug.popular_blogs.map((b) => b.total_views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    expect(bySlug.popular_blogs.some((b) => b.id === bySlug.blog.id)).toBe(false);

    const byId = blogDetailsResponseSchema.parse((await get(`/api/blog/${bySlug.blog.id}/details`)).json()).data;
    expect(byId.blog.slug).toBe('the-story-of-dhofari-frankincense');

    const ar = blogDetailsResponseSchema.parse(
      (await get('/api/blog/the-story-of-dhofari-frankincense/details', 'ar')).json(),
    ).data;
    expect(ar.blog.title).toBe('حكاية اللبان الظفاري');
    expect(ar.blog.description).toContain('<h2>كيف يُحصد</h2>');
  });

  it('answers 404 for an unknown post, however its slug is written (a NUL byte included)', async () => {
    for (const slug of ['no-such-post', 'the-story-of-dhofari-frankincense%00', '%00', '99999999999']) {
      const res = await get(`/api/blog/${slug}/details`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ message: 'Blog not found.' });
    }
  });

  it('answers 404 for an unknown or unpublished post', async () => {
    expect((await get('/api/blog/no-such-post/details')).statusCode).toBe(404);
    expect((await get('/api/blog/999999/details')).statusCode).toBe(404);
    await app.db.updateTable('blogs').set({ is_active: 0 }).where('slug', '=', 'luqaimat-with-date-syrup').execute();
    expect((await get('/api/blog/luqaimat-with-date-syrup/details')).statusCode).toBe(404);
    const list = blogsResponseSchema.parse((await get('/api/blogs?per_page=50')).json()).data;
    expect(list.blogs.some((b) => b.slug === 'luqaimat-with-date-syrup')).toBe(false);
    await app.db.updateTable('blogs').set({ is_active: 1 }).where('slug', '=', 'luqaimat-with-date-syrup').execute();
  });
});

describe('blog sanitising (decision 022)', () => {
  it('stores the seeded articles sanitised (sanitising them again changes nothing)', async () => {
    const rows = await app.db.selectFrom('blogs').select(['description', 'description_ar']).execute();
    for (const r of rows) {
      expect(sanitizeRichText(r.description)).toBe(r.description);
      expect(sanitizeRichText(r.description_ar)).toBe(r.description_ar);
    }
  });

  it('never answers a script, an event handler or a javascript: link that reached the table', async () => {
    const id = await insertRawPost('xss-probe', PROBE);
    for (const lang of ['en', 'ar'] as const) {
      const { blog } = blogDetailsResponseSchema.parse((await get('/api/blog/xss-probe/details', lang)).json()).data;
      expect(blog.id).toBe(id);
      expect(blog.description).toContain('<p>Safe words stay.</p>');
      expect(blog.description).toContain('<img src="https://cdn.example/x.png" />');
      expect(blog.description).toContain('<a>bad link</a>');
      expect(blog.description).not.toMatch(/<script|alert|onerror|onclick|javascript:|<iframe|<style/i);
    }
    const list = blogsResponseSchema.parse((await get('/api/blogs?per_page=50')).json()).data;
    const card = list.blogs.find((b) => b.slug === 'xss-probe')!;
    expect(card.description).toBe('Safe words stay. bad link mixed case click');
    await app.db.deleteFrom('blogs').where('id', '=', id).execute();
  });
});

describe('POST /api/blog/{slugOrId}/view: once per visitor and day', () => {
  const slug = 'omani-halwa-a-sweet-heritage';
  const total = async () =>
    (await app.db.selectFrom('blogs').select('total_views').where('slug', '=', slug).executeTakeFirstOrThrow()).total_views;

  it('counts a guest once a day per address, whatever browser it names, never by reloading', async () => {
    clock = new Date('2026-03-10T08:00:00Z');
    const before = await total();
    const first = blogViewResponseSchema.parse((await view(slug, { ip: '10.30.0.1' })).json()).data;
    expect(first).toEqual({ total_views: before + 1, counted: true });
    for (let i = 0; i < 3; i++) {
      const again = blogViewResponseSchema.parse((await view(slug, { ip: '10.30.0.1' })).json()).data;
      expect(again).toEqual({ total_views: before + 1, counted: false });
    }
    // Reading the post does not count (the page and API clients may fetch it any number of times).
    await get(`/api/blog/${slug}/details`);
    expect(await total()).toBe(before + 1);
    // Another User-Agent at the same address is the same guest (issue 41, finding 8: 80 user agents from
    // two addresses counted 80 views); another address is another visitor.
    for (let i = 0; i < 20; i++)
      expect((await view(slug, { ip: '10.30.0.1', ua: `Other Browser/${i}.0` })).json().data.counted).toBe(false);
    expect((await view(slug, { ip: '10.30.0.2' })).json().data.counted).toBe(true);
    expect((await view(slug, { ip: '10.30.0.2', ua: 'Yet Another/1.0' })).json().data.counted).toBe(false);
    expect(await total()).toBe(before + 2);
    // Later the same day (Muscat time) still the same visitor.
    clock = new Date('2026-03-10T19:59:00Z');
    expect((await view(slug, { ip: '10.30.0.1' })).json().data.counted).toBe(false);
  });

  it('counts a signed-in customer once a day from every device', async () => {
    clock = new Date('2026-03-10T09:00:00Z');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: 'customer@souq.om', password: 'password' },
      remoteAddress: '10.31.0.9',
    });
    const token = login.json().data.access.token as string;
    const before = await total();
    expect((await view(slug, { token, ip: '10.31.0.1', ua: 'Phone' })).json().data.counted).toBe(true);
    expect((await view(slug, { token, ip: '10.31.0.2', ua: 'Laptop' })).json().data.counted).toBe(false);
    expect(await total()).toBe(before + 1);
  });

  it('counts the same visitor again the next day and forgets the day before (no address is kept)', async () => {
    clock = new Date('2026-03-10T10:00:00Z');
    await view(slug, { ip: '10.32.0.1' });
    const stored = await app.db.selectFrom('blog_views').selectAll().execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.visitor).toMatch(/^[0-9a-f]{32}$/);
      expect(row.day).toBe('2026-03-10');
    }
    const before = await total();
    // 20:00 UTC is midnight in Muscat: a new day.
    clock = new Date('2026-03-10T20:00:00Z');
    expect((await view(slug, { ip: '10.32.0.1' })).json().data).toEqual({ total_views: before + 1, counted: true });
    const days = await app.db.selectFrom('blog_views').select('day').distinct().execute();
    expect(days.map((d) => d.day)).toEqual(['2026-03-11']);
    const salts = await app.db.selectFrom('blog_view_salts').select('day').execute();
    expect(salts.map((s) => s.day)).toEqual(['2026-03-11']);
  });

  it('counts one view for simultaneous requests of one visitor', async () => {
    clock = new Date('2026-03-12T10:00:00Z');
    const before = await total();
    const answers = await Promise.all(Array.from({ length: 8 }, () => view(slug, { ip: '10.33.0.1' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.json().data.counted)).toHaveLength(1);
    expect(await total()).toBe(before + 1);
  });

  it('answers 404 for an unknown post, and 429 past 60 reports a minute from one address', async () => {
    expect((await view('no-such-post')).statusCode).toBe(404);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await view(slug, { ip: '10.34.0.1', ua: `UA ${i}` })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

describe('GET /api/legal-pages/{slug}', () => {
  it('answers the about, terms, privacy and policy pages in both languages', async () => {
    const expected: Record<string, [string, string]> = {
      'about-us': ['About us', 'من نحن'],
      'terms-and-conditions': ['Terms & Conditions', 'الشروط والأحكام'],
      'privacy-policy': ['Privacy Policy', 'سياسة الخصوصية'],
      'return-policy': ['Return Policy', 'سياسة الإرجاع'],
      'shipping-policy': ['Shipping Policy', 'سياسة الشحن'],
    };
    for (const [slug, [en, ar]] of Object.entries(expected)) {
      const english = legalPageResponseSchema.parse((await get(`/api/legal-pages/${slug}`)).json()).data.content;
      expect(english.title).toBe(en);
      expect(english.description).toMatch(/^<p>/);
      expect(english.description).not.toMatch(/lorem/i);
      const arabic = legalPageResponseSchema.parse((await get(`/api/legal-pages/${slug}`, 'ar')).json()).data.content;
      expect(arabic.title).toBe(ar);
      expect(arabic.description).toMatch(/([\u0600-\u06FF]+[\s،]+){10}/);
    }
  });

  it('answers 404 for an unknown slug, however it is written', async () => {
    for (const slug of ['no-such-page', 'ABOUT-US', 'about-us%00', '..%2Fabout-us', '-']) {
      const res = await get(`/api/legal-pages/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toEqual({ message: 'Page not found.' });
    }
  });

  it('sanitises a page that reached the table unsanitised', async () => {
    await app.db
      .insertInto('legal_pages')
      .values({
        slug: 'probe-page',
        title: 'Probe',
        title_ar: 'تجربة',
        description: PROBE,
        description_ar: PROBE,
        updated_at: clock.toISOString(),
      })
      .execute();
    const { content } = legalPageResponseSchema.parse((await get('/api/legal-pages/probe-page')).json()).data;
    expect(content.description).toContain('Safe words stay.');
    expect(content.description).not.toMatch(/<script|alert|onerror|onclick|javascript:/i);
  });
});

describe('sitemap', () => {
  it('lists the blog, its published posts and the legal pages', async () => {
    const xml = (await app.inject({ url: '/sitemap.xml' })).body;
    expect(xml).toContain('/blogs</loc>');
    expect(xml).toContain('/blog/the-story-of-dhofari-frankincense</loc>');
    expect(xml).toContain('/about-us</loc>');
    expect(xml).toContain('/terms-and-conditions</loc>');
    expect(xml).toContain('/page/return-policy</loc>');
    expect(xml).not.toContain('/page/about-us<');
  });
});
