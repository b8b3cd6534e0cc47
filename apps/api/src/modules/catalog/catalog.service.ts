import {
  DEFAULT_AVATAR_URL,
  formatDate,
  type FlashSale,
  type FlashSaleWithProducts,
  type HomeResponse,
  type Locale,
  type Product,
  type ProductDetailsResponse,
  type ProductFilters,
  type ProductsFilter,
  type Review,
  type ReviewsResponse,
  type Shop,
  type ShopCategoriesResponse,
  type ShopDetail,
} from '@souq/contracts';
import sanitizeHtml from 'sanitize-html';
import type { AppConfig } from '../../config';
import type { Db, Dialect } from '../../db';
import { notFound } from '../../http/route';
import { searchTerms } from '../../shared/search-text';
import { createTtlCache } from '../../shared/ttl-cache';
import { localized } from '../../shared/localized';
import type { SettingsService } from '../settings';
import * as repo from './catalog.repository';
import { createCatalogueMemo, type KeptValues } from './catalogue-memo';
import { createCategoriesService } from './categories.service';
import {
  cardPage,
  cardRowsOf,
  keptCardRows,
  favoriteSet,
  markFavorites,
  pageCards,
  pricing,
  productCards,
  withFavoriteMarks,
  type CardRow,
} from './product-cards';
import * as products from './products.repository';
import { createSearchIndexKeeper, INDEX_SORTS, type IndexedList, type IndexedSearch } from './search-index';
import * as shops from './shops.repository';

/** A shop is Online while its last activity is under 10 minutes old. */
export const ONLINE_WINDOW_MS = 10 * 60_000;
const RELATED = 10;
const POPULAR = 10;
const FLASH_ON_HOME = 9;
const RECENT = 20;
/**
 * How long the best sellers and best rated of a sub-category, category or shop (a product page's related
 * and popular products) are kept at most: sales and ratings change their order without moving the
 * catalogue's revision (decision 047).
 */
const RANKS_MAX_AGE_MS = 60_000;

type Answer<T extends { data: unknown }> = T['data'];
type DetailsProduct = Answer<ProductDetailsResponse>['product'];

/**
 * A product page's product: its card and its page's steady part, in the contract's order. One object
 * literal: a spread of the card made a slower object to build and to serialise (decision 028).
 */
const detailsProduct = (card: Product, part: DetailsPart, open: boolean): DetailsProduct => ({
  id: card.id,
  name: card.name,
  thumbnail: card.thumbnail,
  price: card.price,
  discount_price: card.discount_price,
  discount_percentage: card.discount_percentage,
  rating: card.rating,
  total_reviews: card.total_reviews,
  total_sold: card.total_sold,
  quantity: card.quantity,
  is_favorite: card.is_favorite,
  brand: card.brand,
  unit: card.unit,
  sizes: card.sizes,
  colors: card.colors,
  shop: card.shop,
  category_id: card.category_id,
  sub_category_id: card.sub_category_id,
  slug: part.slug,
  short_description: part.short_description,
  description: part.description,
  thumbnails: part.thumbnails,
  flash_sale: part.flash_sale,
  meta_title: part.meta_title,
  meta_description: part.meta_description,
  meta_keywords: part.meta_keywords,
  category: part.category,
  sub_category: part.sub_category,
  in_stock: card.quantity > 0 && open,
  shop_open: open,
});

/** A product page's steady part in one language (detailsPart), kept by the catalogue memo. */
interface DetailsPart extends Pick<
  DetailsProduct,
  | 'slug'
  | 'short_description'
  | 'description'
  | 'thumbnails'
  | 'flash_sale'
  | 'meta_title'
  | 'meta_description'
  | 'meta_keywords'
  | 'category'
  | 'sub_category'
> {
  id: number;
  shopId: number;
  categoryId: number;
  subCategoryId: number | null;
}

/**
 * A list's price bounds from baisa: ours exact (OMR), and the whole-number pair the original web client's
 * slider reads (decision 024, issue 42), floor and ceiling so that every match stays inside it.
 */
export const priceBounds = (minBaisa: number, maxBaisa: number) => ({
  min_price: minBaisa / 1000,
  max_price: maxBaisa / 1000,
  min_price_int: Math.floor(minBaisa / 1000),
  max_price_int: Math.ceil(maxBaisa / 1000),
});

