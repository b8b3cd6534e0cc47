import { type TaxonomyKind } from '@souq/contracts';
import { type Kysely, sql } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { ProductSearchSource } from '../../shared/product-columns';

/**
 * SQL of the six taxonomy tables, one table-driven set of statements (the kinds differ in their table, the
 * column their picture is in, and who uses them). Rows are read and written as one shape; a kind's own
 * columns (category_id, color_code, the picture) are only touched for kinds that have them.
 */

export interface TaxonomyRow {
  id: number;
  name: string;
  name_ar: string | null;
  slug: string | null;
  is_active: number;
  sort: number;
  thumbnail?: string | null;
  category_id?: number;
  color_code?: string;
}

interface Usage {
  table: 'products' | 'product_colors' | 'product_sizes' | 'sub_categories';
  column: string;
}

export interface TaxonomyTable {
  table: string;
  /** The audit log's and the fallback slug's name of one. */
  prefix: string;
  /** The column holding the picture (brands call it logo), or none. */
  picture: 'thumbnail' | 'logo' | null;
  /** Who refers to a row: a delete is refused while any does. */
  products: Usage;
  sub?: Usage;
  extra: Array<'category_id' | 'color_code'>;
}

export const TABLES: Record<TaxonomyKind, TaxonomyTable> = {
  categories: {
    table: 'categories',
    prefix: 'category',
    picture: 'thumbnail',
    products: { table: 'products', column: 'category_id' },
    sub: { table: 'sub_categories', column: 'category_id' },
    extra: [],
  },
  'sub-categories': {
    table: 'sub_categories',
    prefix: 'sub_category',
    picture: 'thumbnail',
    products: { table: 'products', column: 'sub_category_id' },
    extra: ['category_id'],
  },
  brands: { table: 'brands', prefix: 'brand', picture: 'logo', products: { table: 'products', column: 'brand_id' }, extra: [] },
  colors: {
    table: 'colors',
    prefix: 'color',
    picture: null,
    products: { table: 'product_colors', column: 'color_id' },
    extra: ['color_code'],
  },
  sizes: { table: 'sizes', prefix: 'size', picture: null, products: { table: 'product_sizes', column: 'size_id' }, extra: [] },
  units: { table: 'units', prefix: 'unit', picture: null, products: { table: 'products', column: 'unit_id' }, extra: [] },
};

/**
 * The six tables through one untyped view: their shared columns have the same names and types, and the
 * names used here come from TABLES above, never from a request.
 */
type AnyTable = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const untyped = (db: DbOrTrx) => db as unknown as Kysely<Record<string, AnyTable & { id: number } & any>>;

function columnsOf(t: TaxonomyTable) {
  const cols: string[] = ['id', 'name', 'name_ar', 'slug', 'is_active', 'sort'];
  if (t.picture) cols.push(`${t.picture} as thumbnail`);
  cols.push(...t.extra);
  return cols;
}

/** `%text%` for LIKE with its wildcards taken literally (escaped with a backslash). */
const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: DbOrTrx, t: TaxonomyTable, f: { search?: string; categoryId?: number }) {
  let q = untyped(db).selectFrom(t.table);
  if (f.search) {
    const like = likeOf(f.search);
    q = q.where(
      sql<boolean>`(lower(name) like ${like} escape '\\' or lower(coalesce(name_ar, '')) like ${like} escape '\\' or slug like ${like} escape '\\')`,
    );
  }
  if (f.categoryId !== undefined && t.extra.includes('category_id')) q = q.where('category_id', '=', f.categoryId);
  return q;
}

