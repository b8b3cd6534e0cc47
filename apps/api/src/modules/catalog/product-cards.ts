import type { Locale, Product } from '@souq/contracts';
import { type RawBuilder, sql } from 'kysely';

import type { DbOrTrx, Dialect } from '../../db';
import { compiledOnce, inList, listValue } from '../../db/compiled';
import { localized } from '../../shared/localized';
import {
  favoriteProductIds,
  type ProductVariants,
  runningFlashPriceColumn,
  variantColumns,
  variantsOf,
} from './catalog.repository';
import type { KeptValues } from './catalogue-memo';
import { revisionOf } from './products.repository';

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

/** A text column in the card's language: the Arabic one when Arabic is asked and it is not empty (as `localized`). */
const text = (ar: boolean, en: string, arColumn: string) =>
  ar ? sql<string>`COALESCE(NULLIF(${sql.ref(arColumn)}, ''), ${sql.ref(en)})` : sql<string>`${sql.ref(en)}`;

/**
 * A card's columns that move the catalogue's revision when written (migrations 008 and 015), its texts
 * in one language (`ar`: Arabic, else English): the product with its shop, brand and unit. Reading one
 * language rather than both and choosing in JavaScript halves the texts a page reads.
 */
const steadyColumns = (db: DbOrTrx, ar: boolean) =>
  db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('units as u', 'u.id', 'p.unit_id')
    .select([
      'p.id',
      'p.thumbnail',
      'p.price',
      'p.list_price',
      'p.category_id',
      'p.sub_category_id',
      'u.id as unit_id',
      's.id as shop_id',
      's.logo as shop_logo',
      's.delivery_charge',
      's.free_delivery_above',
    ])
    .select([
      text(ar, 'p.name', 'p.name_ar').as('name'),
      text(ar, 'b.name', 'b.name_ar').$castTo<string | null>().as('brand_name'),
      text(ar, 'u.name', 'u.name_ar').$castTo<string | null>().as('unit_name'),
      text(ar, 's.name', 's.name_ar').as('shop_name'),
      text(ar, 's.estimated_delivery_time', 's.estimated_delivery_time_ar').$castTo<string | null>().as('delivery_time'),
    ]);

/**
 * A card's columns that change without moving the revision (stock, rating, reviews, sales, the shop's
 * rating and activity), and whether its shop is open (the product page's `shop_open` and `in_stock`).
 */
const movingColumns = [
  'p.quantity',
  'p.rating',
  'p.total_reviews',
  'p.total_sold',
  's.rating as shop_rating',
  's.last_online_at as shop_last_online',
  's.is_open as shop_open',
] as const;

/** Every column a card shows but its sizes and colours. */
const cardColumns = (db: DbOrTrx, ar: boolean) => steadyColumns(db, ar).select(movingColumns);

/** The active cards' rows (active products of active shops) of a list of ids. */
const activeCards = (db: DbOrTrx, dialect: Dialect, ar: boolean, ids: unknown) =>
  cardColumns(db, ar)
    .where(inList(dialect, 'p.id', ids))
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1);

/** One of each, per language of the texts (Arabic, or English for any other language). */
const inArabicAndEnglish = <T>(make: (ar: boolean) => T) => ({ ar: make(true), en: make(false) });
const inLanguage = (locale: Locale) => (locale === 'ar' ? 'ar' : 'en');

/** Cards' rows with their sizes and colours and running flash-sale price. */
const cardRowsWithFlash = inArabicAndEnglish((ar) =>
  compiledOnce((db, dialect, a: { ids: unknown; now: string }) =>
    activeCards(db, dialect, ar, a.ids).select(variantColumns(db, dialect)).select(runningFlashPriceColumn(a.now)),
  ),
);

/** Cards' rows alone: a list's page takes its sizes, colours and flash-sale prices from the catalogue memo. */
const plainCardRows = inArabicAndEnglish((ar) =>
  compiledOnce((db, dialect, a: { ids: unknown }) => activeCards(db, dialect, ar, a.ids)),
);

/** The steady part of cards' rows, whether listed or not (keptCardRows keeps them under the revision). */
const steadyCardRows = inArabicAndEnglish((ar) =>
  compiledOnce((db, dialect, a: { ids: unknown }) => steadyColumns(db, ar).where(inList(dialect, 'p.id', a.ids))),
);

