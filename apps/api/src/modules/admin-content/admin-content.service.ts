import { randomBytes } from 'node:crypto';
import {
  ADMIN_CONTENT_PER_PAGE,
  type AdminBlog,
  type AdminBlogCategory,
  type AdminFlashSale,
  type AdminFlashSaleDetail,
  type AdminLegalPage,
  type adminBlogCategoryUpdateBody,
  type adminBlogUpdateBody,
  type adminFlashSaleUpdateBody,
  type adminLegalPageBody,
} from '@souq/contracts';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { Db, DbOrTrx } from '../../db';
import type { BlogCategoriesTable, BlogsTable, FlashSalesTable, LegalPagesTable } from '../../db/catalogue-schema';
import { HttpError, notFound, validationError } from '../../http/route';
import { sanitizeRichText } from '../../shared/rich-text';
import { changesOf, recordAudit, type Actor } from '../audit';
import { omr } from '../catalog';
import * as repo from './admin-content.repository';
import type { ThumbnailKind, ThumbnailStore } from './images';
import { isUniqueViolation } from '../../db/errors';

type CategoryBody = z.output<typeof adminBlogCategoryUpdateBody>;
type PostBody = z.output<typeof adminBlogUpdateBody>;
type PageBody = z.output<typeof adminLegalPageBody>;
type SaleBody = z.output<typeof adminFlashSaleUpdateBody>;

export interface AdminContentContext {
  db: Db;
  now: () => Date;
  thumbnails: ThumbnailStore;
}

/** A slug from an English title: lower-case letters and digits joined by dashes ('' when none is left). */
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');

/** A free slug from `base` (a random suffix while taken; `fallback` with one when `base` is empty). */
async function freeSlug(taken: (slug: string) => Promise<boolean>, base: string, fallback: string): Promise<string> {
  if (base && !(await taken(base))) return base;
  for (;;) {
    const slug = `${base || fallback}-${randomBytes(3).toString('hex')}`;
    if (!(await taken(slug))) return slug;
  }
}

const SLUG_TAKEN = 'The slug has already been taken.';


/** Rich text as stored: through the allow-list; nothing left is none. */
const richOrNull = (html: string | null | undefined) => sanitizeRichText(html) || null;

/** What the audit log keeps of an article: its opening, not a whole copy of it. */
const AUDIT_HTML = 300;
const auditHtml = (html: string | null) => (html && html.length > AUDIT_HTML ? `${html.slice(0, AUDIT_HTML)}…` : html);

const page = (q: { page?: number; per_page?: number }) => {
  const perPage = q.per_page ?? ADMIN_CONTENT_PER_PAGE;
  return { limit: perPage, offset: ((q.page ?? 1) - 1) * perPage };
};

/** Runs a write whose thumbnail (when one was sent) was stored first; the file goes when the write fails. */
async function withThumbnail<T>(
  store: ThumbnailStore,
  kind: ThumbnailKind,
  upload: Buffer | null,
  write: (thumbnail: string | undefined) => Promise<T>,
): Promise<T> {
  const thumbnail = upload ? await store.save(kind, upload) : undefined;
  try {
    return await write(thumbnail);
  } catch (error) {
    await store.remove(thumbnail);
    throw error;
  }
}

// --- Blog categories and posts ------------------------------------------------------------------------

const toCategory = (r: repo.CategoryRow): AdminBlogCategory => ({
  id: r.id,
  name: r.name,
  name_ar: r.name_ar,
  slug: r.slug,
  sort: Number(r.sort),
  is_active: r.is_active === 1,
  total_blogs: Number(r.total_blogs ?? 0),
});
const auditedCategory = (c: AdminBlogCategory | null): Record<string, unknown> =>
  c ? { name: c.name, name_ar: c.name_ar, slug: c.slug, sort: c.sort, is_active: c.is_active } : {};

const toPost = (r: repo.PostRow): AdminBlog => ({
  id: r.id,
  title: r.title,
  title_ar: r.title_ar,
  slug: r.slug,
  category: { id: r.category_id, name: r.category_name, name_ar: r.category_name_ar },
  thumbnail: r.thumbnail,
  description: r.description,
  description_ar: r.description_ar,
  post_by: r.post_by,
  post_by_ar: r.post_by_ar,
  is_active: r.is_active === 1,
  total_views: Number(r.total_views),
  created_at: r.created_at,
});
const auditedPost = (b: AdminBlog | null): Record<string, unknown> =>
  b
    ? {
        title: b.title,
        title_ar: b.title_ar,
        slug: b.slug,
        category_id: b.category.id,
        thumbnail: b.thumbnail,
        description: auditHtml(b.description),
        description_ar: auditHtml(b.description_ar),
        post_by: b.post_by,
        post_by_ar: b.post_by_ar,
        is_active: b.is_active,
      }
    : {};

