import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type Locale,
  PRODUCT_IMAGES_MAX,
  type SellerCatalogOptions,
  type SellerProduct,
  type SellerProductCreateBody,
  type SellerProductImage,
  type SellerProductRow,
  type SellerProductsQuery,
  type SellerProductUpdateBody,
  toMinorUnits,
} from '@souq/contracts';
import type { Updateable } from 'kysely';
import type { Db, DbOrTrx, Dialect, Trx } from '../../db';
import type { ProductsTable } from '../../db/catalogue-schema';
import { HttpError, notFound, validationError } from '../../http/route';
import { localized } from '../../shared/localized';
import { listPriceOf, productSearchColumns } from '../../shared/product-columns';
import { sanitizeRichText } from '../../shared/rich-text';
import { searchTerms } from '../../shared/search-text';
import { type Actor, changesOf, recordAudit } from '../audit';
import { omr } from '../catalog';
import * as repo from './seller-products.repository';

/** Where a product's uploaded pictures live under the uploads folder, and the URL they are served at. */
const IMAGE_DIR = 'products';
const IMAGE_URL_DIR = `/uploads/${IMAGE_DIR}`;

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const PRODUCT_CHANGED = 'The product was changed since it was read. Load it again and repeat the change.';

/** The fields of the seller view an audit entry compares (what a seller writes). */
const AUDITED = [
  'name',
  'name_ar',
  'short_description',
  'short_description_ar',
  'description',
  'description_ar',
  'category_id',
  'sub_category_id',
  'brand_id',
  'unit_id',
  'price',
  'discount_price',
  'quantity',
  'colors',
  'sizes',
  'video_url',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'is_active',
] as const;
const audited = (p: SellerProduct): Record<string, unknown> => Object.fromEntries(AUDITED.map((f) => [f, p[f]]));

/**
 * A product's version for optimistic concurrency (the ETag of the seller's GET and PUT): its updated_at,
 * which every seller write moves, and its quantity, which orders change without touching updated_at.
 */
export const etagOf = (p: { id: number; updated_at: string; quantity: number }) =>
  `"${p.id}-${Date.parse(p.updated_at).toString(36)}-${p.quantity}"`;

/** Whether an If-Match header (absent: yes; `*`; a list of tags, weak ones compared as strong) names the version. */
export function ifMatchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/** A URL slug from the English name ("Frankincense – Hojari 50 g" → "frankincense-hojari-50-g"). */
export const productSlug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '') || 'product';

/** An optional single-line text as stored: empty is none. */
const textOrNull = (v: string | null | undefined) => (v ? v : null);
/** Rich text as stored: through the articles' allow-list; nothing left is none. */
const richOrNull = (v: string | null | undefined) => (v == null ? null : sanitizeRichText(v) || null);

/** The next updated_at: now, or a millisecond after the previous one (so the version always moves). */
function nextUpdatedAt(previous: string, now: Date): string {
  const prev = Date.parse(previous);
  return new Date(Number.isFinite(prev) && prev >= now.getTime() ? prev + 1 : now.getTime()).toISOString();
}

export interface SellerProductsDeps {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  /** `<dataDir>/uploads` (served at /uploads/). */
  uploadsDir: string;
  /** An uploaded picture as stored (WebP, resized, without metadata); throws the 422/503 itself. */
  processImage(buffer: Buffer): Promise<Buffer>;
}

type Fields = SellerProductUpdateBody;

