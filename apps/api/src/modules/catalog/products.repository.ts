import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db';
import { withoutArticle } from '../../shared/search-text';
import { runningSale } from './catalog.repository';

/**
 * All SQL of the product lists: filters, sorts, full-text search and facets.
 *
 * The effective price of a product is its running flash-sale price when lower than its list price
 * (the shop's discount, else the price; column list_price, indexed). The flash-sale join is added only
 * when a price sort, price filter, the deals filter or the price facet needs it.
 *
 * Search: the query's normalised terms are matched as prefixes against the FTS5 index (SQLite) or the
 * weighted tsvector GIN index (PostgreSQL) over search_name and search_text; names weigh more, so
 * better matches come first under the default sort.
 */

export interface ProductListFilter {
  /** Normalised search terms (see shared/search-text.ts), at most 8. */
  terms: string[];
  shopId?: number;
  categoryId?: number;
  subCategoryId?: number;
  brandIds?: number[];
  colorIds?: number[];
  sizeIds?: number[];
  minRating?: number;
  /** Baisa. */
  minPrice?: number;
  maxPrice?: number;
  deals?: boolean;
}

export type ProductSort = 'default' | 'newest' | 'low_to_high' | 'high_to_low' | 'popular_product' | 'top_selling';

const EFFECTIVE = sql`(CASE WHEN fp.fprice IS NOT NULL AND fp.fprice < p.list_price THEN fp.fprice ELSE p.list_price END)`;

/** FTS5 query: every term as a prefix; Arabic words also without their article ("الساعه" | "ساعه"). */
export function ftsQuery(terms: string[]): string {
  return terms
    .map((t) => {
      const stem = withoutArticle(t);
      return stem ? `("${t}"* OR "${stem}"*)` : `"${t}"*`;
    })
    .join(' ');
}

/** PostgreSQL tsquery text with the same meaning. Terms hold only letters and digits. */
export function tsQuery(terms: string[]): string {
  return terms
    .map((t) => {
      const stem = withoutArticle(t);
      return stem ? `(${t}:* | ${stem}:*)` : `${t}:*`;
    })
    .join(' & ');
}

const PG_TSV = sql`(setweight(to_tsvector('simple', p.search_name), 'A') || setweight(to_tsvector('simple', p.search_text), 'B'))`;

interface Parts {
  joins: RawBuilder<unknown>[];
  wheres: RawBuilder<unknown>[];
  rank: RawBuilder<unknown> | null;
}

const RUNNING_FLASH = (now: string) => sql`SELECT fsp.product_id, MIN(fsp.price) AS fprice FROM flash_sale_products fsp
    JOIN flash_sales fs ON fs.id = fsp.flash_sale_id
    WHERE ${runningSale(now)}
    GROUP BY fsp.product_id`;

const runningFlashJoin = (now: string) => sql`LEFT JOIN (${RUNNING_FLASH(now)}) fp ON fp.product_id = p.id`;

function idIn(column: string, ids: number[]) {
  return sql`${sql.ref(column)} IN (${sql.join(ids)})`;
}

/**
 * Builds joins and conditions. `refine` false leaves out brand, colour, size, rating and price, which is
 * the context the facets are computed in (so picking a brand does not hide the other brands).
 * The shop condition is a NOT IN over the (few, usually no) inactive shops, so that the planner can drive
 * the query from the products indexes (covering for counts) rather than from the shops table.
 */