/** One page in display order (sort, then id), and how many match. */
export async function listRows(
  db: DbOrTrx,
  t: TaxonomyTable,
  f: { search?: string; categoryId?: number },
  page: number,
  perPage: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, t, f)
      .select(columnsOf(t))
      .orderBy('sort')
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute() as Promise<TaxonomyRow[]>,
    filtered(db, t, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const rowById = (db: DbOrTrx, t: TaxonomyTable, id: number) =>
  untyped(db).selectFrom(t.table).select(columnsOf(t)).where('id', '=', id).executeTakeFirst() as Promise<
    TaxonomyRow | undefined
  >;

export const slugTaken = async (db: DbOrTrx, t: TaxonomyTable, slug: string, exceptId?: number) => {
  let q = untyped(db).selectFrom(t.table).select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
};

export async function insertRow(db: DbOrTrx, t: TaxonomyTable, values: Record<string, unknown>): Promise<number> {
  const row = await untyped(db).insertInto(t.table).values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateRow(db: DbOrTrx, t: TaxonomyTable, id: number, values: Record<string, unknown>) {
  await untyped(db).updateTable(t.table).set(values).where('id', '=', id).execute();
}

export async function deleteRow(db: DbOrTrx, t: TaxonomyTable, id: number) {
  await untyped(db).deleteFrom(t.table).where('id', '=', id).execute();
}

/** How many rows of `usage` refer to each of `ids`. */
async function countsBy(db: DbOrTrx, usage: Usage, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = (await untyped(db)
    .selectFrom(usage.table)
    .select([`${usage.column} as ref`, (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(usage.column, 'in', ids)
    .groupBy(usage.column)
    .execute()) as Array<{ ref: number; n: number | string }>;
  return new Map(rows.map((r) => [Number(r.ref), Number(r.n)]));
}

/** Products (every one, archived too: they keep their references) and sub-categories using each row. */
export async function usageOf(db: DbOrTrx, t: TaxonomyTable, ids: number[]) {
  const [products, subs] = await Promise.all([countsBy(db, t.products, ids), t.sub ? countsBy(db, t.sub, ids) : null]);
  return { products, subs };
}

export const categoryExists = async (db: DbOrTrx, id: number) =>
  !!(await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst());

export async function categoryNames(db: DbOrTrx, ids: number[]) {
  if (!ids.length) return new Map<number, { name: string; name_ar: string | null }>();
  const rows = await db.selectFrom('categories').select(['id', 'name', 'name_ar']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Products read for their search words at a time (a rename of a large brand rewrites them in turns). */
const SEARCH_WORDS_BATCH = 500;

/**
 * The kinds whose names are part of their products' search words (`search_text`, migration 004): a rename
 * of one writes its products' words again, in the rename's transaction, so that a search by the new name
 * finds them (and the catalogue's revision and change log move by trigger, as for a seller's save).
 */
export const NAMED_IN_SEARCH: Partial<Record<TaxonomyKind, 'category_id' | 'sub_category_id' | 'brand_id'>> = {
  categories: 'category_id',
  'sub-categories': 'sub_category_id',
  brands: 'brand_id',
};

/**
 * Writes again the search words of every product that `column` = `id` names, `words` making them from the
 * product's names and its brand's, category's and sub-category's (as they are now, in this transaction);
 * answers how many products.
 */
export async function rewriteSearchWords(
  q: DbOrTrx,
  column: 'category_id' | 'sub_category_id' | 'brand_id',
  id: number,
  words: (p: ProductSearchSource) => { search_text: string; search_name: string },
): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await q
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin('sub_categories as sc', 'sc.id', 'p.sub_category_id')
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select([
        'p.id',
        'p.name',
        'p.name_ar',
        'p.short_description',
        'p.short_description_ar',
        'p.search_text',
        'c.name as category_name',
        'c.name_ar as category_name_ar',
        'sc.name as sub_name',
        'sc.name_ar as sub_name_ar',
        'b.name as brand_name',
        'b.name_ar as brand_name_ar',
      ])
      .where(`p.${column}`, '=', id)
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(SEARCH_WORDS_BATCH)
      .execute();
    for (const r of rows) {
      const { search_text } = words({
        name: r.name,
        name_ar: r.name_ar,
        short_description: r.short_description,
        short_description_ar: r.short_description_ar,
        category: { name: r.category_name, name_ar: r.category_name_ar },
        sub_category: r.sub_name === null ? null : { name: r.sub_name, name_ar: r.sub_name_ar },
        brand: r.brand_name === null ? null : { name: r.brand_name, name_ar: r.brand_name_ar },
      });
      // Only what changed is written (a rename of the Arabic name alone leaves English-only rows as they are).
      if (search_text === r.search_text) continue;
      await q.updateTable('products').set({ search_text }).where('id', '=', r.id).execute();
      count++;
    }
    if (rows.length < SEARCH_WORDS_BATCH) return count;
    after = rows.at(-1)!.id;
  }
}