const toFlashSale = (
  r: { id: number; name: string; name_ar: string | null; thumbnail: string | null; start_at: string; end_at: string },
  locale: Locale,
): FlashSale => ({
  id: r.id,
  name: localized(r.name, r.name_ar, locale),
  thumbnail: r.thumbnail,
  start_date: r.start_at,
  end_date: r.end_at,
});

const isOnline = (at: string | null, now: number) => !!at && now - Date.parse(at) < ONLINE_WINDOW_MS;

const toShop = (r: shops.ShopRow, locale: Locale, now: number): Shop => ({
  id: r.id,
  name: localized(r.name, r.name_ar, locale),
  logo: r.logo,
  banner: r.banner,
  total_products: Number(r.total_products),
  total_categories: Number(r.total_categories),
  rating: Number(r.rating),
  shop_status: isOnline(r.last_online_at, now) ? 'Online' : 'Offline',
  total_reviews: Number(r.total_reviews),
  estimated_delivery_time: r.estimated_delivery_time
    ? localized(r.estimated_delivery_time, r.estimated_delivery_time_ar, locale)
    : null,
});

/** Descriptions are stored sanitised; they are sanitised again on the way out (defence in depth). */
const cleanHtml = (html: string | null) =>
  html
    ? sanitizeHtml(html, {
        allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'span', 'a'],
        allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
        allowedSchemes: ['http', 'https', 'mailto'],
        transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
      })
    : null;

export interface CatalogService {
  products(
    q: ProductsFilter,
    locale: Locale,
    userId: number | null,
  ): Promise<{ total: number; products: Product[]; filters: ProductFilters }>;
  productDetails(id: number, locale: Locale, userId: number | null): Promise<Answer<ProductDetailsResponse>>;
  reviews(
    target: { productId: number } | { shopId: number },
    page: number,
    perPage: number,
    locale: Locale,
  ): Promise<Answer<ReviewsResponse>>;
  /** The most popular other products of a product's shop (site-wide ones fill up a small shop's list). */
  shopPopularProducts(productId: number, locale: Locale, userId: number | null): Promise<Product[]>;
  shops(search: string | undefined, page: number, perPage: number, locale: Locale): Promise<{ total: number; shops: Shop[] }>;
  topShops(locale: Locale): Promise<Shop[]>;
  shop(id: number, locale: Locale): Promise<ShopDetail>;
  shopCategories(shopId: number, locale: Locale): Promise<Answer<ShopCategoriesResponse>['categories']>;
  flashSales(
    locale: Locale,
    userId: number | null,
  ): Promise<{ incoming_flash_sale: FlashSale | null; running_flash_sale: FlashSaleWithProducts | null }>;
  flashSaleDetails(
    id: number,
    query: { page: number; per_page: number; category_id?: number },
    locale: Locale,
    userId: number | null,
  ): Promise<{
    total_products: number;
    flash_sale: FlashSale & { status: 'upcoming' | 'running' | 'ended' };
    products: Product[];
  }>;
  home(page: number, perPage: number, locale: Locale, userId: number | null): Promise<Answer<HomeResponse>>;
  recentlyViewed(userId: number, locale: Locale): Promise<Product[]>;
  /** Starts reading the search index ahead of the first search (at start-up; search-index.ts). */
  warmSearchIndex(): Promise<void>;
  /** Whether searches use the search index (else SQL, while a large catalogue's first one is read). */
  searchIndexReady(): Promise<boolean>;
}

