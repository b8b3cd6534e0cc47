import {
  blogDetailsResponseSchema,
  blogsResponseSchema,
  DEFAULT_AVATAR_URL,
  productsResponseSchema,
  supportTicketShowResponseSchema,
  supportTicketsResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { popularProductIds } from '../src/modules/catalog';
import { makeCustomer } from '../src/modules/commerce/test-support';
import { translations } from '../src/modules/i18n';
import { ORIGINAL_CLIENT_SENTENCES } from '../src/modules/i18n/original-client-strings';
import { multipart } from '../src/modules/support/test-support';
import { createTestApp } from './helpers';

/**
 * Issue 42 (blogs, strings, price bounds, the ticket page's status): every request as the original web
 * client sends it — its HTTP client's headers, no Accept-Language unless a language was picked, ids and
 * numbers as strings — on SQLite and PostgreSQL.
 */
const app = await createTestApp();

type Headers = Record<string, string>;
const xhr = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers: { ...xhr, ...headers } });

async function ok(url: string, headers: Headers = {}) {
  const res = await get(url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
}

describe('blogs for the original client', () => {
  it('lists posts with post_by {name, profile_photo} and a display date beside the instant', async () => {
    const en = blogsResponseSchema.parse(await ok('/api/blogs?page=1&per_page=9&category_id=', { 'accept-language': 'en' })).data;
    const row = await app.db
      .selectFrom('blogs')
      .select(['post_by', 'post_by_ar', 'created_at'])
      .where('id', '=', en.blogs[0]!.id)
      .executeTakeFirstOrThrow();
    expect(en.blogs[0]!.post_by).toEqual({ name: row.post_by, profile_photo: DEFAULT_AVATAR_URL });
    expect(en.blogs[0]!.created_at_iso).toBe(row.created_at);
    for (const b of en.blogs) {
      expect(b.created_at).toMatch(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept|Oct|Nov|Dec), \d{4}$/);
      expect(b.post_by.profile_photo).toBe(DEFAULT_AVATAR_URL);
    }
    // No Accept-Language: Arabic, the Arabic author and Arabic month with Arabic's comma.
    const ar = blogsResponseSchema.parse(await ok('/api/blogs')).data;
    expect(ar.blogs[0]!.post_by.name).toBe(row.post_by_ar ?? row.post_by);
    expect(ar.blogs[0]!.created_at).toMatch(/^\d{1,2} [\u0600-\u06FF]+، \d{4}$/);
  });

  it('dates a post in Oman time: late evening UTC is the next day', async () => {
    const { id } = await app.db
      .insertInto('blogs')
      .values({
        blog_category_id: 1,
        title: 'Late post',
        slug: 'late-post-oman-time',
        thumbnail: null,
        description: '<p>Written late.</p>',
        description_ar: null,
        post_by: 'Night Writer',
        post_by_ar: null,
        total_views: 0,
        is_active: 1,
        created_at: '2026-11-25T21:30:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const en = blogDetailsResponseSchema.parse(await ok(`/api/blog/${id}/details`, { 'accept-language': 'en' })).data.blog;
    expect([en.created_at, en.created_at_iso]).toEqual(['26 Nov, 2026', '2026-11-25T21:30:00.000Z']);
    const ar = blogDetailsResponseSchema.parse(await ok(`/api/blog/${id}/details`)).data.blog;
    expect(ar.created_at).toBe('26 نوفمبر، 2026');
    // No Arabic name: the English one, and still a picture.
    expect(ar.post_by).toEqual({ name: 'Night Writer', profile_photo: DEFAULT_AVATAR_URL });
  });

  it("details carry tags (an empty list) and the site's popular products as catalogue cards", async () => {
    const res = blogDetailsResponseSchema.parse(
      await ok('/api/blog/the-story-of-dhofari-frankincense/details', { 'accept-language': 'en' }),
    ).data;
    expect(res.blog.tags).toEqual([]);
    expect(res.related_blogs.every((b) => b.post_by.profile_photo === DEFAULT_AVATAR_URL)).toBe(true);
    const expected = await popularProductIds(app.db, 10);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.blog.related_products.map((p) => p.id)).toEqual(expected);
    // The same cards as the catalogue's popular list answers them.
    const list = productsResponseSchema.parse(
      await ok(`/api/products?sort_type=popular_product&per_page=${expected.length}&page=1`, { 'accept-language': 'en' }),
    ).data.products;
    const byId = new Map(list.map((p) => [p.id, p]));
    for (const p of res.blog.related_products) if (byId.has(p.id)) expect(p).toEqual(byId.get(p.id));
  });
});

describe('GET /api/lang/{locale} answers the original client sentence keys beside ours', () => {
  it('keeps our keys unchanged and adds each sentence: itself in English, our Arabic in Arabic', async () => {
    const en = (await ok('/api/lang/en')) as Record<string, string>;
    const ar = (await ok('/api/lang/ar')) as Record<string, string>;
    for (const [key, value] of Object.entries(translations.en)) expect(en[key], key).toBe(value);
    for (const [key, value] of Object.entries(translations.ar)) expect(ar[key], key).toBe(value);
    const sentences = Object.keys(ORIGINAL_CLIENT_SENTENCES);
    expect(sentences.length).toBeGreaterThan(200);
    for (const s of sentences) {
      expect(en[s], s).toBe(s);
      expect(ar[s], s).toMatch(/[\u0600-\u06FF]/);
      expect(ar[s], s).not.toMatch(/[{}]/);
    }
    expect(en['Add to Cart']).toBe('Add to Cart');
    expect(ar['Add to Cart']).toBe(translations.ar['product.add_to_cart']);
    expect(ar.Checkout).toBe(translations.ar['checkout.title']);
    expect(ar['Search product']).toBe('ابحث عن منتج');
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it("leaves the sentences out of our storefront's set (set=ours), at its own version, the client's address unchanged", async () => {
    const app2 = await createTestApp({ catalogCacheTtlMs: 60_000 });
    try {
      for (const locale of ['ar', 'en'] as const) {
        // The original client's request: its headers, the address alone (also with an empty set, as blank is absent).
        const theirs = await app2.inject({ url: `/api/lang/${locale}`, headers: xhr });
        const blank = await app2.inject({ url: `/api/lang/${locale}?set=`, headers: xhr });
        const all = await app2.inject({ url: `/api/lang/${locale}?set=all`, headers: xhr });
        const full = theirs.json() as Record<string, string>;
        expect(full['Add to Cart'], locale).toBeTruthy();
        expect(blank.json()).toEqual(full);
        expect(all.json()).toEqual(full);
        // Our storefront's: our keys alone, exactly.
        const ours = await app2.inject({ url: `/api/lang/${locale}?set=ours` });
        expect(ours.statusCode).toBe(200);
        const mine = ours.json() as Record<string, string>;
        expect(mine).toEqual(translations[locale]);
        expect(mine['Add to Cart']).toBeUndefined();
        for (const s of Object.keys(ORIGINAL_CLIENT_SENTENCES)) expect(Object.hasOwn(mine, s), s).toBe(false);
        expect(ours.body.length).toBeLessThan(theirs.body.length);
        // Its own version (decision 032): pinned, kept for good; the full set's version is not ours.
        const version = /^"([\w-]{16})"$/.exec(String(ours.headers.etag))?.[1];
        expect(version, String(ours.headers.etag)).toBeDefined();
        expect(theirs.headers.etag).not.toBe(ours.headers.etag);
        for (let i = 0; i < 2; i++) {
          // The second is the answer cache's: it keeps the sets apart.
          const pinned = await app2.inject({ url: `/api/lang/${locale}?set=ours&v=${version}` });
          expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(pinned.json()).toEqual(mine);
          const fullAtOurs = await app2.inject({ url: `/api/lang/${locale}?v=${version}` });
          expect(fullAtOurs.headers['cache-control']).toBe('public, max-age=300');
          expect(fullAtOurs.json()).toEqual(full);
        }
      }
      const bad = await app2.inject({ url: '/api/lang/en?set=theirs' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['set']);
    } finally {
      await app2.close();
    }
  });
});

describe('GET /api/products price bounds', () => {
  it('keeps the exact bounds and adds whole numbers around them', async () => {
    const { filters } = productsResponseSchema.parse(
      await ok('/api/products?page=1&per_page=12&search=&min_price=&max_price=', { 'accept-language': 'en' }),
    ).data;
    expect(filters.max_price).toBeGreaterThan(0);
    expect(filters.min_price_int).toBe(Math.floor(filters.min_price));
    expect(filters.max_price_int).toBe(Math.ceil(filters.max_price));
    expect(Number.isInteger(filters.min_price_int) && Number.isInteger(filters.max_price_int)).toBe(true);
    const none = productsResponseSchema.parse(await ok('/api/products?search=zzzznothingmatcheszzzz')).data.filters;
    expect([none.min_price, none.max_price, none.min_price_int, none.max_price_int]).toEqual([0, 0, 0, 0]);
  });
});

describe("the ticket page's status for the original client", () => {
  it('answers the original word in status and ours in state; the lists keep ours', async () => {
    const c = await makeCustomer(app);
    const body = multipart({
      subject: 'Where is my parcel',
      message: 'It has been four days since it left the shop.',
      issue_type: 'Delivery and shipping',
    });
    const opened = await app.inject({
      method: 'POST',
      url: '/api/support-ticket',
      headers: { ...xhr, ...c.auth, ...body.headers },
      payload: body.payload,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const no = opened.json().data.support_ticket.ticket_no as string;
    const show = async () =>
      supportTicketShowResponseSchema.parse(await ok(`/api/support-ticket/show?ticket_number=${no}`, c.auth)).data.support_ticket;
    expect(await show()).toMatchObject({ status: 'pending', state: 'running', original_status: 'pending' });
    const list = supportTicketsResponseSchema.parse(await ok('/api/support-tickets?status=&page=1', c.auth)).data;
    expect(list.support_tickets.find((t) => t.ticket_no === no)!.status).toBe('running');

    await app.db.updateTable('support_tickets').set({ status: 'cancel' }).where('ticket_no', '=', no).execute();
    expect(await show()).toMatchObject({ status: 'cancel', state: 'cancel' });
    await app.db.updateTable('support_tickets').set({ status: 'completed' }).where('ticket_no', '=', no).execute();
    expect(await show()).toMatchObject({ status: 'completed', state: 'completed' });
    const after = supportTicketsResponseSchema.parse(await ok('/api/support-tickets', c.auth)).data;
    expect(after.support_tickets.find((t) => t.ticket_no === no)!.status).toBe('completed');
  });
});