function parts(dialect: Dialect, f: ProductListFilter, now: string, opts: { refine: boolean; flash: boolean }): Parts {
  const joins: RawBuilder<unknown>[] = [];
  const wheres: RawBuilder<unknown>[] = [
    sql`p.is_active = 1`,
    sql`p.shop_id NOT IN (SELECT si.id FROM shops si WHERE si.is_active <> 1)`,
  ];
  let rank: RawBuilder<unknown> | null = null;
  if (f.terms.length) {
    if (dialect === 'sqlite') {
      joins.push(
        sql`JOIN (SELECT rowid AS fid, bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts WHERE products_fts MATCH ${ftsQuery(f.terms)}) f ON f.fid = p.id`,
      );
      rank = sql`f.rank`;
    } else {
      const q = sql`to_tsquery('simple', ${tsQuery(f.terms)})`;
      wheres.push(sql`${PG_TSV} @@ ${q}`);
      rank = sql`-ts_rank(${PG_TSV}, ${q})`;
    }
  }
  if (f.shopId) wheres.push(sql`p.shop_id = ${f.shopId}`);
  if (f.categoryId) wheres.push(sql`p.category_id = ${f.categoryId}`);
  if (f.subCategoryId) wheres.push(sql`p.sub_category_id = ${f.subCategoryId}`);
  const needFlash = opts.flash || f.deals || (opts.refine && (f.minPrice !== undefined || f.maxPrice !== undefined));
  if (needFlash) joins.push(runningFlashJoin(now));
  if (f.deals) wheres.push(sql`${EFFECTIVE} < p.price`);
  if (opts.refine) {
    if (f.brandIds?.length) wheres.push(idIn('p.brand_id', f.brandIds));
    if (f.colorIds?.length)
      wheres.push(
        sql`EXISTS (SELECT 1 FROM product_colors pc WHERE pc.product_id = p.id AND ${idIn('pc.color_id', f.colorIds)})`,
      );
    if (f.sizeIds?.length)
      wheres.push(sql`EXISTS (SELECT 1 FROM product_sizes ps WHERE ps.product_id = p.id AND ${idIn('ps.size_id', f.sizeIds)})`);
    if (f.minRating) wheres.push(sql`p.rating >= ${f.minRating}`);
    if (f.minPrice !== undefined) wheres.push(sql`${EFFECTIVE} >= ${f.minPrice}`);
    if (f.maxPrice !== undefined) wheres.push(sql`${EFFECTIVE} <= ${f.maxPrice}`);
  }
  return { joins, wheres, rank };
}

const from = (p: Parts) => sql`FROM products p ${sql.join(p.joins, sql` `)} WHERE ${sql.join(p.wheres, sql` AND `)}`;

/** A sort's keys, most significant first. */
function sortKeys(sort: ProductSort, rank: RawBuilder<unknown> | null): Array<{ key: RawBuilder<unknown>; dir: 'ASC' | 'DESC' }> {
  switch (sort) {
    case 'newest':
      return [
        { key: sql`p.created_at`, dir: 'DESC' },
        { key: sql`p.id`, dir: 'DESC' },
      ];
    case 'low_to_high':
      return [
        { key: EFFECTIVE, dir: 'ASC' },
        { key: sql`p.id`, dir: 'ASC' },
      ];
    case 'high_to_low':
      return [
        { key: EFFECTIVE, dir: 'DESC' },
        { key: sql`p.id`, dir: 'DESC' },
      ];
    case 'popular_product':
      return [
        { key: sql`p.rating`, dir: 'DESC' },
        { key: sql`p.total_reviews`, dir: 'DESC' },
        { key: sql`p.id`, dir: 'DESC' },
      ];
    case 'top_selling':
      return [
        { key: sql`p.total_sold`, dir: 'DESC' },
        { key: sql`p.id`, dir: 'DESC' },
      ];
    default:
      return rank
        ? [
            { key: rank, dir: 'ASC' },
            { key: sql`p.id`, dir: 'DESC' },
          ]
        : [{ key: sql`p.id`, dir: 'DESC' }];
  }
}

const orderBy = (sort: ProductSort, rank: RawBuilder<unknown> | null) =>
  sql.join(sortKeys(sort, rank).map(({ key, dir }) => sql`${key} ${sql.raw(dir)}`));

