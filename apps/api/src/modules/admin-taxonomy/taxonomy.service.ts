import {
  TAXONOMY,
  TAXONOMY_PER_PAGE,
  type Locale,
  type TaxonomyItem,
  type TaxonomyKind,
  type TaxonomyQuery,
  type TaxonomyWrite,
} from '@souq/contracts';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTrx } from '../../db';
import { HttpError, notFound, validationError } from '../../http/route';
import { changesOf, recordAudit, type Actor } from '../audit';
import type { ConsolePictures } from './pictures';
import { withPicture } from './pictures';
import * as repo from './taxonomy.repository';
import { isUniqueViolation } from '../../db/errors';
import { productSearchColumns } from '../../shared/product-columns';

export interface TaxonomyDeps {
  db: Db;
  pictures: ConsolePictures;
  now: () => Date;
}

const SLUG_TAKEN = 'This slug is already in use. Choose another.';
const NO_CATEGORY = 'The selected category id is invalid.';

/** What the 409 of a delete says, in the request's language: in use, so switch it off instead. */
export function inUseMessage(kind: TaxonomyKind, products: number, subs: number, locale: Locale): string {
  if (locale === 'ar') {
    const what = [products ? `${products} من المنتجات` : '', subs ? `${subs} من الأقسام الفرعية` : ''].filter(Boolean).join(' و');
    return `لا يمكن حذفه لأنه مستخدم في ${what}. أوقفه بدلاً من ذلك: يختفي من المتجر ويبقى ما يستخدمه كما هو.`;
  }
  const label = TAXONOMY[kind].singular.replace('_', '-');
  const what = [
    products ? `${products} product${products === 1 ? '' : 's'}` : '',
    subs ? `${subs} sub-categor${subs === 1 ? 'y' : 'ies'}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `This ${label} is used by ${what}, so it cannot be deleted. Switch it off instead: it leaves the storefront and what uses it stays as it is.`;
}

/** A slug from the English name ("Home & Kitchen" → "home-kitchen"); without Latin letters or digits, the kind's word. */
export function slugBase(name: string, prefix: string): string {
  const words =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [];
  return words.join('-').slice(0, 120).replace(/-+$/, '') || prefix.replace('_', '-');
}

/**
 * The six taxonomy kinds through one service (TAXONOMY in the contract, TABLES in the repository): list,
 * create, partial update, delete (409 while in use). Every write and its audit entry share a transaction.
 */
export function createTaxonomyService({ db, pictures, now }: TaxonomyDeps) {
  async function toItems(kind: TaxonomyKind, rows: repo.TaxonomyRow[], q: DbOrTrx = db): Promise<TaxonomyItem[]> {
    const t = repo.TABLES[kind];
    const ids = rows.map((r) => r.id);
    const [usage, parents] = await Promise.all([
      repo.usageOf(q, t, ids),
      t.extra.includes('category_id') ? repo.categoryNames(q, [...new Set(rows.map((r) => r.category_id!))]) : null,
    ]);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      name_ar: r.name_ar,
      slug: r.slug ?? `${t.prefix}-${r.id}`,
      is_active: Number(r.is_active) === 1,
      sort: Number(r.sort),
      ...(t.picture ? { thumbnail: r.thumbnail ?? null } : {}),
      ...(parents ? { category_id: r.category_id!, category_name: parents.get(r.category_id!)?.name ?? '' } : {}),
      ...(t.extra.includes('color_code') ? { color_code: r.color_code! } : {}),
      products_count: usage.products.get(r.id) ?? 0,
      ...(usage.subs ? { sub_categories_count: usage.subs.get(r.id) ?? 0 } : {}),
    }));
  }

  async function one(kind: TaxonomyKind, q: DbOrTrx, id: number): Promise<TaxonomyItem> {
    const row = await repo.rowById(q, repo.TABLES[kind], id);
    if (!row) throw notFound();
    return (await toItems(kind, [row], q))[0]!;
  }

  async function list(kind: TaxonomyKind, query: TaxonomyQuery) {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? TAXONOMY_PER_PAGE;
    const { rows, total } = await repo.listRows(
      db,
      repo.TABLES[kind],
      { search: query.search || undefined, categoryId: query.category_id },
      page,
      perPage,
    );
    return { total, items: await toItems(kind, rows) };
  }

  /** The slug to store: the one sent (422 when another row has it), or one made from the name. */
  async function slugFor(q: DbOrTrx, t: repo.TaxonomyTable, sent: string | null, name: string, id?: number): Promise<string> {
    if (sent) {
      if (await repo.slugTaken(q, t, sent, id)) throw validationError({ slug: [SLUG_TAKEN] });
      return sent;
    }
    const base = slugBase(name, t.prefix);
    for (let n = 1; n <= 20; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(q, t, slug, id))) return slug;
    }
    return `${base}-${randomBytes(3).toString('hex')}`;
  }

  /** The columns a write stores (only the fields sent), after the rules that read the database. */
  async function stored(q: DbOrTrx, kind: TaxonomyKind, body: TaxonomyWrite, before: repo.TaxonomyRow | null) {
    const t = repo.TABLES[kind];
    const out: Record<string, unknown> = {};
    if (body.name !== undefined) out.name = body.name;
    if (body.name_ar !== undefined) out.name_ar = body.name_ar;
    if (body.is_active !== undefined) out.is_active = body.is_active ? 1 : 0;
    if (body.sort !== undefined) out.sort = body.sort;
    if (body.color_code !== undefined && t.extra.includes('color_code')) out.color_code = body.color_code;
    if (body.category_id !== undefined && t.extra.includes('category_id')) {
      if (!(await repo.categoryExists(q, body.category_id))) throw validationError({ category_id: [NO_CATEGORY] });
      out.category_id = body.category_id;
    }
    // A slug is made on create, or when one is asked for again (null); a rename keeps it, so links stay good.
    if (!before || body.slug !== undefined)
      out.slug = await slugFor(q, t, body.slug ?? null, body.name ?? before?.name ?? '', before?.id);
    if (body.thumbnail === null && t.picture) out[t.picture] = null;
    return out;
  }

  const audited = (item: TaxonomyItem | null): Record<string, unknown> => {
    if (!item) return {};
    const { products_count: _p, sub_categories_count: _s, category_name: _c, id: _i, ...fields } = item;
    return fields;
  };

  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw validationError({ slug: [SLUG_TAKEN] });
      throw error;
    }
  }

  async function create(kind: TaxonomyKind, actor: Actor, body: TaxonomyWrite, upload: Buffer | null): Promise<TaxonomyItem> {
    const t = repo.TABLES[kind];
    const picture = upload && t.picture ? await pictures.store('taxonomy', t.prefix, upload) : null;
    const at = now();
    return withPicture(picture, (url) =>
      write(() =>
        db.transaction().execute(async (trx) => {
          const values = await stored(trx, kind, body, null);
          if (url && t.picture) values[t.picture] = url;
          const id = await repo.insertRow(trx, t, { is_active: 1, sort: 0, ...values });
          const item = await one(kind, trx, id);
          await recordAudit(
            trx,
            actor,
            { action: `${t.prefix}.create`, targetType: t.prefix, targetId: id, changes: changesOf({}, audited(item)) },
            at,
          );
          return item;
        }),
      ),
    );
  }

  async function update(
    kind: TaxonomyKind,
    actor: Actor,
    id: number,
    body: TaxonomyWrite,
    upload: Buffer | null,
  ): Promise<TaxonomyItem> {
    const t = repo.TABLES[kind];
    if (!(await repo.rowById(db, t, id))) throw notFound();
    const picture = upload && t.picture ? await pictures.store('taxonomy', t.prefix, upload) : null;
    const at = now();
    return withPicture(picture, (url) =>
      write(() =>
        db.transaction().execute(async (trx) => {
          const before = await repo.rowById(trx, t, id);
          if (!before) throw notFound();
          const values = await stored(trx, kind, body, before);
          if (url && t.picture) values[t.picture] = url;
          const shownBefore = (await toItems(kind, [before], trx))[0]!;
          if (Object.keys(values).length) await repo.updateRow(trx, t, id, values);
          // A new name is in its products' search words at once (the storefront's search finds it).
          const named = repo.NAMED_IN_SEARCH[kind];
          if (named && (body.name !== undefined || body.name_ar !== undefined))
            await repo.rewriteSearchWords(trx, named, id, productSearchColumns);
          const after = await one(kind, trx, id);
          const changes = changesOf(audited(shownBefore), audited(after));
          if (Object.keys(changes).length)
            await recordAudit(trx, actor, { action: `${t.prefix}.update`, targetType: t.prefix, targetId: id, changes }, at);
          return after;
        }),
      ),
    );
  }

  /** Deletes a row nothing uses; 409 (in the request's language) while products or sub-categories do. */
  async function remove(kind: TaxonomyKind, actor: Actor, id: number, locale: Locale): Promise<void> {
    const t = repo.TABLES[kind];
    const at = now();
    await db.transaction().execute(async (trx) => {
      const row = await repo.rowById(trx, t, id);
      if (!row) throw notFound();
      const item = (await toItems(kind, [row], trx))[0]!;
      const subs = item.sub_categories_count ?? 0;
      if (item.products_count > 0 || subs > 0) throw new HttpError(409, inUseMessage(kind, item.products_count, subs, locale));
      await repo.deleteRow(trx, t, id);
      const fields = audited(item);
      await recordAudit(
        trx,
        actor,
        { action: `${t.prefix}.delete`, targetType: t.prefix, targetId: id, changes: changesOf(fields, {}, Object.keys(fields)) },
        at,
      );
    });
  }

  return { list, create, update, remove };
}
export type TaxonomyService = ReturnType<typeof createTaxonomyService>;
