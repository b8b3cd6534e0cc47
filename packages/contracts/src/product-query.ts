// The one reader of a product list's query (GET /api/products and the storefront's list addresses).
// No zod here: the browser bundle imports this file. catalog.ts wraps it in the API's zod schema.
import { hasControl, stripInvisible } from './clean';
import { PRODUCTS_PER_PAGE, productSortTypes, type ProductSortType } from './constants';

/**
 * An empty (or blank) query value is an absent one: `?brand_id=&category_id=` filters nothing. The
 * original web client sends every filter it knows, empty when unset, and its server read them so.
 */
export const isBlank = (value: unknown): boolean => typeof value === 'string' && value.trim() === '';

/** A parsed query string without its blank values (other values, arrays included, are left as they are). */
export function withoutBlanks(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query) || query instanceof URLSearchParams) return query;
  return Object.fromEntries(Object.entries(query as Record<string, unknown>).filter(([, v]) => v !== undefined && !isBlank(v)));
}

/** What a product list can be asked for; absent keys are not asked for. */
export interface ProductQuery {
  page?: number;
  per_page?: number;
  search?: string;
  shop_id?: number;
  category_id?: number;
  sub_category_id?: number;
  brand_id?: number[];
  color_id?: number[];
  size_id?: number[];
  /** Minimum average rating, 0-5 (decimals allowed: 4.5). */
  rating?: number;
  /** Effective price bounds in the default currency. */
  min_price?: number;
  max_price?: number;
  sort_type?: ProductSortType;
  /** Only products with a discount or in a running flash sale (the Best deal screen). */
  deals?: boolean;
}
export type ProductQueryKey = keyof ProductQuery;

/** The keys in the order an address writes them. */
export const PRODUCT_QUERY_KEYS = [
  'search',
  'shop_id',
  'category_id',
  'sub_category_id',
  'brand_id',
  'color_id',
  'size_id',
  'rating',
  'min_price',
  'max_price',
  'sort_type',
  'deals',
  'page',
  'per_page',
] as const satisfies readonly ProductQueryKey[];

/** What an absent page, page size and sort mean. */
export const PRODUCT_QUERY_DEFAULTS = { page: 1, per_page: PRODUCTS_PER_PAGE, sort_type: 'default' } as const;

type Read<T> = (raw: string) => { value: T } | { error: string };

const integer =
  (label: string, min: number, max: number): Read<number> =>
  (raw) => {
    if (!/^\d{1,10}$/.test(raw)) return { error: `The ${label} must be an integer.` };
    const n = Number(raw);
    if (n < min) return { error: `The ${label} must be at least ${min}.` };
    if (n > max) return { error: `The ${label} may not be greater than ${max}.` };
    return { value: n };
  };

const id = (label: string) => integer(label, 1, 1_000_000_000);

/** `3` or `3,7,9` (at most 20); duplicates and zeros dropped. */
const idList =
  (label: string): Read<number[]> =>
  (raw) =>
    /^\d{1,10}(,\d{1,10}){0,19}$/.test(raw)
      ? { value: [...new Set(raw.split(',').map(Number))].filter((n) => n > 0) }
      : { error: `The ${label} must be an id or a comma-separated list of ids.` };

/** A price in the default currency: digits with up to 3 decimals. */
const price =
  (label: string): Read<number> =>
  (raw) =>
    /^\d{1,9}(\.\d{1,3})?$/.test(raw) ? { value: Number(raw) } : { error: `The ${label} must be a positive number.` };

const READERS: { [K in ProductQueryKey]-?: Read<NonNullable<ProductQuery[K]>> } = {
  page: integer('page', 1, 100_000),
  per_page: integer('per page', 1, 100),
  search: (raw) => {
    const s = stripInvisible(raw);
    if (hasControl(s)) return { error: 'The search field must not contain control characters.' };
    if (s.length > 100) return { error: 'The search may not be greater than 100 characters.' };
    return { value: s };
  },
  shop_id: id('shop id'),
  category_id: id('category id'),
  sub_category_id: id('sub category id'),
  brand_id: idList('brand id'),
  color_id: idList('color id'),
  size_id: idList('size id'),
  rating: (raw) =>
    /^\d(\.\d{1,2})?$/.test(raw) && Number(raw) <= 5
      ? { value: Number(raw) }
      : { error: 'The rating must be a number from 0 to 5.' },
  min_price: price('min price'),
  max_price: price('max price'),
  sort_type: (raw) =>
    (productSortTypes as readonly string[]).includes(raw)
      ? { value: raw as ProductSortType }
      : { error: `The sort type must be one of: ${productSortTypes.join(', ')}.` },
  deals: (raw) => (raw === '1' || raw === '0' ? { value: raw === '1' } : { error: 'The deals must be 0 or 1.' }),
};

/** A query string's values: URLSearchParams, or an object as a server's query parser gives it. */
export type QuerySource = URLSearchParams | Record<string, unknown>;

function valueOf(source: QuerySource, key: string): unknown {
  if (source instanceof URLSearchParams) {
    const all = source.getAll(key);
    return all.length > 1 ? all : all[0];
  }
  return source[key];
}

/**
 * Reads a product list's query: every valid value, typed, and a message for each invalid one (the API
 * answers those with 422; the storefront leaves such a value out of its list, as a typo in an address
 * should not break the page). Blank values are absent; a search that is blank once cleaned is absent;
 * a max price under the min price is an error on max_price and is left out.
 */
export function parseProductQuery(source: QuerySource): { query: ProductQuery; errors: Record<string, string[]> } {
  const query: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const key of PRODUCT_QUERY_KEYS) {
    const raw = valueOf(source, key);
    if (raw === undefined || raw === null || isBlank(raw)) continue;
    if (typeof raw !== 'string') {
      errors[key] = [`The ${key.replace(/_/g, ' ')} must be a single value.`];
      continue;
    }
    const read = (READERS[key] as Read<unknown>)(raw);
    if ('error' in read) errors[key] = [read.error];
    else if (!(key === 'search' && read.value === '')) query[key] = read.value;
  }
  const q = query as ProductQuery;
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    delete q.max_price;
    errors.max_price = ['The max price must be greater than or equal to the min price.'];
  }
  return { query: q, errors };
}

/** A product query as address values (`brand_id=3,7`, `deals=1`), in PRODUCT_QUERY_KEYS order; absent keys left out. */
export function productQueryParams(query: ProductQuery): Partial<Record<ProductQueryKey, string>> {
  const out: Partial<Record<ProductQueryKey, string>> = {};
  for (const key of PRODUCT_QUERY_KEYS) {
    const v = query[key];
    if (v === undefined) continue;
    out[key] = Array.isArray(v) ? v.join(',') : typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
  }
  return out;
}
