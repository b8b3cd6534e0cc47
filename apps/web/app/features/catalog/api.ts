import type {
  CategoriesResponse,
  CategoryResponse,
  FlashSaleDetailsResponse,
  FlashSalesResponse,
  HomeResponse,
  ProductDetailsResponse,
  ProductsQuery,
  ProductsResponse,
  RecentlyViewedResponse,
  ReviewsResponse,
  ShopCategoriesResponse,
  ShopDetailResponse,
  ShopsResponse,
} from '@souq/contracts';
import { api, type ApiContext } from '~/shared/api';

/**
 * The catalogue calls of the storefront (one function per call). Loaders pass the load context so that
 * server rendering calls the API in-process; the browser calls it over HTTP.
 */
export interface CallOptions {
  locale: string;
  context?: ApiContext;
  token?: string | null;
  signal?: AbortSignal;
}

type Query = Record<string, string | number | undefined | null>;

const get = <T>(path: string, o: CallOptions, query?: Query) =>
  api<T>(path, { locale: o.locale, context: o.context, token: o.token, signal: o.signal, query });

export const fetchHome = (o: CallOptions, query: { page?: number; per_page?: number } = {}) =>
  get<HomeResponse>('/home', o, query).then((r) => r.data);

export const fetchProducts = (o: CallOptions, query: ProductsQuery | Query) =>
  get<ProductsResponse>('/products', o, query as Query).then((r) => r.data);

export const fetchProductDetails = (o: CallOptions, productId: number | string) =>
  get<ProductDetailsResponse>('/product-details', o, { product_id: productId }).then((r) => r.data);

export const fetchReviews = (
  o: CallOptions,
  query: { product_id?: number; shop_id?: number; page?: number; per_page?: number },
) => get<ReviewsResponse>('/reviews', o, query).then((r) => r.data);

export const fetchCategories = (o: CallOptions, query: { page?: number; per_page?: number } = {}) =>
  get<CategoriesResponse>('/categories', o, query).then((r) => r.data);

/** One category by its slug or its id (digits). */
export const fetchCategory = (o: CallOptions, slugOrId: string) =>
  get<CategoryResponse>(`/categories/${encodeURIComponent(slugOrId)}`, o).then((r) => r.data.category);

export const fetchShops = (o: CallOptions, query: { page?: number; per_page?: number; search?: string } = {}) =>
  get<ShopsResponse>('/shops', o, query).then((r) => r.data);

export const fetchShop = (o: CallOptions, id: number | string) =>
  get<ShopDetailResponse>(`/shops/${encodeURIComponent(String(id))}`, o).then((r) => r.data.shop);

export const fetchShopCategories = (o: CallOptions, shopId: number | string) =>
  get<ShopCategoriesResponse>('/shop-categories', o, { shop_id: shopId }).then((r) => r.data.categories);

export const fetchFlashSales = (o: CallOptions) => get<FlashSalesResponse>('/flash-sales', o).then((r) => r.data);

export const fetchFlashSale = (o: CallOptions, id: number | string, query: { page?: number; per_page?: number } = {}) =>
  get<FlashSaleDetailsResponse>(`/flash-sale/${encodeURIComponent(String(id))}/details`, o, query).then((r) => r.data);

/** GET /recently-views: the signed-in customer's last viewed products, newest first. */
export const fetchRecentlyViewed = (o: CallOptions & { token: string }) =>
  get<RecentlyViewedResponse>('/recently-views', o).then((r) => r.data.products);

/**
 * Opens a product as the signed-in customer (GET /product-details with the token), which is what records
 * it among their recently viewed: the page itself is rendered for a guest, so it records nothing.
 */
export const recordProductView = (o: CallOptions & { token: string }, productId: number) =>
  get<ProductDetailsResponse>('/product-details', o, { product_id: productId }).then(() => undefined);

/** A 404 from the API becomes the storefront's not-found page; other failures propagate. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    const status = (e as { status?: number }).status;
    if (status === 404 || status === 422) throw new Response('Not found', { status: 404 });
    throw e;
  }
}
