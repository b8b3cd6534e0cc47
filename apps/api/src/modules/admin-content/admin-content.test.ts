import fs from 'node:fs';
import path from 'node:path';
import {
  adminBlogCategoriesResponseSchema,
  adminBlogCategoryResponseSchema,
  adminBlogResponseSchema,
  adminBlogsResponseSchema,
  adminLegalPageResponseSchema,
  adminLegalPagesResponseSchema,
  blogDetailsResponseSchema,
  blogsResponseSchema,
  legalPageResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { makeCustomer, sellerAuth } from '../commerce/test-support';
import { multipart, png } from '../support/test-support';

/** The guests' answer cache on, as in production (a short lifetime, so the test waits it out). */
const CACHE_MS = 400;
const app = await createTestApp({ catalogCacheTtlMs: CACHE_MS });
const operatorId = await testOperator(app.db);
const op = { authorization: `Bearer ${(await issueToken(app.db, 'operator', operatorId)).token}` };
const seller = await sellerAuth(app, 2);
const customer = (await makeCustomer(app)).auth;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, auth: Record<string, string>, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...auth, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const guest = (url: string, lang: 'ar' | 'en' = 'en') => app.inject({ url, headers: { 'accept-language': lang } });
const waitCache = () => new Promise((r) => setTimeout(r, CACHE_MS + 100));

const auditOf = (action: string, targetId: number) =>
  app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

const UNSAFE =
  '<p>Hello <strong>bold</strong> <a href="https://example.com/x">link</a></p><script>alert(1)</script>' +
  '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><p onclick="alert(4)" style="color:red">para</p>' +
  '<iframe src="https://evil.example"></iframe>';

let seq = 0;
const newPost = (over: Record<string, unknown> = {}) => ({
  title: `Console post ${++seq}`,
  title_ar: `مقال اللوحة ${seq}`,
  category_id: 1,
  description: '<p>An article written in the console.</p>',
  description_ar: '<p>مقال كُتب في لوحة الإدارة.</p>',
  is_active: true,
  ...over,
});

async function createPost(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/blogs', op, newPost(over));
  expect(res.statusCode, res.body).toBe(201);
  return adminBlogResponseSchema.parse(res.json()).data.blog;
}

describe('who may call the content routes', () => {
  const routes: Array<[Method, string]> = [
    ['GET', '/api/admin/blogs'],
    ['POST', '/api/admin/blogs'],
    ['GET', '/api/admin/blogs/1'],
    ['PUT', '/api/admin/blogs/1'],
    ['DELETE', '/api/admin/blogs/1'],
    ['GET', '/api/admin/blog-categories'],
    ['POST', '/api/admin/blog-categories'],
    ['PUT', '/api/admin/blog-categories/1'],
    ['DELETE', '/api/admin/blog-categories/1'],
    ['GET', '/api/admin/legal-pages'],
    ['PUT', '/api/admin/legal-pages/about-us'],
  ];
  it('refuses a missing token (401), a customer and a seller (403), and writes nothing', async () => {
    const before = await app.db.selectFrom('blogs').select('id').execute();
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? { title: 'x' } : undefined;
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, customer, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, seller, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await app.db.selectFrom('blogs').select('id').execute()).toEqual(before);
  });
});