export function createSellerProductsService(deps: SellerProductsDeps) {
  const { db, dialect, now } = deps;

  const toImage = (r: { id: number; path: string }): SellerProductImage => ({ id: r.id, url: r.path });

  async function view(q: DbOrTrx, row: repo.ProductRow): Promise<SellerProduct> {
    const [colors, sizes, images] = await Promise.all([
      repo.productColors(q, row.id),
      repo.productSizes(q, row.id),
      repo.productImages(q, row.id),
    ]);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      name_ar: row.name_ar ?? '',
      short_description: row.short_description,
      short_description_ar: row.short_description_ar,
      description: row.description,
      description_ar: row.description_ar,
      category_id: row.category_id,
      sub_category_id: row.sub_category_id,
      brand_id: row.brand_id,
      unit_id: row.unit_id,
      price: omr(row.price),
      discount_price: omr(row.discount_price),
      quantity: row.quantity,
      colors: colors.map((c) => ({ id: c.id, price: omr(c.extra_price) })),
      sizes: sizes.map((s) => ({ id: s.id, price: omr(s.extra_price) })),
      video_url: row.video_url,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      meta_keywords: row.meta_keywords,
      is_active: row.is_active === 1,
      thumbnail: row.thumbnail,
      images: images.map(toImage),
      total_sold: row.total_sold,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  async function mustFind(q: DbOrTrx, shopId: number, id: number, lock = false): Promise<repo.ProductRow> {
    const row = await repo.findProduct(q, dialect, shopId, id, lock);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return row;
  }

  /**
   * Checks what the write refers to, with the values the product will have (`next`: the stored ones
   * where the write does not send them), and answers the names its search columns are made of.
   * Errors are keyed by the field sent (a sub-category that does not belong to a newly sent category
   * is the category's error when the sub-category was not sent).
   */
  async function references(
    q: DbOrTrx,
    next: { category_id: number; sub_category_id: number | null; brand_id: number | null; price: number; discount_price: number },
    sent: Fields,
  ) {
    const errors: Record<string, string[]> = {};
    const [category, sub, brand, unitOk, colorIds, sizeIds] = await Promise.all([
      repo.findCategory(q, next.category_id),
      next.sub_category_id ? repo.findSubCategory(q, next.sub_category_id) : Promise.resolve(undefined),
      next.brand_id ? repo.findBrand(q, next.brand_id) : Promise.resolve(undefined),
      sent.unit_id ? repo.unitExists(q, sent.unit_id) : Promise.resolve(true),
      sent.colors ? repo.existingIds(q, 'colors', sent.colors.map((c) => c.id)) : Promise.resolve(null),
      sent.sizes ? repo.existingIds(q, 'sizes', sent.sizes.map((s) => s.id)) : Promise.resolve(null),
    ]);
    if (sent.category_id !== undefined && (!category || category.is_active !== 1))
      errors.category_id = ['The selected category id is invalid.'];
    if (sent.sub_category_id && (!sub || sub.is_active !== 1)) errors.sub_category_id = ['The selected sub category id is invalid.'];
    else if (
      next.sub_category_id &&
      sub &&
      category &&
      sub.category_id !== category.id &&
      (sent.sub_category_id !== undefined || sent.category_id !== undefined) &&
      !errors.category_id
    ) {
      const field = sent.sub_category_id !== undefined ? 'sub_category_id' : 'category_id';
      errors[field] = ['The sub category does not belong to the category.'];
    }
    if (sent.brand_id && !brand) errors.brand_id = ['The selected brand id is invalid.'];
    if (!unitOk) errors.unit_id = ['The selected unit id is invalid.'];
    if (colorIds && sent.colors!.some((c) => !colorIds.has(c.id))) errors.colors = ['The selected colors are invalid.'];
    if (sizeIds && sent.sizes!.some((s) => !sizeIds.has(s.id))) errors.sizes = ['The selected sizes are invalid.'];
    if (next.discount_price > 0 && next.discount_price >= next.price) {
      if (sent.discount_price !== undefined) errors.discount_price = ['The discount price must be below the price.'];
      else errors.price = ['The price must be above the discount price.'];
    }
    if (Object.keys(errors).length) throw validationError(errors);
    return { category: category!, sub: sub ?? null, brand: brand ?? null };
  }

  const sentFields = (body: Fields) => Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined);

  /** The columns a write sets from the fields it sends (search columns and list price kept in step). */
  function columnsOf(
    body: Fields,
    next: { name: string; name_ar: string; short_description: string | null; short_description_ar: string | null },
    names: Awaited<ReturnType<typeof references>>,
    prices: { price: number; discount_price: number },
  ): Updateable<ProductsTable> {
    const set: Updateable<ProductsTable> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.name_ar !== undefined) set.name_ar = body.name_ar;
    if (body.short_description !== undefined) set.short_description = textOrNull(body.short_description);
    if (body.short_description_ar !== undefined) set.short_description_ar = textOrNull(body.short_description_ar);
    if (body.description !== undefined) set.description = richOrNull(body.description);
    if (body.description_ar !== undefined) set.description_ar = richOrNull(body.description_ar);
    if (body.category_id !== undefined) set.category_id = body.category_id;
    if (body.sub_category_id !== undefined) set.sub_category_id = body.sub_category_id;
    if (body.brand_id !== undefined) set.brand_id = body.brand_id;
    if (body.unit_id !== undefined) set.unit_id = body.unit_id;
    if (body.price !== undefined) set.price = prices.price;
    if (body.discount_price !== undefined) set.discount_price = prices.discount_price;
    if (body.price !== undefined || body.discount_price !== undefined) set.list_price = listPriceOf(prices.price, prices.discount_price);
    // An absolute set, in the same statement as the rest: orders take stock with conditional decrements.
    if (body.quantity !== undefined) set.quantity = body.quantity;
    if (body.video_url !== undefined) set.video_url = textOrNull(body.video_url);
    if (body.meta_title !== undefined) set.meta_title = textOrNull(body.meta_title);
    if (body.meta_description !== undefined) set.meta_description = textOrNull(body.meta_description);
    if (body.meta_keywords !== undefined) set.meta_keywords = textOrNull(body.meta_keywords);
    if (body.is_active !== undefined) set.is_active = body.is_active ? 1 : 0;
    const searched = ['name', 'name_ar', 'short_description', 'short_description_ar', 'category_id', 'sub_category_id', 'brand_id'];
    if (searched.some((f) => (body as Record<string, unknown>)[f] !== undefined)) {
      Object.assign(
        set,
        productSearchColumns({
          name: next.name,
          name_ar: next.name_ar,
          short_description: next.short_description,
          short_description_ar: next.short_description_ar,
          brand: names.brand,
          category: names.category,
          sub_category: names.sub,
        }),
      );
    }
    return set;
  }

  const variantRows = (items: Array<{ id: number; price: number }>) => items.map((i) => ({ id: i.id, extra_price: toMinorUnits(i.price) }));

  async function writeVariants(trx: Trx, productId: number, body: Fields) {
    if (body.colors !== undefined) await repo.replaceVariants(trx, 'product_colors', productId, variantRows(body.colors));
    if (body.sizes !== undefined) await repo.replaceVariants(trx, 'product_sizes', productId, variantRows(body.sizes));
  }

  async function uniqueSlug(q: DbOrTrx, name: string): Promise<string> {
    const base = productSlug(name);
    if (!(await repo.slugTaken(q, base))) return base;
    for (;;) {
      const slug = `${base}-${randomBytes(3).toString('hex')}`;
      if (!(await repo.slugTaken(q, slug))) return slug;
    }
  }

  // --- Reads -----------------------------------------------------------------------------------------

  async function options(locale: Locale): Promise<SellerCatalogOptions> {
    const o = await repo.catalogOptions(db);
    const name = (r: { name: string; name_ar: string | null }) => localized(r.name, r.name_ar, locale);
    return {
      categories: o.categories.map((c) => ({
        id: c.id,
        name: name(c),
        sub_categories: o.subCategories.filter((s) => s.category_id === c.id).map((s) => ({ id: s.id, name: name(s) })),
      })),
      brands: o.brands.map((b) => ({ id: b.id, name: name(b) })),
      colors: o.colors.map((c) => ({ id: c.id, name: name(c), color_code: c.color_code })),
      sizes: o.sizes.map((s) => ({ id: s.id, name: s.name })),
      units: o.units.map((u) => ({ id: u.id, name: name(u) })),
    };
  }

  async function list(shopId: number, query: SellerProductsQuery, locale: Locale): Promise<{ total: number; products: SellerProductRow[] }> {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    const { total, rows } = await repo.listProducts(
      db,
      { shopId, terms: searchTerms(query.search ?? ''), status: query.status ?? 'all', categoryId: query.category_id },
      page,
      perPage,
    );
    return {
      total,
      products: rows.map((r) => ({
        id: r.id,
        name: r.name,
        name_ar: r.name_ar ?? '',
        thumbnail: r.thumbnail,
        price: omr(r.price),
        discount_price: omr(r.discount_price),
        quantity: r.quantity,
        is_active: r.is_active === 1,
        category: { id: r.category_id, name: localized(r.category_name, r.category_name_ar, locale) },
        total_sold: r.total_sold,
        updated_at: r.updated_at,
      })),
    };
  }

  async function get(shopId: number, id: number) {
    const product = await view(db, await mustFind(db, shopId, id));
    return { product, etag: etagOf(product) };
  }

  // --- Writes ----------------------------------------------------------------------------------------

  async function create(actor: Actor, shopId: number, body: SellerProductCreateBody) {
    const at = now().toISOString();
    const price = toMinorUnits(body.price);
    const discount = toMinorUnits(body.discount_price ?? 0);
    const product = await db.transaction().execute(async (trx) => {
      const names = await references(
        trx,
        {
          category_id: body.category_id,
          sub_category_id: body.sub_category_id ?? null,
          brand_id: body.brand_id ?? null,
          price,
          discount_price: discount,
        },
        body,
      );
      const short = { en: textOrNull(body.short_description), ar: textOrNull(body.short_description_ar) };
      const id = await repo.insertProduct(trx, {
        shop_id: shopId,
        category_id: body.category_id,
        sub_category_id: body.sub_category_id ?? null,
        brand_id: body.brand_id ?? null,
        unit_id: body.unit_id ?? null,
        name: body.name,
        name_ar: body.name_ar,
        slug: await uniqueSlug(trx, body.name),
        short_description: short.en,
        short_description_ar: short.ar,
        description: richOrNull(body.description),
        description_ar: richOrNull(body.description_ar),
        thumbnail: null,
        video_url: textOrNull(body.video_url),
        price,
        discount_price: discount,
        quantity: body.quantity ?? 0,
        ...productSearchColumns({
          name: body.name,
          name_ar: body.name_ar,
          short_description: short.en,
          short_description_ar: short.ar,
          brand: names.brand,
          category: names.category,
          sub_category: names.sub,
        }),
        list_price: listPriceOf(price, discount),
        is_active: body.is_active === false ? 0 : 1,
        meta_title: textOrNull(body.meta_title),
        meta_description: textOrNull(body.meta_description),
        meta_keywords: textOrNull(body.meta_keywords),
        created_at: at,
        updated_at: at,
      });
      await writeVariants(trx, id, body);
      const created = await view(trx, await mustFind(trx, shopId, id));
      await recordAudit(
        trx,
        actor,
        { action: 'product.create', targetType: 'product', targetId: id, changes: changesOf({}, audited(created)) },
        now(),
      );
      return created;
    });
    return { product, etag: etagOf(product) };
  }

  /**
   * Changes only the fields sent. With `ifMatch` (the If-Match header), only while the product is still
   * at that version: else 412, nothing written. Rules are checked against the stored values of the
   * fields not sent (a discount against the stored price, a sub-category against the stored category).
   */
  async function update(actor: Actor, shopId: number, id: number, body: SellerProductUpdateBody, ifMatch?: string) {
    const product = await db.transaction().execute(async (trx) => {
      const row = await mustFind(trx, shopId, id, true);
      if (!ifMatchHolds(ifMatch, etagOf(row))) throw new HttpError(412, PRODUCT_CHANGED);
      const before = await view(trx, row);
      if (sentFields(body).length === 0) return before;
      const prices = {
        price: body.price !== undefined ? toMinorUnits(body.price) : row.price,
        discount_price: body.discount_price !== undefined ? toMinorUnits(body.discount_price) : row.discount_price,
      };
      const names = await references(
        trx,
        {
          category_id: body.category_id ?? row.category_id,
          sub_category_id: body.sub_category_id !== undefined ? body.sub_category_id : row.sub_category_id,
          brand_id: body.brand_id !== undefined ? body.brand_id : row.brand_id,
          ...prices,
        },
        body,
      );
      const pick = <K extends 'short_description' | 'short_description_ar'>(k: K) =>
        body[k] !== undefined ? textOrNull(body[k]) : row[k];
      const set = columnsOf(
        body,
        {
          name: body.name ?? row.name,
          name_ar: body.name_ar ?? row.name_ar ?? '',
          short_description: pick('short_description'),
          short_description_ar: pick('short_description_ar'),
        },
        names,
        prices,
      );
      set.updated_at = nextUpdatedAt(row.updated_at, now());
      const written = await repo.updateProduct(
        trx,
        shopId,
        id,
        set,
        ifMatch !== undefined ? { updated_at: row.updated_at, quantity: row.quantity } : undefined,
      );
      if (!written) throw new HttpError(412, PRODUCT_CHANGED);
      await writeVariants(trx, id, body);
      const after = await view(trx, await mustFind(trx, shopId, id));
      const changes = changesOf(audited(before), audited(after));
      if (Object.keys(changes).length)
        await recordAudit(trx, actor, { action: 'product.update', targetType: 'product', targetId: id, changes }, now());
      return after;
    });
    return { product, etag: etagOf(product) };
  }

  /**
   * Deletes a product never ordered (with its pictures' files); archives one that was: switched off and
   * marked archived, gone from the storefront, the shop and the seller's list, kept in its orders.
   */
  async function remove(actor: Actor, shopId: number, id: number): Promise<void> {
    const files = await db.transaction().execute(async (trx) => {
      const row = await mustFind(trx, shopId, id, true);
      const before = await view(trx, row);
      const at = now().toISOString();
      if (await repo.everOrdered(trx, id)) {
        await repo.updateProduct(trx, shopId, id, { archived_at: at, is_active: 0, updated_at: nextUpdatedAt(row.updated_at, now()) });
        await recordAudit(
          trx,
          actor,
          {
            action: 'product.archive',
            targetType: 'product',
            targetId: id,
            changes: { is_active: [before.is_active, false], archived_at: [null, at] },
          },
          now(),
        );
        return [];
      }
      const reviewed = await repo.hasReviews(trx, id);
      await repo.deleteProduct(trx, shopId, id);
      if (reviewed) await repo.refreshShopRating(trx, shopId);
      await recordAudit(
        trx,
        actor,
        { action: 'product.delete', targetType: 'product', targetId: id, changes: changesOf(audited(before), {}, AUDITED) },
        now(),
      );
      return [...before.images.map((i) => i.url), ...(before.thumbnail ? [before.thumbnail] : [])];
    });
    await removeFiles(files);
  }

  // --- Pictures --------------------------------------------------------------------------------------

  /**
   * The file of a picture this module stored (`/uploads/products/<product id>-<24 hex>.webp`), never
   * another: the generated catalogue's products share template pictures, which must stay.
   */
  function fileOf(url: string): string | null {
    const name = url.startsWith(`${IMAGE_URL_DIR}/`) ? url.slice(IMAGE_URL_DIR.length + 1) : '';
    return /^\d+-[0-9a-f]{24}\.webp$/.test(name) ? path.join(deps.uploadsDir, IMAGE_DIR, name) : null;
  }

  async function removeFiles(urls: string[]) {
    for (const url of new Set(urls)) {
      const file = fileOf(url);
      if (file) await fs.rm(file, { force: true }).catch(() => undefined);
    }
  }

  /** Keeps the thumbnail the first picture's, moves the version, and answers the pictures in order. */
  async function afterImagesChanged(trx: Trx, row: repo.ProductRow) {
    const images = await repo.productImages(trx, row.id);
    await repo.updateProduct(trx, row.shop_id, row.id, {
      thumbnail: images[0]?.path ?? null,
      updated_at: nextUpdatedAt(row.updated_at, now()),
    });
    return images.map(toImage);
  }

  const tooMany = () =>
    validationError({ image: [`A product may have at most ${PRODUCT_IMAGES_MAX} pictures: remove one before adding another.`] });

  async function addImage(actor: Actor, shopId: number, id: number, upload: Buffer): Promise<SellerProductImage[]> {
    // Checked before decoding (a picture too many is not worth the work), and again in the transaction.
    if ((await repo.productImages(db, (await mustFind(db, shopId, id)).id)).length >= PRODUCT_IMAGES_MAX) throw tooMany();
    const webp = await deps.processImage(upload);
    const name = `${id}-${randomBytes(12).toString('hex')}.webp`;
    const dir = path.join(deps.uploadsDir, IMAGE_DIR);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, name), webp);
    const url = `${IMAGE_URL_DIR}/${name}`;
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await mustFind(trx, shopId, id, true);
        const current = await repo.productImages(trx, id);
        if (current.length >= PRODUCT_IMAGES_MAX) throw tooMany();
        const sort = current.length ? Math.max(...current.map((i) => i.sort)) + 1 : 0;
        const imageId = await repo.insertImage(trx, id, url, sort);
        const images = await afterImagesChanged(trx, row);
        await recordAudit(
          trx,
          actor,
          {
            action: 'product.image.add',
            targetType: 'product',
            targetId: id,
            changes: { images: [current.map((i) => i.id), images.map((i) => i.id)], added: [null, { id: imageId, url }] },
          },
          now(),
        );
        return images;
      });
    } catch (error) {
      await fs.rm(path.join(dir, name), { force: true });
      throw error;
    }
  }

  async function reorderImages(actor: Actor, shopId: number, id: number, ids: number[]): Promise<SellerProductImage[]> {
    return db.transaction().execute(async (trx) => {
      const row = await mustFind(trx, shopId, id, true);
      const current = await repo.productImages(trx, id);
      const known = new Set(current.map((i) => i.id));
      if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((i) => !known.has(i)))
        throw validationError({ ids: ["The ids field must list each of the product's pictures once."] });
      for (const [sort, imageId] of ids.entries()) await repo.setImageSort(trx, id, imageId, sort);
      const images = await afterImagesChanged(trx, row);
      const changes = changesOf({ images: current.map((i) => i.id) }, { images: images.map((i) => i.id) });
      if (Object.keys(changes).length)
        await recordAudit(trx, actor, { action: 'product.image.reorder', targetType: 'product', targetId: id, changes }, now());
      return images;
    });
  }

  async function removeImage(actor: Actor, shopId: number, id: number, imageId: number): Promise<void> {
    const url = await db.transaction().execute(async (trx) => {
      const row = await mustFind(trx, shopId, id, true);
      const current = await repo.productImages(trx, id);
      const image = current.find((i) => i.id === imageId);
      if (!image) throw notFound('Picture not found.');
      await repo.deleteImage(trx, id, imageId);
      const images = await afterImagesChanged(trx, row);
      await recordAudit(
        trx,
        actor,
        {
          action: 'product.image.remove',
          targetType: 'product',
          targetId: id,
          changes: { images: [current.map((i) => i.id), images.map((i) => i.id)], removed: [{ id: image.id, url: image.path }, null] },
        },
        now(),
      );
      return image.path;
    });
    await removeFiles([url]);
  }

  return { options, list, get, create, update, remove, addImage, reorderImages, removeImage };
}
export type SellerProductsService = ReturnType<typeof createSellerProductsService>;