const postNotFound = () => notFound('Blog not found.');
const categoryNotFound = () => notFound('Blog category not found.');

export function createAdminBlogService(ctx: AdminContentContext) {
  const { db, thumbnails } = ctx;

  // Categories

  async function categories() {
    const rows = await repo.listCategories(db);
    return { total: rows.length, blog_categories: rows.map(toCategory) };
  }

  async function categoryValues(q: DbOrTrx, body: CategoryBody, before: repo.CategoryRow | null) {
    const out: Updateable<BlogCategoriesTable> = {};
    if (body.name !== undefined) out.name = body.name;
    if (body.name_ar !== undefined) out.name_ar = body.name_ar;
    if (body.sort !== undefined) out.sort = body.sort;
    if (body.is_active !== undefined) out.is_active = body.is_active ? 1 : 0;
    if (body.slug !== undefined && body.slug !== before?.slug) {
      if (await repo.categorySlugTaken(q, body.slug, before?.id)) throw validationError({ slug: [SLUG_TAKEN] });
      out.slug = body.slug;
    }
    return out;
  }

  async function createCategory(actor: Actor, body: CategoryBody & { name: string }): Promise<AdminBlogCategory> {
    const at = ctx.now();
    return uniqueSlugs(() =>
      db.transaction().execute(async (trx) => {
        const values = await categoryValues(trx, body, null);
        const slug = values.slug ?? (await freeSlug((s) => repo.categorySlugTaken(trx, s), slugOf(body.name), 'category'));
        const { id } = await repo.insertCategory(trx, {
          name: body.name,
          name_ar: values.name_ar ?? null,
          slug,
          sort: values.sort ?? (await repo.nextCategorySort(trx)),
          is_active: values.is_active ?? 1,
        });
        const made = toCategory((await repo.categoryById(trx, id))!);
        const changes = changesOf({}, auditedCategory(made));
        await recordAudit(trx, actor, { action: 'blog_category.create', targetType: 'blog_category', targetId: id, changes }, at);
        return made;
      }),
    );
  }

  async function updateCategory(actor: Actor, id: number, body: CategoryBody): Promise<AdminBlogCategory> {
    const at = ctx.now();
    return uniqueSlugs(() =>
      db.transaction().execute(async (trx) => {
        const before = await repo.categoryById(trx, id);
        if (!before) throw categoryNotFound();
        const values = await categoryValues(trx, body, before);
        if (Object.keys(values).length) await repo.updateCategory(trx, id, values);
        const after = toCategory((await repo.categoryById(trx, id))!);
        const changes = changesOf(auditedCategory(toCategory(before)), auditedCategory(after));
        if (Object.keys(changes).length)
          await recordAudit(
            trx,
            actor,
            { action: 'blog_category.update', targetType: 'blog_category', targetId: id, changes },
            at,
          );
        return after;
      }),
    );
  }

  async function deleteCategory(actor: Actor, id: number): Promise<void> {
    const at = ctx.now();
    await db.transaction().execute(async (trx) => {
      const before = await repo.categoryById(trx, id);
      if (!before) throw categoryNotFound();
      if (!(await repo.deleteEmptyCategory(trx, id)))
        throw new HttpError(409, 'This category has posts, so it cannot be deleted. Switch it off instead.');
      const shown = auditedCategory(toCategory(before));
      await recordAudit(
        trx,
        actor,
        {
          action: 'blog_category.delete',
          targetType: 'blog_category',
          targetId: id,
          changes: changesOf(shown, {}, Object.keys(shown)),
        },
        at,
      );
    });
  }

  // Posts

  async function posts(q: { search?: string; category_id?: number; page?: number; per_page?: number }) {
    const { limit, offset } = page(q);
    const { total, rows } = await repo.listPosts(db, { search: q.search || undefined, categoryId: q.category_id }, limit, offset);
    return { total, blogs: rows.map(toPost) };
  }

  async function post(id: number): Promise<AdminBlog> {
    const row = await repo.postById(db, id);
    if (!row) throw postNotFound();
    return toPost(row);
  }

  /** The stored values of the fields sent (`before`: the row on update); each rule answered on its field. */
  async function postValues(q: DbOrTrx, body: PostBody, before: repo.PostRow | null) {
    const errors: Record<string, string[]> = {};
    const out: Updateable<BlogsTable> = {};
    if (body.title !== undefined) out.title = body.title;
    if (body.title_ar !== undefined) out.title_ar = body.title_ar;
    if (body.post_by !== undefined) out.post_by = body.post_by;
    if (body.post_by_ar !== undefined) out.post_by_ar = body.post_by_ar;
    if (body.is_active !== undefined) out.is_active = body.is_active ? 1 : 0;
    if (body.category_id !== undefined) {
      if (!(await repo.categoryById(q, body.category_id))) errors.category_id = ['The selected category id is invalid.'];
      out.blog_category_id = body.category_id;
    }
    if (body.description !== undefined) {
      const clean = sanitizeRichText(body.description);
      if (!clean) errors.description = ['The description field is required.'];
      out.description = clean;
    }
    if (body.description_ar !== undefined) out.description_ar = richOrNull(body.description_ar);
    if (body.slug !== undefined && body.slug !== before?.slug) {
      if (await repo.postSlugTaken(q, body.slug, before?.id)) errors.slug = [SLUG_TAKEN];
      out.slug = body.slug;
    }
    if (Object.keys(errors).length) throw validationError(errors);
    return out;
  }

  async function createPost(
    actor: Actor,
    body: PostBody & { title: string; category_id: number; description: string },
    upload: Buffer | null,
  ): Promise<AdminBlog> {
    const at = ctx.now();
    // The rules first: a refused write stores no picture.
    const values = await postValues(db, body, null);
    return withThumbnail(thumbnails, 'blog', upload, (thumbnail) =>
      uniqueSlugs(() =>
        db.transaction().execute(async (trx) => {
          const checked = await postValues(trx, body, null);
          const slug = checked.slug ?? (await freeSlug((s) => repo.postSlugTaken(trx, s), slugOf(body.title), 'post'));
          const { id } = await repo.insertPost(trx, {
            blog_category_id: body.category_id,
            title: body.title,
            title_ar: values.title_ar ?? null,
            slug,
            thumbnail: thumbnail ?? null,
            description: values.description!,
            description_ar: values.description_ar ?? null,
            post_by: values.post_by ?? actor.name,
            post_by_ar: values.post_by_ar ?? null,
            total_views: 0,
            is_active: values.is_active ?? 1,
            created_at: at.toISOString(),
          });
          const made = toPost((await repo.postById(trx, id))!);
          await recordAudit(
            trx,
            actor,
            { action: 'blog.create', targetType: 'blog', targetId: id, changes: changesOf({}, auditedPost(made)) },
            at,
          );
          return made;
        }),
      ),
    );
  }

  async function updatePost(actor: Actor, id: number, body: PostBody, upload: Buffer | null): Promise<AdminBlog> {
    const at = ctx.now();
    if (!(await repo.postById(db, id))) throw postNotFound();
    let replaced: string | null = null;
    const after = await withThumbnail(thumbnails, 'blog', upload, (thumbnail) =>
      uniqueSlugs(() =>
        db.transaction().execute(async (trx) => {
          const before = await repo.postById(trx, id);
          if (!before) throw postNotFound();
          const values = await postValues(trx, body, before);
          if (thumbnail) {
            values.thumbnail = thumbnail;
            replaced = before.thumbnail;
          }
          if (Object.keys(values).length) await repo.updatePost(trx, id, values);
          const now = toPost((await repo.postById(trx, id))!);
          const changes = changesOf(auditedPost(toPost(before)), auditedPost(now));
          if (Object.keys(changes).length)
            await recordAudit(trx, actor, { action: 'blog.update', targetType: 'blog', targetId: id, changes }, at);
          return now;
        }),
      ),
    );
    await thumbnails.remove(replaced);
    return after;
  }

  async function deletePost(actor: Actor, id: number): Promise<void> {
    const at = ctx.now();
    const gone = await db.transaction().execute(async (trx) => {
      const before = await repo.postById(trx, id);
      if (!before) throw postNotFound();
      await repo.deletePost(trx, id);
      const shown = auditedPost(toPost(before));
      await recordAudit(
        trx,
        actor,
        { action: 'blog.delete', targetType: 'blog', targetId: id, changes: changesOf(shown, {}, Object.keys(shown)) },
        at,
      );
      return before;
    });
    await thumbnails.remove(gone.thumbnail);
  }

  return { categories, createCategory, updateCategory, deleteCategory, posts, post, createPost, updatePost, deletePost };
}

