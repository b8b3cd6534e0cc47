import type { Locale, Product } from '@souq/contracts';
import { type RawBuilder, sql } from 'kysely';

import type { DbOrTrx, Dialect } from '../../db';
import { compiledOnce, inList, listValue } from '../../db/compiled';
import { localized } from '../../shared/localized';
import { favoriteProductIds, productRowsWithVariants, runningFlashPriceColumn, variantsOf } from './catalog.repository';

/**
 * Product list items (API.md "Product (list item)") for a set of ids, in the order of the ids.
 * Used by every list: products, home rows, flash sales, related products, the wishlist and
 * recently viewed. Inactive products and products of inactive shops are left out.
 */

/** Baisa (integer minor units) to the API's number with the currency's 3 decimals. */
export const omr = (baisa: number): number => Math.round(baisa) / 1000;

/**
 * The effective price: a running flash sale's price, else the shop's discount, else the price.
 * Answers price, discount_price (0 when no discount) and the whole percentage off.
 */
export function pricing(price: number, listPrice: number, flashPrice: number | undefined) {
  let effective = listPrice > 0 && listPrice < price ? listPrice : price;
  if (flashPrice !== undefined && flashPrice > 0 && flashPrice < effective) effective = flashPrice;
  const discounted = effective < price;
  return {
    effective,
    price: omr(price),
    discount_price: discounted ? omr(effective) : 0,
    discount_percentage: discounted && price > 0 ? Math.round(((price - effective) / price) * 100) : 0,
  };
}

/** Delivery: the shop's charge (baisa), unless its free-delivery threshold is set and reached by `subtotal`. */
export const deliveryCharge = (shop: { delivery_charge: number; free_delivery_above: number }, subtotal: number) =>
  shop.free_delivery_above > 0 && subtotal >= shop.free_delivery_above ? 0 : shop.delivery_charge;

/** Every column a card shows: the product with its shop, brand, unit, sizes and colours. */
const cardColumns = (db: DbOrTrx, dialect: Dialect) =>
  productRowsWithVariants(db, dialect).select([
    'p.rating',
    'p.total_reviews',
    'p.total_sold',
    'p.category_id',
    'p.sub_category_id',
    's.estimated_delivery_time',
    's.estimated_delivery_time_ar',
    's.delivery_charge',
    's.free_delivery_above',
  ]);

/** The active cards' rows (active products of active shops) of a list of ids. */
const cardQuery = (db: DbOrTrx, dialect: Dialect, ids: unknown) =>
  cardColumns(db, dialect)
    .where(inList(dialect, 'p.id', ids))
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1);

const cardRows = compiledOnce((db, dialect, a: { ids: unknown }) => cardQuery(db, dialect, a.ids));
const cardRowsWithFlash = compiledOnce((db, dialect, a: { ids: unknown; now: string }) =>
  cardQuery(db, dialect, a.ids).select(runningFlashPriceColumn(a.now)),
);

type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

/** A card from its row, with its running flash-sale price (baisa) if any. */
function toCard(r: CardRow, locale: Locale, isFavorite: boolean, flashPrice: number | null | undefined): Product {
  const p = pricing(r.price, r.list_price, flashPrice == null ? undefined : Number(flashPrice));
  const { sizes, colors } = variantsOf(r);
  return {
    id: r.id,
    name: localized(r.name, r.name_ar, locale),
    thumbnail: r.thumbnail,
    price: p.price,
    discount_price: p.discount_price,
    discount_percentage: p.discount_percentage,
    rating: Number(r.rating),
    total_reviews: r.total_reviews,
    total_sold: r.total_sold,
    quantity: r.quantity,
    is_favorite: isFavorite,
    brand: r.brand_name ? localized(r.brand_name, r.brand_name_ar, locale) : null,
    unit: r.unit_id ? { id: r.unit_id, name: localized(r.unit_name!, r.unit_name_ar, locale) } : null,
    sizes: sizes.map((s) => ({ id: s.id, name: s.name, price: omr(s.extra_price) })),
    colors: colors.map((c) => ({
      id: c.id,
      name: localized(c.name, c.name_ar, locale),
      color_code: c.color_code,
      price: omr(c.extra_price),
    })),
    shop: {
      id: r.shop_id,
      name: localized(r.shop_name, r.shop_name_ar, locale),
      logo: r.shop_logo,
      rating: Number(r.shop_rating),
      estimated_delivery_time: r.estimated_delivery_time
        ? localized(r.estimated_delivery_time, r.estimated_delivery_time_ar, locale)
        : null,
      last_online: r.shop_last_online,
      // An order of this one item (no size or colour extra) from this shop.
      delivery_charge: omr(deliveryCharge(r, p.effective)),
    },
    category_id: r.category_id,
    sub_category_id: r.sub_category_id,
  };
}

