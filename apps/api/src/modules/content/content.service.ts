import { createHmac, randomBytes } from 'node:crypto';
import {
  type Blog,
  type BlogCategory,
  type BlogDetailsResponse,
  type BlogsResponse,
  DEFAULT_AVATAR_URL,
  formatCommaDate,
  hasControl,
  type LegalPageResponse,
  type Locale,
} from '@souq/contracts';
import type { Db, Dialect } from '../../db';
import { notFound } from '../../http/route';
import { plainExcerpt, sanitizeRichText } from '../../shared/rich-text';
import { localized } from '../../shared/localized';
import { popularProductIds, productCards } from '../catalog';
import * as repo from './blog.repository';

const RELATED = 3;
const POPULAR = 5;
const EXCERPT = 200;
/** Products under a post: as many as the home page's popular row. */
const RELATED_PRODUCTS = 10;
/** Oman's clock: UTC+4 all year, no daylight saving. A visitor's "day" is Muscat's. */
const MUSCAT_OFFSET_MS = 4 * 3_600_000;

type Data<T extends { data: unknown }> = T['data'];

/** The calendar day in Muscat of an instant, as YYYY-MM-DD. */
export const muscatDay = (at: Date) => new Date(at.getTime() + MUSCAT_OFFSET_MS).toISOString().slice(0, 10);

/** A post as a list item: the card's fields with the opening of the article as plain text. */
function toItem(r: repo.PostRow, locale: Locale): Blog {
  return {
    id: r.id,
    title: localized(r.title, r.title_ar, locale),
    slug: r.slug,
    category: { id: r.category_id, name: localized(r.category_name, r.category_name_ar, locale), slug: r.category_slug },
    // An author is a name typed with the post, no account: the picture is the default avatar (decision 024 point 7).
    post_by: { name: localized(r.post_by, r.post_by_ar, locale), profile_photo: DEFAULT_AVATAR_URL },
    thumbnail: r.thumbnail,
    total_views: Number(r.total_views),
    description: plainExcerpt(localized(r.description, r.description_ar, locale), EXCERPT),
    created_at: formatCommaDate(r.created_at, locale),
    created_at_iso: r.created_at,
  };
}

/** Who is viewing: a signed-in customer, or a guest known only by its address. */
export interface Viewer {
  userId: number | null;
  ip: string;
}

export interface ContentService {
  blogs(locale: Locale, categoryId: number | undefined, page: number, perPage: number): Promise<Data<BlogsResponse>>;
  blog(slugOrId: string, locale: Locale): Promise<Data<BlogDetailsResponse>>;
  view(slugOrId: string, viewer: Viewer): Promise<{ total_views: number; counted: boolean }>;
  legalPage(slug: string, locale: Locale): Promise<Data<LegalPageResponse>>;
}

export function createContentService(db: Db, dialect: Dialect, now: () => Date): ContentService {
  /** The salt of the day in this process, read (or made) once per day. */
  let salt: { day: string; key: string } | null = null;

  async function saltOf(day: string): Promise<string> {
    if (salt?.day === day) return salt.key;
    const key = await repo.daySalt(db, day, randomBytes(32).toString('hex'));
    // A new day: yesterday's keys and salt go, so they can never be matched to an address again.
    await repo.pruneViewsBefore(db, day);
    salt = { day, key };
    return key;
  }

  /**
   * A visitor's key of the day: HMAC-SHA256 under the day's random salt of the customer's id, or of a
   * guest's IP address. No address is stored, and once the salt is deleted at the end of
   * the day the keys cannot be recomputed from an address.
   */
  async function visitorKey(viewer: Viewer, day: string): Promise<string> {
    // A guest is its address alone: a User-Agent costs nothing to change, so it would let one address
    // count as many visitors as it likes (issue 41, finding 8).
    const who = viewer.userId !== null ? `user:${viewer.userId}` : `guest:${viewer.ip}`;
    return createHmac('sha256', await saltOf(day))
      .update(who)
      .digest('hex')
      .slice(0, 32);
  }

  async function findPost(slugOrId: string) {
    const key = /^\d{1,10}$/.test(slugOrId) ? { id: Number(slugOrId) } : { slug: slugOrId };
    // No slug holds a control character (PostgreSQL would refuse a NUL in the query: a 500, not a 404).
    const row = hasControl(slugOrId) ? undefined : await repo.findPost(db, key);
    if (!row) throw notFound('Blog not found.');
    return row;
  }

  return {
    async blogs(locale, categoryId, page, perPage) {
      const [total, rows, categories] = await Promise.all([
        repo.countPosts(db, categoryId),
        repo.listPosts(db, categoryId, perPage, (page - 1) * perPage),
        repo.listCategories(db),
      ]);
      return {
        total,
        blogs: rows.map((r) => toItem(r, locale)),
        categories: categories.map((c): BlogCategory => ({
          id: c.id,
          name: localized(c.name, c.name_ar, locale),
          slug: c.slug,
          total_blogs: Number(c.total_blogs),
        })),
      };
    },

    async blog(slugOrId, locale) {
      const row = await findPost(slugOrId);
      const [related, popular, productIds] = await Promise.all([
        repo.relatedPosts(db, row, RELATED),
        repo.popularPosts(db, row.id, POPULAR),
        // Blog categories are not product categories: the site's most popular products, in the catalogue's
        // `popular_product` order (decision 024, issue 42).
        popularProductIds(db, RELATED_PRODUCTS),
      ]);
      const body = localized(row.description, row.description_ar, locale);
      return {
        blog: {
          ...toItem(row, locale),
          // Stored sanitised; sanitised again on the way out (defence in depth).
          description: sanitizeRichText(body),
          excerpt: plainExcerpt(body, EXCERPT),
          // Posts have no tags here; the original client's share buttons need the list.
          tags: [],
          // Built for no one (the answer is cached publicly): is_favorite is false, as on the home page's cache.
          related_products: await productCards(db, dialect, productIds, locale, null, now().toISOString()),
        },
        related_blogs: related.map((r) => toItem(r, locale)),
        popular_blogs: popular.map((r) => toItem(r, locale)),
      };
    },

    async view(slugOrId, viewer) {
      const row = await findPost(slugOrId);
      const day = muscatDay(now());
      const visitor = await visitorKey(viewer, day);
      const counted = await db.transaction().execute((trx) => repo.recordView(trx, row.id, day, visitor));
      return { total_views: await repo.totalViews(db, row.id), counted };
    },

    async legalPage(slug, locale) {
      const row = /^[a-z0-9][a-z0-9-]{0,189}$/.test(slug) ? await repo.findLegalPage(db, slug) : undefined;
      if (!row) throw notFound('Page not found.');
      return {
        content: {
          title: localized(row.title, row.title_ar, locale),
          description: sanitizeRichText(localized(row.description, row.description_ar, locale)),
          updated_at: row.updated_at,
        },
      };
    },
  };
}