/** A slug taken between the check and the write (two creates at once) is the same 422 as one taken before. */
async function uniqueSlugs<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ slug: [SLUG_TAKEN] });
    throw error;
  }
}

// --- Legal pages --------------------------------------------------------------------------------------

type PageRow = NonNullable<Awaited<ReturnType<typeof repo.legalPageBySlug>>>;
const toPage = (r: PageRow): AdminLegalPage => ({
  slug: r.slug,
  title: r.title,
  title_ar: r.title_ar,
  description: r.description,
  description_ar: r.description_ar,
  updated_at: r.updated_at,
});
const auditedPage = (p: AdminLegalPage): Record<string, unknown> => ({
  title: p.title,
  title_ar: p.title_ar,
  description: auditHtml(p.description),
  description_ar: auditHtml(p.description_ar),
});
const PAGE_SLUG = /^[a-z0-9][a-z0-9-]{0,189}$/;

export function createAdminLegalPagesService(ctx: Pick<AdminContentContext, 'db' | 'now'>) {
  const { db } = ctx;

  async function list() {
    return { legal_pages: (await repo.listLegalPages(db)).map(toPage) };
  }

  async function update(actor: Actor, slug: string, body: PageBody): Promise<AdminLegalPage> {
    const at = ctx.now();
    if (!PAGE_SLUG.test(slug)) throw notFound('Page not found.');
    return db.transaction().execute(async (trx) => {
      const before = await repo.legalPageBySlug(trx, slug);
      if (!before) throw notFound('Page not found.');
      const values: Updateable<LegalPagesTable> = {};
      if (body.title !== undefined) values.title = body.title;
      if (body.title_ar !== undefined) values.title_ar = body.title_ar;
      if (body.description !== undefined) {
        values.description = sanitizeRichText(body.description);
        if (!values.description) throw validationError({ description: ['The description field is required.'] });
      }
      if (body.description_ar !== undefined) values.description_ar = richOrNull(body.description_ar);
      const changes = changesOf(auditedPage(toPage(before)), auditedPage(toPage({ ...before, ...values } as PageRow)));
      if (!Object.keys(changes).length) return toPage(before);
      await repo.updateLegalPage(trx, before.id, { ...values, updated_at: at.toISOString() });
      await recordAudit(trx, actor, { action: 'legal_page.update', targetType: 'legal_page', targetId: before.id, changes }, at);
      return toPage((await repo.legalPageBySlug(trx, slug))!);
    });
  }

  return { list, update };
}