export async function productCards(
  db: DbOrTrx,
  dialect: Dialect,
  ids: number[],
  locale: Locale,
  userId: number | null,
  now = new Date().toISOString(),
  /** The running flash-sale prices of (at least) these products when the caller has them already. */
  flashPrices?: Map<number, number>,
): Promise<Product[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [rows, favorites] = await Promise.all([
    // The running flash price is a column, unless the caller has them all already.
    flashPrices
      ? cardRows(db, dialect, { ids: listValue(dialect, unique) })
      : cardRowsWithFlash(db, dialect, { ids: listValue(dialect, unique), now }),
    userId ? favoriteProductIds(db, dialect, userId, unique) : Promise.resolve([] as Array<{ product_id: number }>),
  ]);
  const favs = new Set(favorites.map((f) => f.product_id));
  const byId = new Map<number, Product>();
  for (const r of rows) {
    const running = flashPrices ? flashPrices.get(r.id) : (r as { flash_price?: number | null }).flash_price;
    byId.set(r.id, toCard(r, locale, favs.has(r.id), running));
  }
  return ids.map((id) => byId.get(id)).filter((p): p is Product => !!p);
}

/**
 * The cards' rows of a page of a list, in its order, and the catalogue's revision (null when the page is
 * empty). `page` picks the page (columns id, rev and the sort keys; `order`: by those keys, as `pg.k0 …`;
 * see products.repository `pageOfList`).
 *
 * On PostgreSQL the cards are read by the same statement that picks the page: one round trip instead of
 * two (a statement costs the server a socket write and read, the largest part of a cart or catalogue
 * answer's CPU there). The card part of that statement is built by Kysely once, around a marker where the
 * page goes. On SQLite, where a statement is a function call, the page's ids and then their cards are
 * two statements: as one, SQLite evaluated the sizes' and colours' subqueries twice per row (a demo page
 * took 210 against 145 µs).
 */
export async function cardPage(
  db: DbOrTrx,
  dialect: Dialect,
  page: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): Promise<{ rows: CardRow[]; revision: number | null }> {
  const revisionOf = (rows: Array<{ rev: number | string | null }>) =>
    rows.length && rows[0]!.rev !== null ? Number(rows[0]!.rev) : null;
  if (dialect === 'sqlite') {
    const { rows: ids } = await sql<{
      id: number;
      rev: number | null;
    }>`SELECT pg.id, pg.rev FROM (${page}) pg ORDER BY ${order}`.execute(db);
    if (!ids.length) return { rows: [], revision: null };
    const byId = new Map(
      (
        await cardRows(db, dialect, {
          ids: listValue(
            dialect,
            ids.map((r) => r.id),
          ),
        })
      ).map((r) => [r.id, r]),
    );
    return { rows: ids.flatMap((r) => byId.get(r.id) ?? []), revision: revisionOf(ids) };
  }
  const [before, after] = pageStatement(db, dialect);
  const { rows } = await sql<
    CardRow & { rev: number | string | null }
  >`${sql.raw(before)}(${page})${sql.raw(after)} ORDER BY ${order}`.execute(db);
  return { rows, revision: revisionOf(rows) };
}

/** Where a page's SQL goes in pageStatement's text. */
const PAGE_MARK = '__page_of_ids__';
const pageStatements = new Map<Dialect, [string, string]>();

function pageStatement(db: DbOrTrx, dialect: Dialect): [string, string] {
  let parts = pageStatements.get(dialect);
  if (!parts) {
    const { sql: text, parameters } = cardColumns(db, dialect)
      .innerJoin(sql<{ id: number; rev: number | null }>`${sql.raw(PAGE_MARK)}`.as('pg'), 'pg.id', 'p.id')
      .select('pg.rev')
      .compile();
    const at = text.indexOf(PAGE_MARK);
    if (parameters.length || at < 0 || text.indexOf(PAGE_MARK, at + 1) >= 0) throw new Error('cardPage: unexpected statement');
    parts = [text.slice(0, at), text.slice(at + PAGE_MARK.length)];
    pageStatements.set(dialect, parts);
  }
  return parts;
}

/** Cards from a page's rows (cardPage), with the running flash-sale prices of the catalogue memo. */
export const pageCards = (rows: CardRow[], locale: Locale, flashPrices: Map<number, number>): Product[] =>
  rows.map((r) => toCard(r, locale, false, flashPrices.get(r.id)));

/** Marks which of already-built cards are in the user's wishlist (cards may come from the cache). */
export async function markFavorites(
  db: DbOrTrx,
  dialect: Dialect,
  products: Product[],
  userId: number | null,
): Promise<Product[]> {
  if (!userId || products.length === 0) return products;
  const rows = await favoriteProductIds(
    db,
    dialect,
    userId,
    products.map((p) => p.id),
  );
  const favs = new Set(rows.map((r) => r.product_id));
  return products.map((p) => ({ ...p, is_favorite: favs.has(p.id) }));
}