/** How many distinct products a running flash sale currently reprices. */
async function runningFlashCount(db: DbOrTrx, now: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${RUNNING_FLASH(now)}) x`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function countProducts(db: DbOrTrx, dialect: Dialect, f: ProductListFilter, now: string): Promise<number> {
  const p = parts(dialect, f, now, { refine: true, flash: false });
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n ${from(p)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The catalogue's revision as a column of a page's query (read in the same statement, the same snapshot). */
const REVISION = sql`(SELECT revision FROM catalog_revision WHERE id = 1)`;

/**
 * A page of product ids, and the catalogue's revision read by the same statement (null when the page
 * is empty): the catalogue memo needs it for the same request, and on PostgreSQL a statement of its own
 * was a third of a catalogue answer's round trips.
 */
export interface IdPage {
  ids: number[];
  revision: number | null;
}

/** The revision a page's statement read with its rows (`rev` column; null when the page is empty). */
export const revisionOf = (rows: Array<{ rev: number | string | null }>) =>
  rows.length && rows[0]!.rev !== null ? Number(rows[0]!.rev) : null;

const idPage = (rows: Array<{ id: number; rev: number | string | null }>): IdPage => ({
  ids: rows.map((r) => r.id),
  revision: revisionOf(rows),
});

/**
 * A page of a list as a subquery for the statement that reads its cards (product-cards.ts `cardPage`):
 * columns `id`, `rev` (the catalogue's revision, same snapshot) and the sort's keys `k0`, `k1`, …, and the
 * order of the page's rows by those keys. Undefined for a price sort without search words, which pages in
 * two steps (listByPrice).
 */
export function pageOfList(
  dialect: Dialect,
  f: ProductListFilter,
  sort: ProductSort,
  limit: number,
  offset: number,
  now: string,
): { page: RawBuilder<unknown>; order: RawBuilder<unknown> } | undefined {
  const byPrice = sort === 'low_to_high' || sort === 'high_to_low';
  if (byPrice && !f.terms.length) return undefined;
  const p = parts(dialect, f, now, { refine: true, flash: byPrice });
  const keys = sortKeys(sort, p.rank);
  const columns = sql.join(keys.map(({ key }, i) => sql`${key} AS ${sql.raw(`k${i}`)}`));
  return {
    page: sql`SELECT p.id, ${REVISION} AS rev, ${columns} ${from(p)} ORDER BY ${orderBy(sort, p.rank)} LIMIT ${limit} OFFSET ${offset}`,
    order: sql.join(keys.map(({ dir }, i) => sql.raw(`pg.k${i} ${dir}`))),
  };
}

/**
 * A price sort that walks the list_price index instead of sorting every match: a product's effective
 * price differs from its list price only while a flash sale reprices it, so the first N by effective
 * price are among the first N + F by list price (F = products a running sale reprices) plus those F.
 */
export async function listByPrice(
  db: DbOrTrx,
  dialect: Dialect,
  f: ProductListFilter,
  dir: 'ASC' | 'DESC',
  limit: number,
  offset: number,
  now: string,
): Promise<IdPage> {
  const flashCount = await runningFlashCount(db, now);
  const p = parts(dialect, f, now, { refine: true, flash: true });
  const d = sql.raw(dir);
  const { rows } = await sql<{ id: number }>`SELECT c.id FROM (
      SELECT p.id, ${EFFECTIVE} AS eff ${from(p)} ORDER BY p.list_price ${d}, p.id ${d} LIMIT ${offset + limit + flashCount}
    ) c
    UNION
    SELECT p.id ${from(p)} AND p.id IN (SELECT product_id FROM (${RUNNING_FLASH(now)}) rf)`.execute(db);
  // Order the (small) candidate set by the effective price in a second step.
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { ids: [], revision: null };
  const { rows: ordered } = await sql<{ id: number; rev: number | null }>`SELECT p.id, ${REVISION} AS rev
    FROM products p ${runningFlashJoin(now)}
    WHERE ${idIn('p.id', ids)} ORDER BY ${EFFECTIVE} ${d}, p.id ${d} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return idPage(ordered);
}

export interface FacetRows {
  brands: Array<{ id: number; name: string; name_ar: string | null }>;
  colors: Array<{ id: number; name: string; name_ar: string | null; color_code: string }>;
  sizes: Array<{ id: number; name: string }>;
  minPrice: number;
  maxPrice: number;
}

/**
 * Brands, colours and sizes present among the matches (before refinements), and their price range;
 * switched-off ones are not offered (migration 022).
 * Without search, shop or category the context is the whole catalogue: each option is then checked with
 * an EXISTS that stops at its first product, instead of collecting every product's options.
 */