describe('blog posts', () => {
  it('creates a post (201): slug from the title, author the operator, HTML through the allow-list, audited', async () => {
    const res = await call('POST', '/api/admin/blogs', op, newPost({ title: 'Dates of Nizwa: A Guide!', description: UNSAFE }));
    expect(res.statusCode, res.body).toBe(201);
    const blog = adminBlogResponseSchema.parse(res.json()).data.blog;
    expect(blog.slug).toBe('dates-of-nizwa-a-guide');
    expect(blog.post_by).toBe('Test Operator');
    expect(blog.category.id).toBe(1);
    expect(blog.description).toContain('<strong>bold</strong>');
    expect(blog.description).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">link</a>',
    );
    expect(blog.description).not.toMatch(/<script|alert|onerror|onclick|javascript:|<iframe|style=/i);
    const stored = await app.db.selectFrom('blogs').select('description').where('id', '=', blog.id).executeTakeFirstOrThrow();
    expect(stored.description).toBe(blog.description);
    const [entry] = await auditOf('blog.create', blog.id);
    expect(entry).toMatchObject({ actor_role: 'operator', actor_id: operatorId, target_type: 'blog' });
    expect(JSON.parse(entry!.changes).title).toEqual([null, 'Dates of Nizwa: A Guide!']);

    // The same title again: another slug.
    const again = await createPost({ title: 'Dates of Nizwa: A Guide!' });
    expect(again.slug).toMatch(/^dates-of-nizwa-a-guide-[0-9a-f]{6}$/);
    // An Arabic-only title: a slug all the same.
    const arabic = await createPost({ title: 'تمور نزوى' });
    expect(arabic.slug).toMatch(/^post-[0-9a-f]{6}$/);
  });

  it('refuses bad input with 422 on its field and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('blogs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: undefined }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ title: 'a\u0000b' }, 'title'],
      [{ category_id: undefined }, 'category_id'],
      [{ category_id: 99999 }, 'category_id'],
      [{ category_id: 'one' }, 'category_id'],
      [{ description: undefined }, 'description'],
      [{ description: '<script>alert(1)</script>' }, 'description'],
      [{ description: 'x'.repeat(100_001) }, 'description'],
      [{ slug: 'Not A Slug!' }, 'slug'],
      [{ slug: 'the-story-of-dhofari-frankincense' }, 'slug'],
      [{ is_active: 'yes' }, 'is_active'],
    ];
    for (const [over, field] of cases) {
      const res = await call('POST', '/api/admin/blogs', op, newPost(over));
      expect(res.statusCode, `${field} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(over).slice(0, 80)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('creates a post from a form with a thumbnail (stored as WebP under /uploads/blogs)', async () => {
    const form = multipart(
      { title: 'With a picture', category_id: '2', description: '<p>Body</p>', description_ar: '', is_active: 'false' },
      [{ field: 'thumbnail', name: 'p.png', type: 'image/png', data: await png(800, 600) }],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: { ...op, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const blog = adminBlogResponseSchema.parse(res.json()).data.blog;
    expect(blog.thumbnail).toMatch(/^\/uploads\/blogs\/admin-[0-9a-f]{32}\.webp$/);
    expect(blog.is_active).toBe(false);
    expect(blog.description_ar).toBeNull();
    expect(blog.category.id).toBe(2);
    const file = path.join(app.config.dataDir, blog.thumbnail!);
    expect(fs.readFileSync(file).subarray(8, 12).toString()).toBe('WEBP');

    // A new picture replaces the file; not an image is a 422 on thumbnail.
    const again = multipart({}, [{ field: 'thumbnail', name: 'q.png', type: 'image/png', data: await png(300, 300) }]);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${blog.id}`,
      headers: { ...op, ...again.headers },
      payload: again.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = adminBlogResponseSchema.parse(put.json()).data.blog;
    expect(after.thumbnail).not.toBe(blog.thumbnail);
    expect(fs.existsSync(file)).toBe(false);
    const bad = multipart({}, [{ field: 'thumbnail', name: 'x.png', type: 'image/png', data: Buffer.from('not an image') }]);
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${blog.id}`,
      headers: { ...op, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.thumbnail).toBeDefined();
    const badFlag = multipart({ is_active: 'maybe' });
    const refusedFlag = await app.inject({
      method: 'PUT',
      url: `/api/admin/blogs/${blog.id}`,
      headers: { ...op, ...badFlag.headers },
      payload: badFlag.payload,
    });
    expect(refusedFlag.statusCode).toBe(422);
    expect(refusedFlag.json().errors.is_active).toBeDefined();
  });

  it('changes only the fields sent, audits the change, and answers 404 for another id', async () => {
    const blog = await createPost();
    const res = await call('PUT', `/api/admin/blogs/${blog.id}`, op, {
      title_ar: 'عنوان جديد',
      description_ar: '<p>نص <em>جديد</em></p><script>x</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = adminBlogResponseSchema.parse(res.json()).data.blog;
    expect(after).toMatchObject({ title: blog.title, slug: blog.slug, description: blog.description, title_ar: 'عنوان جديد' });
    expect(after.description_ar).toBe('<p>نص <em>جديد</em></p>');
    const [entry] = await auditOf('blog.update', blog.id);
    expect(Object.keys(JSON.parse(entry!.changes)).sort()).toEqual(['description_ar', 'title_ar']);
    // Nothing changed: nothing recorded.
    await call('PUT', `/api/admin/blogs/${blog.id}`, op, { title_ar: 'عنوان جديد' });
    expect(await auditOf('blog.update', blog.id)).toHaveLength(1);
    // A taken slug is a 422; the post's own slug is not.
    expect((await call('PUT', `/api/admin/blogs/${blog.id}`, op, { slug: 'the-story-of-dhofari-frankincense' })).statusCode).toBe(
      422,
    );
    expect((await call('PUT', `/api/admin/blogs/${blog.id}`, op, { slug: blog.slug })).statusCode).toBe(200);
    for (const id of ['999999', 'abc', '0', '1.5']) {
      expect((await call('PUT', `/api/admin/blogs/${id}`, op, { title: 'x' })).statusCode, id).toBe(404);
      expect((await call('GET', `/api/admin/blogs/${id}`, op)).statusCode, id).toBe(404);
      expect((await call('DELETE', `/api/admin/blogs/${id}`, op)).statusCode, id).toBe(404);
    }
  });

  it('lists every post (on and off) newest first, searches titles and filters by category', async () => {
    const off = await createPost({ title: 'Hidden saffron notes', is_active: false });
    const list = adminBlogsResponseSchema.parse((await call('GET', '/api/admin/blogs?per_page=5', op)).json()).data;
    expect(list.blogs).toHaveLength(5);
    expect(list.total).toBeGreaterThan(10);
    const dates = list.blogs.map((b) => b.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const found = adminBlogsResponseSchema.parse((await call('GET', '/api/admin/blogs?search=SAFFRON%20notes', op)).json()).data;
    expect(found.blogs.map((b) => b.id)).toEqual([off.id]);
    const percent = adminBlogsResponseSchema.parse((await call('GET', '/api/admin/blogs?search=%25', op)).json()).data;
    expect(percent.total).toBe(list.total);
    const cat = adminBlogsResponseSchema.parse(
      (await call('GET', '/api/admin/blogs?category_id=3&per_page=100', op)).json(),
    ).data;
    expect(cat.blogs.every((b) => b.category.id === 3)).toBe(true);
    expect((await call('GET', '/api/admin/blogs?page=0', op)).statusCode).toBe(422);
  });

  it('deletes a post (204), audited; the storefront then answers 404', async () => {
    const blog = await createPost();
    expect((await call('DELETE', `/api/admin/blogs/${blog.id}`, op)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/blogs/${blog.id}`, op)).statusCode).toBe(404);
    expect(await auditOf('blog.delete', blog.id)).toHaveLength(1);
    await waitCache();
    expect((await guest(`/api/blog/${blog.slug}/details`)).statusCode).toBe(404);
  });
});

