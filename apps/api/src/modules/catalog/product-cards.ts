import type { Locale, Product } from '@souq/contracts';

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

/** The active cards' rows (active products of active shops) of a list of ids. */
const cardQuery = (db: DbOrTrx, dialect: Dialect, ids: unknown) =>
  productRowsWithVariants(db, dialect)
    .select([
      'p.rating',
      'p.total_reviews',
      'p.total_sold',
      'p.category_id',
      'p.sub_category_id',
      's.estimated_delivery_time',
      's.estimated_delivery_time_ar',
      's.delivery_charge',
      's.free_delivery_above',
    ])
    .where(inList(dialect, 'p.id', ids))
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1);

const cardRows = compiledOnce((db, dialect, a: { ids: unknown }) => cardQuery(db, dialect, a.ids));
const cardRowsWithFlash = compiledOnce((db, dialect, a: { ids: unknown; now: string }) =>
  cardQuery(db, dialect, a.ids).select(runningFlashPriceColumn(a.now)),
);

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
    const p = pricing(r.price, r.list_price, running == null ? undefined : Number(running));
    const { sizes, colors } = variantsOf(r);
    byId.set(r.id, {
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
      is_favorite: favs.has(r.id),
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
    });
  }
  return ids.map((id) => byId.get(id)).filter((p): p is Product => !!p);
}

/** Marks which of already-built cards are in the user's wishlist (cards may come from the cache). */
export async function markFavorites(db: DbOrTrx, dialect: Dialect, products: Product[], userId: number | null): Promise<Product[]> {
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