/** The moving part of the listed (active products of active shops) cards' rows, with the catalogue's revision. */
const movingCardRows = compiledOnce((db, dialect, a: { ids: unknown }) =>
  db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select('p.id')
    .select(movingColumns)
    .select((eb) => eb.selectFrom('catalog_revision').select('revision').where('id', '=', 1).as('rev'))
    .where(inList(dialect, 'p.id', a.ids))
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1),
);

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardColumns>['execute']>>[number];
type SteadyRow = Awaited<ReturnType<ReturnType<typeof steadyColumns>['execute']>>[number];

/**
 * A card from its row (texts in the card's language) and its sizes and colours, with its running
 * flash-sale price (baisa) if any.
 */
function toCard(
  r: CardRow,
  v: ProductVariants,
  locale: Locale,
  isFavorite: boolean,
  flashPrice: number | null | undefined,
): Product {
  const p = pricing(r.price, r.list_price, flashPrice == null ? undefined : Number(flashPrice));
  return {
    id: r.id,
    name: r.name,
    thumbnail: r.thumbnail,
    price: p.price,
    discount_price: p.discount_price,
    discount_percentage: p.discount_percentage,
    rating: Number(r.rating),
    total_reviews: r.total_reviews,
    total_sold: r.total_sold,
    quantity: r.quantity,
    is_favorite: isFavorite,
    brand: r.brand_name || null,
    unit: r.unit_id ? { id: r.unit_id, name: r.unit_name ?? '' } : null,
    sizes: v.sizes.map((s) => ({ id: s.id, name: s.name, price: omr(s.extra_price) })),
    colors: v.colors.map((c) => ({
      id: c.id,
      name: localized(c.name, c.name_ar, locale),
      color_code: c.color_code,
      price: omr(c.extra_price),
    })),
    shop: {
      id: r.shop_id,
      name: r.shop_name,
      logo: r.shop_logo,
      rating: Number(r.shop_rating),
      estimated_delivery_time: r.delivery_time || null,
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
): Promise<Product[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [rows, favorites] = await Promise.all([
    cardRowsWithFlash[inLanguage(locale)](db, dialect, { ids: listValue(dialect, unique), now }),
    userId ? favoriteProductIds(db, dialect, userId, unique) : Promise.resolve([] as Array<{ product_id: number }>),
  ]);
  const favs = new Set(favorites.map((f) => f.product_id));
  const byId = new Map(rows.map((r) => [r.id, toCard(r, variantsOf(r), locale, favs.has(r.id), r.flash_price)]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => !!p);
}

/** A card's row from its two parts (one object literal: a spread of both cost five times as much). */
const cardRow = (st: SteadyRow, m: Awaited<ReturnType<typeof movingCardRows>>[number]): CardRow => ({
  id: st.id,
  thumbnail: st.thumbnail,
  price: st.price,
  list_price: st.list_price,
  category_id: st.category_id,
  sub_category_id: st.sub_category_id,
  unit_id: st.unit_id,
  shop_id: st.shop_id,
  shop_logo: st.shop_logo,
  delivery_charge: st.delivery_charge,
  free_delivery_above: st.free_delivery_above,
  name: st.name,
  brand_name: st.brand_name,
  unit_name: st.unit_name,
  shop_name: st.shop_name,
  delivery_time: st.delivery_time,
  quantity: m.quantity,
  rating: m.rating,
  total_reviews: m.total_reviews,
  total_sold: m.total_sold,
  shop_rating: m.shop_rating,
  shop_last_online: m.shop_last_online,
  shop_open: m.shop_open,
});

/** The listed cards' rows (without sizes, colours and flash prices) of these products, in the order of the ids. */
export async function cardRowsOf(db: DbOrTrx, dialect: Dialect, locale: Locale, ids: number[]): Promise<CardRow[]> {
  if (!ids.length) return [];
  const byId = new Map(
    (await plainCardRows[inLanguage(locale)](db, dialect, { ids: listValue(dialect, ids) })).map((r) => [r.id, r]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * cardRowsOf with the catalogue memo (`kept`): each card's steady part (everything that moves the
 * revision: names, thumbnail, prices, shop, brand, unit) is kept per product until the catalogue changes,
 * and only the moving part (stock, rating, reviews, sales, the shop's rating and activity, and whether it
 * is still listed) is read, with the catalogue's revision as of that read (null when no card is listed).
 */
export async function keptCardRows(
  db: DbOrTrx,
  dialect: Dialect,
  locale: Locale,
  ids: number[],
  kept: KeptValues,
): Promise<{ rows: CardRow[]; revision: number | null }> {
  const language = inLanguage(locale);
  const [steady, moving] = await Promise.all([
    kept.perProduct<SteadyRow>(`card-${language}`, ids, async (missing) => {
      const rows = await steadyCardRows[language](db, dialect, { ids: listValue(dialect, missing) });
      return new Map(rows.map((r) => [r.id, r]));
    }),
    movingCardRows(db, dialect, { ids: listValue(dialect, ids) }),
  ]);
  const byId = new Map(moving.map((r) => [r.id, r]));
  const rows: CardRow[] = [];
  for (const id of ids) {
    const m = byId.get(id);
    const st = steady.get(id);
    if (m && st) rows.push(cardRow(st, m));
  }
  return { rows, revision: moving.length ? Number(moving[0]!.rev) : null };
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
 * two statements: as one, a demo page's took 128 against 105 µs.
 */
export async function cardPage(
  db: DbOrTrx,
  dialect: Dialect,
  locale: Locale,
  page: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
): Promise<{ rows: CardRow[]; revision: number | null }> {
  if (dialect === 'sqlite') {
    // The page's own statement, already in order.
    const { rows: ids } = await sql<{ id: number; rev: number | null }>`${page}`.execute(db);
    return {
      rows: await cardRowsOf(
        db,
        dialect,
        locale,
        ids.map((r) => r.id),
      ),
      revision: revisionOf(ids),
    };
  }
  const [before, after] = pageStatement(db, dialect, inLanguage(locale));
  const { rows } = await sql<
    CardRow & { rev: number | string | null }
  >`${sql.raw(before)}(${page})${sql.raw(after)} ORDER BY ${order}`.execute(db);
  return { rows, revision: revisionOf(rows) };
}

/** Where a page's SQL goes in pageStatement's text. */
const PAGE_MARK = '__page_of_ids__';
const pageStatements = new Map<string, [string, string]>();

function pageStatement(db: DbOrTrx, dialect: Dialect, language: 'ar' | 'en'): [string, string] {
  let parts = pageStatements.get(`${dialect}:${language}`);
  if (!parts) {
    const { sql: text, parameters } = cardColumns(db, language === 'ar')
      .innerJoin(sql<{ id: number; rev: number | null }>`${sql.raw(PAGE_MARK)}`.as('pg'), 'pg.id', 'p.id')
      .select('pg.rev')
      .compile();
    const at = text.indexOf(PAGE_MARK);
    if (parameters.length || at < 0 || text.indexOf(PAGE_MARK, at + 1) >= 0) throw new Error('cardPage: unexpected statement');
    parts = [text.slice(0, at), text.slice(at + PAGE_MARK.length)];
    pageStatements.set(`${dialect}:${language}`, parts);
  }
  return parts;
}

/**
 * Cards from a page's rows (cardPage), with the running flash-sale prices and the sizes and colours the
 * catalogue memo keeps (`variants`, every row's product).
 */
export const pageCards = (
  rows: CardRow[],
  locale: Locale,
  flashPrices: Map<number, number>,
  variants: Map<number, ProductVariants>,
): Product[] => rows.map((r) => toCard(r, variants.get(r.id) ?? { sizes: [], colors: [] }, locale, false, flashPrices.get(r.id)));

/** Which of `ids` are in the user's wishlist. */
export async function favoriteSet(db: DbOrTrx, dialect: Dialect, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await favoriteProductIds(db, dialect, userId, ids)).map((r) => r.product_id));
}

/** Already-built cards with the user's favourites (`favs`) marked. */
export const withFavoriteMarks = (products: Product[], favs: Set<number>): Product[] =>
  // Built cards say is_favorite false (they are built for no one): copy only the customer's favourites.
  favs.size ? products.map((p) => (favs.has(p.id) ? { ...p, is_favorite: true } : p)) : products;

/** Marks which of already-built cards are in the user's wishlist (cards may come from the cache). */
export async function markFavorites(
  db: DbOrTrx,
  dialect: Dialect,
  products: Product[],
  userId: number | null,
): Promise<Product[]> {
  if (!userId || products.length === 0) return products;
  return withFavoriteMarks(products, await favoriteSet(db, dialect, userId, products.map((p) => p.id)));
}