describe('the storefront shows the console’s writes without a restart (within the answer cache’s lifetime)', () => {
  it('a new post appears in the blog list and its page; switched off it leaves them', async () => {
    // Guests' answers are cached now.
    const before = blogsResponseSchema.parse((await guest('/api/blogs?per_page=50')).json()).data;
    const blog = await createPost({ title: 'Fresh from the console', description: UNSAFE });
    await waitCache();
    const after = blogsResponseSchema.parse((await guest('/api/blogs?per_page=50')).json()).data;
    expect(after.total).toBe(before.total + 1);
    expect(after.blogs[0]!.slug).toBe(blog.slug);
    const page = blogDetailsResponseSchema.parse((await guest(`/api/blog/${blog.slug}/details`)).json()).data;
    expect(page.blog.title).toBe('Fresh from the console');
    expect(page.blog.description).toContain('<strong>bold</strong>');
    expect(page.blog.description).not.toMatch(/<script|alert|javascript:/i);
    const ar = blogDetailsResponseSchema.parse((await guest(`/api/blog/${blog.slug}/details`, 'ar')).json()).data;
    expect(ar.blog.title).toBe(blog.title_ar);

    await call('PUT', `/api/admin/blogs/${blog.id}`, op, { is_active: false });
    await waitCache();
    expect((await guest(`/api/blog/${blog.slug}/details`)).statusCode).toBe(404);
    const gone = blogsResponseSchema.parse((await guest('/api/blogs?per_page=50')).json()).data;
    expect(gone.blogs.some((b) => b.id === blog.id)).toBe(false);
  });

  it('a legal page’s change appears on its page', async () => {
    expect(legalPageResponseSchema.parse((await guest('/api/legal-pages/return-policy')).json()).data.content.title).toBe(
      'Return Policy',
    );
    const res = await call('PUT', '/api/admin/legal-pages/return-policy', op, {
      title: 'Returns',
      description: '<p>Return within <strong>14 days</strong>.</p><script>alert(1)</script>',
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitCache();
    const page = legalPageResponseSchema.parse((await guest('/api/legal-pages/return-policy')).json()).data.content;
    expect(page.title).toBe('Returns');
    expect(page.description).toBe('<p>Return within <strong>14 days</strong>.</p>');
    const ar = legalPageResponseSchema.parse((await guest('/api/legal-pages/return-policy', 'ar')).json()).data.content;
    expect(ar.title).toBe('سياسة الإرجاع');
  });
});

describe('blog categories', () => {
  it('creates, lists, changes and deletes an empty category, each audited', async () => {
    const res = await call('POST', '/api/admin/blog-categories', op, { name: 'Travel Notes', name_ar: 'ملاحظات السفر' });
    expect(res.statusCode, res.body).toBe(201);
    const cat = adminBlogCategoryResponseSchema.parse(res.json()).data.blog_category;
    expect(cat).toMatchObject({ name: 'Travel Notes', slug: 'travel-notes', is_active: true, total_blogs: 0 });
    const list = adminBlogCategoriesResponseSchema.parse((await call('GET', '/api/admin/blog-categories', op)).json()).data;
    expect(list.total).toBe(list.blog_categories.length);
    expect(list.blog_categories.at(-1)!.id).toBe(cat.id);
    expect(list.blog_categories[0]!.total_blogs).toBeGreaterThan(0);

    const put = await call('PUT', `/api/admin/blog-categories/${cat.id}`, op, { name_ar: 'أسفار', sort: 0 });
    expect(adminBlogCategoryResponseSchema.parse(put.json()).data.blog_category).toMatchObject({
      name: 'Travel Notes',
      name_ar: 'أسفار',
      sort: 0,
    });
    expect((await call('PUT', `/api/admin/blog-categories/${cat.id}`, op, { slug: 'recipes-hospitality' })).statusCode).toBe(422);
    expect((await call('POST', '/api/admin/blog-categories', op, { name_ar: 'بلا اسم' })).json().errors.name).toBeDefined();
    expect((await call('POST', '/api/admin/blog-categories', op, { name: 'x', sort: -1 })).statusCode).toBe(422);

    expect((await call('DELETE', `/api/admin/blog-categories/${cat.id}`, op)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/blog-categories/${cat.id}`, op)).statusCode).toBe(404);
    expect((await call('PUT', '/api/admin/blog-categories/999999', op, { name: 'x' })).statusCode).toBe(404);
    for (const action of ['blog_category.create', 'blog_category.update', 'blog_category.delete'])
      expect(await auditOf(action, cat.id), action).toHaveLength(1);
  });

  it('refuses to delete a category in use (409, says to switch it off); switched off, it and its posts leave the storefront', async () => {
    const res = await call('DELETE', '/api/admin/blog-categories/3', op);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/switch it off/i);
    expect(await app.db.selectFrom('blogs').select('id').where('blog_category_id', '=', 3).execute()).not.toHaveLength(0);
    expect(await auditOf('blog_category.delete', 3)).toHaveLength(0);

    const inCategory = await app.db
      .selectFrom('blogs')
      .select('slug')
      .where('blog_category_id', '=', 3)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await call('PUT', '/api/admin/blog-categories/3', op, { is_active: false })).statusCode).toBe(200);
    await waitCache();
    const list = blogsResponseSchema.parse((await guest('/api/blogs?per_page=50')).json()).data;
    expect(list.categories.some((c) => c.id === 3)).toBe(false);
    expect(list.blogs.some((b) => b.category.id === 3)).toBe(false);
    expect((await guest(`/api/blog/${inCategory.slug}/details`)).statusCode).toBe(404);
    await call('PUT', '/api/admin/blog-categories/3', op, { is_active: true });
    await waitCache();
    expect((await guest(`/api/blog/${inCategory.slug}/details`)).statusCode).toBe(200);
  });
});

describe('legal pages', () => {
  it('lists the pages with both languages', async () => {
    const { legal_pages } = adminLegalPagesResponseSchema.parse((await call('GET', '/api/admin/legal-pages', op)).json()).data;
    expect(legal_pages.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['about-us', 'privacy-policy', 'terms-and-conditions']),
    );
    expect(legal_pages.every((p) => p.title_ar && p.description_ar)).toBe(true);
  });

  it('changes only the fields sent, sanitised, audited; 404 for an unknown slug; 422 for bad input', async () => {
    const before = await app.db
      .selectFrom('legal_pages')
      .selectAll()
      .where('slug', '=', 'privacy-policy')
      .executeTakeFirstOrThrow();
    const res = await call('PUT', '/api/admin/legal-pages/privacy-policy', op, {
      description_ar: '<p>نحترم <a href="javascript:alert(1)">خصوصيتك</a>.</p><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = adminLegalPageResponseSchema.parse(res.json()).data.legal_page;
    expect(page.description_ar).toContain('<p>نحترم <a>خصوصيتك</a>.</p>');
    expect(page.description_ar).not.toMatch(/javascript:|onerror|alert/);
    expect(page.title).toBe(before.title);
    expect(page.description).toBe(before.description);
    expect(page.updated_at > before.updated_at).toBe(true);
    const [entry] = await auditOf('legal_page.update', before.id);
    expect(Object.keys(JSON.parse(entry!.changes))).toEqual(['description_ar']);

    for (const slug of ['no-such-page', 'ABOUT', '%00'])
      expect((await call('PUT', `/api/admin/legal-pages/${slug}`, op, { title: 'x' })).statusCode, slug).toBe(404);
    for (const body of [{ title: '' }, { description: '<script>x</script>' }, { title: 5 }]) {
      const bad = await call('PUT', '/api/admin/legal-pages/about-us', op, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('the editors’ preview', () => {
  it('answers the HTML through the allow-list, stores nothing; operators only', async () => {
    const res = await call('POST', '/api/admin/rich-text/preview', op, {
      description: UNSAFE,
      description_ar: '<p>مرحبا</p><style>p{}</style>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { description, description_ar } = res.json().data;
    expect(description).toContain('<strong>bold</strong>');
    expect(description).not.toMatch(/<script|alert|javascript:|<iframe/i);
    expect(description_ar).toBe('<p>مرحبا</p>');
    expect((await call('POST', '/api/admin/rich-text/preview', seller, { description: 'x' })).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/rich-text/preview', op, { description: 5 })).statusCode).toBe(422);
  });
});