// --- Flash sales --------------------------------------------------------------------------------------

const saleNotFound = () => notFound('Flash sale not found.');

export function saleStatus(r: { is_active: number; start_at: string; end_at: string }, now: string): AdminFlashSale['status'] {
  if (r.is_active !== 1) return 'inactive';
  if (r.end_at <= now) return 'ended';
  return r.start_at <= now ? 'running' : 'upcoming';
}

const toSale = (r: repo.SaleRow, now: string): AdminFlashSale => ({
  id: r.id,
  name: r.name,
  name_ar: r.name_ar,
  thumbnail: r.thumbnail,
  starts_at: r.start_at,
  ends_at: r.end_at,
  is_active: r.is_active === 1,
  status: saleStatus(r, now),
  products_count: Number(r.products_count ?? 0),
});
const auditedSale = (s: AdminFlashSale | null): Record<string, unknown> =>
  s
    ? {
        name: s.name,
        name_ar: s.name_ar,
        thumbnail: s.thumbnail,
        starts_at: s.starts_at,
        ends_at: s.ends_at,
        is_active: s.is_active,
      }
    : {};

/** A product's own current price (baisa): its discount price when it has one below the price. */
const ownPrice = (p: { price: number; discount_price: number }) =>
  p.discount_price > 0 && p.discount_price < p.price ? p.discount_price : p.price;