export function createCatalogService(
  db: Db,
  dialect: Dialect,
  settings: SettingsService,
  cacheTtlMs: number,
  options: {
    /** The database's settings, for the search index's worker thread (without: read in this thread). */
    database?: AppConfig['database'];
    onSearchIndexError?: (err: unknown) => void;
    searchIndexInlineUpTo?: number;
    /** How long a product page's related and popular products' order is kept at most (RANKS_MAX_AGE_MS). */
    ranksMaxAgeMs?: number;
  } = {},
): CatalogService {
  // Public answers (no per-user data) are reused for a few seconds; is_favorite is applied per request.
  const cache = createTtlCache<unknown>(cacheTtlMs);
  // Facets and counts of a context (category, shop, deals, everything) last until the catalogue changes.
  const memo = createCatalogueMemo(db);
  const searchIndex = createSearchIndexKeeper(db, {
    database: options.database,
    inlineUpTo: options.searchIndexInlineUpTo,
    onError: options.onSearchIndexError,
  });
  const cached = <T>(key: string, compute: () => Promise<T>) => cache.get(key, compute) as Promise<T>;
  const categories = createCategoriesService(db);
  const nowIso = () => new Date().toISOString();

  async function withFavorites<T extends { products: Product[] }>(value: T, userId: number | null): Promise<T> {
    return userId ? { ...value, products: await markFavorites(db, dialect, value.products, userId) } : value;
  }

  async function flashSalesPublic(locale: Locale) {
    return cached(`flash:${locale}`, async () => {
      const now = nowIso();
      const [running, incoming] = await Promise.all([repo.runningFlashSale(db, now), repo.incomingFlashSale(db, now)]);
      let runningSale: FlashSaleWithProducts | null = null;
      if (running) {
        const ids = await repo.flashSaleProductIds(db, running.id, FLASH_ON_HOME, 0);
        runningSale = { ...toFlashSale(running, locale), products: await productCards(db, dialect, ids, locale, null, now) };
      }
      return { incoming_flash_sale: incoming ? toFlashSale(incoming, locale) : null, running_flash_sale: runningSale };
    });
  }

  const ranksMaxAgeMs = options.ranksMaxAgeMs ?? RANKS_MAX_AGE_MS;
  const ranked = (kept: KeptValues, key: string, compute: () => Promise<number[]>) => kept.recent(key, ranksMaxAgeMs, compute);

  /** A product's related products' ids: its sub-category's, else its category's best sellers (relatedOf). */
  const relatedIds = async (kept: KeptValues, p: DetailsPart) =>
    repo.relatedOf(
      p.id,
      p.subCategoryId
        ? await ranked(kept, `best-sellers:sub:${p.subCategoryId}`, () =>
            repo.bestSellerIds(db, { subCategoryId: p.subCategoryId! }, RELATED + 1),
          )
        : [],
      () =>
        ranked(kept, `best-sellers:category:${p.categoryId}`, () =>
          repo.bestSellerIds(db, { categoryId: p.categoryId }, 2 * RELATED),
        ),
      RELATED,
    );

  /** The ids of a product's shop's most popular others, site-wide ones filling a small shop's list (shopPopularOf). */
  const shopPopularIds = async (kept: KeptValues, product: { id: number; shopId: number }) =>
    repo.shopPopularOf(
      product.id,
      await ranked(kept, `popular:shop:${product.shopId}`, () => repo.popularIdsByShop(db, product.shopId, true, POPULAR + 1)),
      () => ranked(kept, `popular:not-shop:${product.shopId}`, () => repo.popularIdsByShop(db, product.shopId, false, POPULAR)),
      POPULAR,
    );

  /**
   * The steady part of a product's page in one language: everything but its card, the cards of its
   * related and popular products, and the moving parts (read per answer). Undefined when the product or
   * its shop is not active (or its category is gone). Every column read here moves the catalogue's
   * revision (migrations 008, 015, 022 and 033) and a flash sale starting or ending drops it, so it is
   * kept by the catalogue memo until then (decision 047).
   */
  async function detailsPart(id: number, locale: Locale, now: string): Promise<DetailsPart | undefined> {
    const row = await repo.findActiveProduct(db, id);
    if (!row) return undefined;
    const [images, sale] = await Promise.all([repo.productImages(db, id), repo.runningFlashSaleOf(db, id, now)]);
    const thumbnails = images.map((im) => ({ id: im.id, thumbnail: im.path, url: im.path, type: im.type }));
    if (row.video_url) thumbnails.push({ id: 0, thumbnail: row.thumbnail ?? '', url: row.video_url, type: 'video' });
    return {
      id,
      shopId: row.shop_id,
      categoryId: row.category_id,
      subCategoryId: row.sub_category_id,
      slug: row.slug,
      short_description: localized(row.short_description ?? '', row.short_description_ar, locale),
      description: cleanHtml(locale === 'ar' && row.description_ar ? row.description_ar : row.description),
      thumbnails,
      flash_sale: sale ? toFlashSale(sale, locale) : null,
      // Meta texts are kept in English only: other languages fall back to the name and summary.
      meta_title: locale === 'en' ? row.meta_title : null,
      meta_description: locale === 'en' ? row.meta_description : null,
      meta_keywords: localized(row.meta_keywords ?? '', row.meta_keywords_ar, locale),
      category: {
        id: row.category_id,
        slug: row.category_slug,
        name: localized(row.category_name, row.category_name_ar, locale),
        // A category the operators switched off keeps its products listed, but has no page (decision 049).
        is_active: Number(row.category_active) === 1,
      },
      sub_category: row.sub_category_id
        ? { id: row.sub_category_id, name: localized(row.sub_category_name ?? '', row.sub_category_name_ar, locale) }
        : null,
    };
  }

  /**
   * A product page's answer with the values kept under `kept`: its steady part, its related and popular
   * products' ids and every card's steady part from the memo, and the moving parts of all the cards
   * (stock, rating, reviews, sales, the shop's rating, activity and whether it is open; whether each is
   * still listed) in one statement, which reads the catalogue's revision too. `value` undefined when the
   * product is not listed; `revision` null when that statement did not run or read no card.
   */
  async function detailsWith(
    kept: KeptValues,
    id: number,
    locale: Locale,
    now: string,
  ): Promise<{ value?: Answer<ProductDetailsResponse>; revision: number | null }> {
    const part = await kept.large(`details-${locale}`, id, () => detailsPart(id, locale, now));
    if (!part) return { revision: null };
    const [related, popular] = await Promise.all([relatedIds(kept, part), shopPopularIds(kept, part)]);
    const ids = [...new Set([id, ...related, ...popular])];
    const [read, flashPrices, variants] = await Promise.all([
      keptCardRows(db, dialect, locale, ids, kept),
      kept.get('running-flash-prices', () => repo.runningFlashPrices(db, null, now)),
      // Sizes and colours move the revision (migration 008): each product's are kept under it.
      kept.perProduct('variants', ids, (missing) => repo.productVariants(db, dialect, missing)),
    ]);
    const cards = pageCards(read.rows, locale, flashPrices, variants);
    const byId = new Map(cards.map((c) => [c.id, c]));
    const card = byId.get(id);
    const row = read.rows.find((r) => r.id === id);
    if (!card || !row) return { revision: read.revision };
    const cardsOf = (list: number[]) => list.flatMap((x) => byId.get(x) ?? []);
    const open = Number(row.shop_open) === 1;
    return {
      revision: read.revision,
      value: {
        product: detailsProduct(card, part, open),
        related_products: cardsOf(related),
        popular_products: cardsOf(popular),
      },
    };
  }

  async function topShops(locale: Locale) {
    const now = Date.now();
    return (await shops.topShops(db, 10)).map((r) => toShop(r, locale, now));
  }

  return {
    async products(q, locale, userId) {
      const filter: products.ProductListFilter = {
        terms: searchTerms(q.search ?? ''),
        shopId: q.shop_id,
        categoryId: q.category_id,
        subCategoryId: q.sub_category_id,
        brandIds: q.brand_id,
        colorIds: q.color_id,
        sizeIds: q.size_id,
        minRating: q.rating || undefined,
        minPrice: q.min_price === undefined ? undefined : Math.round(q.min_price * 1000),
        maxPrice: q.max_price === undefined ? undefined : Math.round(q.max_price * 1000),
        deals: q.deals === true,
      };
      if (q.search && filter.terms.length === 0) {
        // Only punctuation: nothing can match.
        return { total: 0, products: [], filters: { sizes: [], colors: [], brands: [], ...priceBounds(0, 0) } };
      }
      const key = `products:${locale}:${JSON.stringify([filter, q.sort_type, q.page, q.per_page])}`;
      const value = await cached(key, async () => {
        const now = nowIso();
        const offset = (q.page - 1) * q.per_page;
        const sort = q.sort_type;
        const refined = !!(
          filter.brandIds?.length ||
          filter.colorIds?.length ||
          filter.sizeIds?.length ||
          filter.minRating ||
          filter.minPrice !== undefined ||
          filter.maxPrice !== undefined
        );
        const flashPricesIn = (kept: KeptValues) =>
          kept.get('running-flash-prices', () => repo.runningFlashPrices(db, null, now));
        // A search takes its matches, count, facets and page from the search index while it holds the
        // catalogue's current revision (search-index.ts; a rating filter or a sort by popularity or sales
        // takes only the facets); everything else, and searches while a large index builds, from SQL.
        // A list without words takes its page from the index only when it holds this very revision (a
        // large catalogue's previous index may answer searches while its next is read; lists go to SQL
        // meanwhile, which sorts a context fast enough), and not with an overlay of changes (searches only).
        // Decisions 027, 028 and 048.
        const pagedByIndex = INDEX_SORTS.has(sort) && !filter.minRating;
        const fromIndex = async (at: KeptValues) => {
          if (!filter.terms.length && !pagedByIndex) return {};
          const index = await searchIndex.at(at.revision);
          if (!index || (!filter.terms.length && (index.revision !== at.revision || index.overlaid))) return {};
          const eff = index.effectivePrices(await flashPricesIn(at));
          if (!filter.terms.length) return { listed: index.list(filter, sort, q.per_page, offset, eff) };
          return { indexed: index.search(filter, pagedByIndex ? sort : null, q.per_page, offset, eff) };
        };
        const pageOf = (found: { indexed?: IndexedSearch; listed?: IndexedList }) =>
          found.indexed && pagedByIndex ? found.indexed.ids : found.listed?.ids;
        let kept: KeptValues | undefined;
        let found: { indexed?: IndexedSearch; listed?: IndexedList } = {};
        let rows: CardRow[] | undefined;
        // Guessed first: the revision of the values kept, checked by the statement that reads the page's
        // cards (a round trip less on PostgreSQL); read first when the guess was wrong.
        const guess = pagedByIndex ? memo.guess(now) : undefined;
        let seen: number | null = null;
        if (guess) {
          found = await fromIndex(guess);
          const ids = pageOf(found);
          if (ids?.length) {
            const read = await keptCardRows(db, dialect, locale, ids, guess);
            if (read.revision === guess.revision) {
              kept = guess;
              rows = read.rows;
            }
            seen = read.revision;
          }
        }
        if (!kept && (filter.terms.length || pagedByIndex)) {
          kept = await memo.at(now, seen ?? undefined);
          found = await fromIndex(kept);
          const ids = pageOf(found);
          if (ids) rows = ids.length ? (await keptCardRows(db, dialect, locale, ids, kept)).rows : [];
        }
        const { indexed, listed } = found;
        if (!rows) {
          // From SQL. The page first: its statement reads the catalogue's revision too, which the memo needs.
          const query = products.pageOfList(dialect, filter, sort, q.per_page, offset, now);
          const page = query
            ? await cardPage(db, dialect, locale, query.page, query.order)
            : await products
                .listByPrice(db, dialect, filter, sort === 'low_to_high' ? 'ASC' : 'DESC', q.per_page, offset, now)
                .then(async ({ ids, revision }) => ({ rows: await cardRowsOf(db, dialect, locale, ids), revision }));
          rows = page.rows;
          kept ??= await memo.at(now, page.revision ?? undefined);
        }
        const memoized = kept ?? (await memo.at(now));
        // A category, shop or the deals keep their facets and unrefined count until the catalogue changes;
        // a search's are computed every time (by the index, or in SQL).
        const context = JSON.stringify([filter.shopId, filter.categoryId, filter.subCategoryId, filter.deals]);
        const keep = <T>(what: string, compute: () => Promise<T>) =>
          filter.terms.length ? compute() : memoized.get(`${what}:${context}`, compute);
        const count = () => products.countProducts(db, dialect, filter, now);
        const [total, f, flashPrices, variants] = await Promise.all([
          indexed && pagedByIndex ? indexed.total : listed ? listed.total : refined ? count() : keep('count', count),
          indexed ? indexed.facets : keep('facets', () => products.facets(db, dialect, filter, now)),
          flashPricesIn(memoized),
          // Sizes and colours move the revision (migration 008): each product's are kept under it.
          memoized.perProduct(
            'variants',
            rows.map((r) => r.id),
            (missing) => repo.productVariants(db, dialect, missing),
          ),
        ]);
        return {
          total,
          products: pageCards(rows, locale, flashPrices, variants),
          filters: {
            sizes: f.sizes.map((s) => ({ id: s.id, name: s.name })),
            colors: f.colors.map((c) => ({ id: c.id, name: localized(c.name, c.name_ar, locale), color_code: c.color_code })),
            brands: f.brands.map((b) => ({ id: b.id, name: localized(b.name, b.name_ar, locale) })),
            ...priceBounds(f.minPrice, f.maxPrice),
          },
        };
      });
      return withFavorites(value, userId);
    },

    async productDetails(id, locale, userId) {
      const value = await cached(`details:${locale}:${id}`, async () => {
        const now = nowIso();
        // Guessed first, as a list's page (decision 028): the values kept under the last revision read,
        // checked by the revision the cards' statement reads; read first when the guess was wrong.
        const guess = memo.guess(now);
        let seen: number | null = null;
        if (guess) {
          const answer = await detailsWith(guess, id, locale, now);
          if (answer.revision === guess.revision && answer.value) return answer.value;
          seen = answer.revision;
        }
        const answer = await detailsWith(await memo.at(now, seen ?? undefined), id, locale, now);
        if (!answer.value) throw notFound('Product not found.');
        return answer.value;
      });
      if (!userId) return value;
      const ids = [id, ...value.related_products.map((p) => p.id), ...value.popular_products.map((p) => p.id)];
      // One read of the favourites for the product and both lists.
      const [favs] = await Promise.all([
        favoriteSet(db, dialect, userId, [...new Set(ids)]),
        repo.recordView(db, userId, id, nowIso()),
      ]);
      return {
        product: { ...value.product, is_favorite: favs.has(id) },
        related_products: withFavoriteMarks(value.related_products, favs),
        popular_products: withFavoriteMarks(value.popular_products, favs),
      };
    },

    async shopPopularProducts(productId, locale, userId) {
      const value = await cached(`shop-popular-cards:${locale}:${productId}`, async () => {
        const now = nowIso();
        const kept = await memo.at(now);
        const row = await repo.findActiveProduct(db, productId);
        if (!row) throw notFound('Product not found.');
        const ids = await shopPopularIds(kept, { id: row.id, shopId: row.shop_id });
        return { products: await productCards(db, dialect, ids, locale, null, now) };
      });
      return (await withFavorites(value, userId)).products;
    },

    async reviews(target, page, perPage, locale) {
      if ('productId' in target && !(await repo.productExists(db, target.productId))) throw notFound('Product not found.');
      if ('shopId' in target && !(await shops.findShop(db, target.shopId))) throw notFound('Shop not found.');
      const [stats, rows] = await Promise.all([
        repo.reviewStats(db, target),
        repo.listReviews(db, target, perPage, (page - 1) * perPage),
      ]);
      const total = stats.reduce((n, s) => n + s.n, 0);
      const sum = stats.reduce((n, s) => n + s.rating * s.n, 0);
      const percentages: Record<string, number> = {};
      for (let star = 1; star <= 5; star++) {
        const n = stats.find((s) => s.rating === star)?.n ?? 0;
        percentages[String(star)] = total ? Math.round((n / total) * 100) : 0;
      }
      return {
        average_rating_percentage: {
          rating: total ? Math.round((sum / total) * 100) / 100 : 0,
          total_review: total,
          percentages,
        },
        total,
        reviews: rows.map((r) => publicReview(r, locale)),
      };
    },

    async shops(search, page, perPage, locale) {
      const terms = searchTerms(search ?? '');
      const now = Date.now();
      const [total, rows] = await Promise.all([
        shops.countShops(db, terms),
        shops.listShops(db, terms, perPage, (page - 1) * perPage),
      ]);
      return { total, shops: rows.map((r) => toShop(r, locale, now)) };
    },

    topShops,

    async shop(id, locale) {
      const r = await shops.findShop(db, id);
      if (!r) throw notFound('Shop not found.');
      const banners = await repo.listShopBanners(db, id);
      return {
        ...toShop(r, locale, Date.now()),
        short_description: r.short_description ? localized(r.short_description, r.short_description_ar, locale) : null,
        description: cleanHtml(locale === 'ar' && r.description_ar ? r.description_ar : r.description),
        banners: banners.map((b) => ({ id: b.id, title: localized(b.title, b.title_ar, locale), thumbnail: b.thumbnail })),
        address: r.address ? localized(r.address, r.address_ar, locale) : null,
        last_online: r.last_online_at,
        is_open: Number(r.is_open) === 1,
      };
    },

    async shopCategories(shopId, locale) {
      if (!(await shops.findShop(db, shopId))) throw notFound('Shop not found.');
      return (await shops.shopCategories(db, shopId)).map((c) => ({
        id: c.id,
        slug: c.slug,
        name: localized(c.name, c.name_ar, locale),
        thumbnail: c.thumbnail,
        total_products: Number(c.total_products),
      }));
    },

    async flashSales(locale, userId) {
      const value = await flashSalesPublic(locale);
      if (!userId || !value.running_flash_sale) return value;
      return { ...value, running_flash_sale: await withFavorites(value.running_flash_sale, userId) };
    },

    async flashSaleDetails(id, { page, per_page: perPage, category_id: categoryId }, locale, userId) {
      const value = await cached(`flash-sale:${locale}:${id}:${page}:${perPage}:${categoryId ?? ''}`, async () => {
        const sale = await repo.findFlashSale(db, id);
        if (!sale) throw notFound('Flash sale not found.');
        const now = nowIso();
        const status: 'upcoming' | 'running' | 'ended' =
          sale.start_at > now ? 'upcoming' : sale.end_at > now ? 'running' : 'ended';
        const [total, ids] = await Promise.all([
          repo.countFlashSaleProducts(db, id, categoryId),
          repo.flashSaleProductIds(db, id, perPage, (page - 1) * perPage, categoryId),
        ]);
        let cards = await productCards(db, dialect, ids, locale, null, now);
        if (status === 'upcoming') {
          // Show what the sale will charge: the sale price as the discount, before it starts.
          const byProduct = await repo.flashSalePrices(db, id, ids);
          cards = cards.map((c) => {
            const base = Math.round(c.price * 1000);
            const current = c.discount_price > 0 ? Math.round(c.discount_price * 1000) : base;
            const p = pricing(base, current, byProduct.get(c.id));
            return { ...c, discount_price: p.discount_price, discount_percentage: p.discount_percentage };
          });
        }
        return { total_products: total, flash_sale: { ...toFlashSale(sale, locale), status }, products: cards };
      });
      return withFavorites(value, userId);
    },

    async home(page, perPage, locale, userId) {
      const value = await cached(`home:${locale}:${page}:${perPage}`, async () => {
        const now = nowIso();
        const [master, banners, ads, cats, flash, popularIds, total, feedIds] = await Promise.all([
          settings.master(locale),
          repo.listBanners(db, 'home'),
          repo.listBanners(db, 'ads'),
          categories.list(locale, 1, 12),
          flashSalesPublic(locale),
          repo.popularProductIds(db, POPULAR),
          repo.countActiveProducts(db),
          repo.feedProductIds(db, perPage, (page - 1) * perPage),
        ]);
        const [top, popular, feed] = await Promise.all([
          master.multi_vendor ? topShops(locale) : Promise.resolve([]),
          productCards(db, dialect, popularIds, locale, null, now),
          productCards(db, dialect, feedIds, locale, null, now),
        ]);
        const toBanner = (b: (typeof banners)[number]) => ({
          id: b.id,
          title: localized(b.title, b.title_ar, locale),
          thumbnail: b.thumbnail,
          url: b.url,
        });
        return {
          banners: banners.map(toBanner),
          ads: ads.map(toBanner),
          categories: cats.categories,
          shops: top,
          popular_products: popular,
          just_for_you: { total, products: feed },
          incoming_flash_sale: flash.incoming_flash_sale,
          running_flash_sale: flash.running_flash_sale,
        };
      });
      if (!userId) return value;
      return {
        ...value,
        popular_products: await markFavorites(db, dialect, value.popular_products, userId),
        just_for_you: await withFavorites(value.just_for_you, userId),
        running_flash_sale: value.running_flash_sale ? await withFavorites(value.running_flash_sale, userId) : null,
      };
    },

    async warmSearchIndex() {
      await searchIndex.warm(await products.catalogueRevision(db));
    },

    async searchIndexReady() {
      if (!searchIndex.ready()) await this.warmSearchIndex();
      return searchIndex.ready();
    },

    async recentlyViewed(userId, locale) {
      const ids = await repo.recentlyViewedIds(db, userId, RECENT);
      return productCards(db, dialect, ids, locale, userId);
    },
  };
}

/** A review as the product and shop pages show it (and as the customer's new review is answered). */
export const publicReview = (
  r: {
    id: number;
    customer_name: string;
    profile_photo: string | null;
    rating: number;
    description: string | null;
    created_at: string;
    reply: string | null;
    replied_at: string | null;
    photos: string;
  },
  locale: Locale,
): Review => ({
  id: r.id,
  customer_name: r.customer_name,
  customer_profile: r.profile_photo ?? DEFAULT_AVATAR_URL,
  rating: Number(r.rating),
  description: r.description,
  created_at: formatDate(r.created_at, locale),
  created_at_iso: r.created_at,
  reply: r.reply,
  replied_at: r.replied_at,
  photos: photoList(r.photos),
});

/** A review's stored photos (a JSON array of paths); anything else reads as none. */
export function photoList(stored: string): string[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}