export async function facets(db: DbOrTrx, dialect: Dialect, f: ProductListFilter, now: string): Promise<FacetRows> {
  const ctx = parts(dialect, f, now, { refine: false, flash: false });
  const where = sql.join(ctx.wheres, sql` AND `);
  const wide = !f.terms.length && !f.shopId && !f.categoryId && !f.subCategoryId && !f.deals;
  const [brands, colors, sizes, range] = await Promise.all([
    wide
      ? sql<FacetRows['brands'][number]>`SELECT b.id, b.name, b.name_ar FROM brands b
          WHERE b.is_active = 1 AND EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id AND ${where}) ORDER BY b.name LIMIT 100`.execute(db)
      : sql<FacetRows['brands'][number]>`SELECT b.id, b.name, b.name_ar FROM brands b
          WHERE b.is_active = 1 AND b.id IN (SELECT p.brand_id ${from(ctx)}) ORDER BY b.name LIMIT 100`.execute(db),
    wide
      ? sql<FacetRows['colors'][number]>`SELECT c.id, c.name, c.name_ar, c.color_code FROM colors c
          WHERE c.is_active = 1 AND EXISTS (SELECT 1 FROM product_colors pc JOIN products p ON p.id = pc.product_id WHERE pc.color_id = c.id AND ${where})
          ORDER BY c.id LIMIT 100`.execute(db)
      : sql<FacetRows['colors'][number]>`SELECT c.id, c.name, c.name_ar, c.color_code FROM colors c
          WHERE c.is_active = 1 AND c.id IN (SELECT pc.color_id FROM product_colors pc WHERE pc.product_id IN (SELECT p.id ${from(ctx)}))
          ORDER BY c.id LIMIT 100`.execute(db),
    wide
      ? sql<FacetRows['sizes'][number]>`SELECT z.id, z.name FROM sizes z
          WHERE z.is_active = 1 AND EXISTS (SELECT 1 FROM product_sizes ps JOIN products p ON p.id = ps.product_id WHERE ps.size_id = z.id AND ${where})
          ORDER BY z.sort, z.id LIMIT 100`.execute(db)
      : sql<FacetRows['sizes'][number]>`SELECT z.id, z.name FROM sizes z
          WHERE z.is_active = 1 AND z.id IN (SELECT ps.size_id FROM product_sizes ps WHERE ps.product_id IN (SELECT p.id ${from(ctx)}))
          ORDER BY z.sort, z.id LIMIT 100`.execute(db),
    priceRange(db, dialect, f, now),
  ]);
  return { brands: brands.rows, colors: colors.rows, sizes: sizes.rows, ...range };
}

/**
 * Lowest and highest effective price in the context. The lowest is the lower of the lowest list price
 * and the lowest running flash price; the highest is found among the F + 1 dearest by list price.
 */
async function priceRange(db: DbOrTrx, dialect: Dialect, f: ProductListFilter, now: string) {
  const ctx = parts(dialect, f, now, { refine: false, flash: false });
  const priced = parts(dialect, f, now, { refine: false, flash: true });
  const flashCount = await runningFlashCount(db, now);
  const [lo, flashLo, hi] = await Promise.all([
    sql<{ v: number | null }>`SELECT MIN(p.list_price) AS v ${from(ctx)}`.execute(db),
    sql<{ v: number | null }>`SELECT MIN(fp.fprice) AS v ${from(priced)} AND fp.fprice IS NOT NULL`.execute(db),
    sql<{ v: number | null }>`SELECT MAX(x.eff) AS v FROM (
        SELECT ${EFFECTIVE} AS eff ${from(priced)} ORDER BY p.list_price DESC LIMIT ${flashCount + 1}) x`.execute(db),
  ]);
  const low = [lo.rows[0]?.v, flashLo.rows[0]?.v].filter((v): v is number => v !== null && v !== undefined).map(Number);
  return { minPrice: low.length ? Math.min(...low) : 0, maxPrice: Number(hi.rows[0]?.v ?? 0) };
}

/** The catalogue's revision: moved by triggers on every write that changes lists or facets (migration 008). */
export async function catalogueRevision(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('catalog_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** The next moment after `now` at which an active flash sale starts or ends (effective prices change then). */
export async function nextFlashSaleChange(db: DbOrTrx, now: string): Promise<string | null> {
  const { rows } = await sql<{ at: string | null }>`SELECT MIN(x.at) AS at FROM (
      SELECT start_at AS at FROM flash_sales WHERE is_active = 1 AND start_at > ${now}
      UNION ALL SELECT end_at AS at FROM flash_sales WHERE is_active = 1 AND end_at > ${now}) x`.execute(db);
  return rows[0]?.at ?? null;
}