export function createAdminFlashSalesService(ctx: AdminContentContext) {
  const { db, thumbnails } = ctx;

  async function list(q: { page?: number; per_page?: number }) {
    const { limit, offset } = page(q);
    const { total, rows } = await repo.listSales(db, limit, offset);
    const now = ctx.now().toISOString();
    return { total, flash_sales: rows.map((r) => toSale(r, now)) };
  }

  async function detail(q: DbOrTrx, id: number): Promise<AdminFlashSaleDetail> {
    const row = await repo.saleById(q, id);
    if (!row) throw saleNotFound();
    const products = await repo.saleProducts(q, id);
    return {
      ...toSale(row, ctx.now().toISOString()),
      products: products.map((p) => ({
        id: p.id,
        name: p.name,
        name_ar: p.name_ar,
        thumbnail: p.thumbnail,
        shop: { id: p.shop_id, name: p.shop_name },
        price: omr(ownPrice(p)),
        sale_price: omr(p.sale_price),
      })),
    };
  }

  function saleValues(body: SaleBody, before: repo.SaleRow | null): Updateable<FlashSalesTable> {
    const out: Updateable<FlashSalesTable> = {};
    if (body.name !== undefined) out.name = body.name;
    if (body.name_ar !== undefined) out.name_ar = body.name_ar;
    if (body.is_active !== undefined) out.is_active = body.is_active ? 1 : 0;
    if (body.starts_at !== undefined) out.start_at = body.starts_at;
    if (body.ends_at !== undefined) out.end_at = body.ends_at;
    const starts = body.starts_at ?? before?.start_at;
    const ends = body.ends_at ?? before?.end_at;
    if ((body.starts_at !== undefined || body.ends_at !== undefined) && starts && ends && ends <= starts)
      throw validationError({ ends_at: ['The flash sale must end after it starts.'] });
    return out;
  }

  async function create(
    actor: Actor,
    body: SaleBody & { name: string; starts_at: string; ends_at: string },
    upload: Buffer | null,
  ) {
    const at = ctx.now();
    const values = saleValues(body, null);
    return withThumbnail(thumbnails, 'flash_sale', upload, (thumbnail) =>
      db.transaction().execute(async (trx) => {
        const { id } = await repo.insertSale(trx, {
          name: body.name,
          name_ar: values.name_ar ?? null,
          thumbnail: thumbnail ?? null,
          start_at: body.starts_at,
          end_at: body.ends_at,
          is_active: values.is_active ?? 1,
        });
        const made = await detail(trx, id);
        await recordAudit(
          trx,
          actor,
          { action: 'flash_sale.create', targetType: 'flash_sale', targetId: id, changes: changesOf({}, auditedSale(made)) },
          at,
        );
        return made;
      }),
    );
  }

  async function update(actor: Actor, id: number, body: SaleBody, upload: Buffer | null) {
    const at = ctx.now();
    const now = at.toISOString();
    const first = await repo.saleById(db, id);
    if (!first) throw saleNotFound();
    saleValues(body, first);
    let replaced: string | null = null;
    const after = await withThumbnail(thumbnails, 'flash_sale', upload, (thumbnail) =>
      db.transaction().execute(async (trx) => {
        const before = await repo.saleById(trx, id);
        if (!before) throw saleNotFound();
        const values = saleValues(body, before);
        if (thumbnail) {
          values.thumbnail = thumbnail;
          replaced = before.thumbnail;
        }
        if (Object.keys(values).length) await repo.updateSale(trx, id, values);
        const made = await detail(trx, id);
        const changes = changesOf(auditedSale(toSale(before, now)), auditedSale(made));
        if (Object.keys(changes).length)
          await recordAudit(trx, actor, { action: 'flash_sale.update', targetType: 'flash_sale', targetId: id, changes }, at);
        return made;
      }),
    );
    await thumbnails.remove(replaced);
    return after;
  }

  async function remove(actor: Actor, id: number): Promise<void> {
    const at = ctx.now();
    const gone = await db.transaction().execute(async (trx) => {
      const before = await repo.saleById(trx, id);
      if (!before) throw saleNotFound();
      await repo.deleteSale(trx, id);
      const shown = { ...auditedSale(toSale(before, at.toISOString())), products_count: Number(before.products_count ?? 0) };
      await recordAudit(
        trx,
        actor,
        {
          action: 'flash_sale.delete',
          targetType: 'flash_sale',
          targetId: id,
          changes: changesOf(shown, {}, Object.keys(shown)),
        },
        at,
      );
      return before;
    });
    await thumbnails.remove(gone.thumbnail);
  }

  /** Takes a product out of the sale, whenever (the operator's call; a seller may only before the start). */
  async function removeProduct(actor: Actor, saleId: number, productId: number): Promise<void> {
    const at = ctx.now();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.saleById(trx, saleId))) throw saleNotFound();
      const entry = await repo.saleEntry(trx, saleId, productId);
      if (!entry) throw notFound('This product is not in this flash sale.');
      await repo.removeSaleEntry(trx, saleId, productId);
      await recordAudit(
        trx,
        actor,
        {
          action: 'flash_sale.remove_product',
          targetType: 'flash_sale',
          targetId: saleId,
          changes: { product_id: [productId, null], [`price.${productId}`]: [omr(entry.price), null] },
        },
        at,
      );
    });
  }

  return { list, detail: (id: number) => detail(db, id), create, update, remove, removeProduct };
}
