import type {
  Envelope,
  SellerCatalogOptions,
  SellerProduct,
  SellerProductCreateBody,
  SellerProductImage,
  SellerProductRow,
  SellerProductUpdateBody,
} from '@souq/contracts';
import { apiResponse, readAnswer } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { sellerCall, sellerForm } from './api';
import { clearSellerSession, sellerToken } from './store';

/**
 * The seller centre's product calls (BACKOFFICE.md "Seller centre"): the shop's list, one product with
 * its ETag (when the API sends one), create, a partial update with `If-Match`, delete, the pictures, and
 * the catalogue's options for the form.
 */

export interface SellerProductsList {
  total: number;
  products: SellerProductRow[];
}

export interface SellerProductsQuery {
  search?: string;
  status?: 'active' | 'inactive' | 'all';
  category_id?: number;
  page?: number;
  per_page?: number;
}

export async function fetchSellerProducts(q: SellerProductsQuery, signal?: AbortSignal): Promise<SellerProductsList> {
  return (await sellerCall<SellerProductsList>('/seller/products', { query: { ...q }, signal })).data;
}

export async function fetchCatalogOptions(signal?: AbortSignal): Promise<SellerCatalogOptions> {
  return (await sellerCall<SellerCatalogOptions>('/seller/catalog-options', { signal })).data;
}

/** A product and the version the server gave it (`ETag`), null when the API sends none. */
export interface LoadedProduct {
  product: SellerProduct;
  etag: string | null;
}

const session = (path: string) => ({
  locale: documentLocale(),
  token: sellerToken(),
  onUnauthorized: clearSellerSession,
  path,
});

export async function fetchSellerProduct(id: number, signal?: AbortSignal): Promise<LoadedProduct> {
  const path = `/seller/products/${id}`;
  const s = session(path);
  const res = await apiResponse(path, { locale: s.locale, token: s.token, signal });
  const answer = await readAnswer<Envelope<{ product: SellerProduct }>>(res, s.onUnauthorized);
  return { product: answer.data.product, etag: res.headers.get('etag') };
}

export async function createSellerProduct(body: SellerProductCreateBody): Promise<SellerProduct> {
  return (await sellerCall<{ product: SellerProduct }>('/seller/products', { method: 'POST', body })).data.product;
}

/** A partial PUT: only the fields given change; with `etag`, a 412 when the product changed meanwhile. */
export async function updateSellerProduct(
  id: number,
  body: SellerProductUpdateBody,
  etag: string | null,
): Promise<LoadedProduct> {
  const path = `/seller/products/${id}`;
  const s = session(path);
  const res = await apiResponse(path, {
    method: 'PUT',
    body,
    locale: s.locale,
    token: s.token,
    headers: etag ? { 'If-Match': etag } : undefined,
  });
  const answer = await readAnswer<Envelope<{ product: SellerProduct }>>(res, s.onUnauthorized);
  return { product: answer.data.product, etag: res.headers.get('etag') };
}

export async function setSellerProductActive(id: number, isActive: boolean): Promise<SellerProduct> {
  const res = await sellerCall<{ product: SellerProduct }>(`/seller/products/${id}`, {
    method: 'PUT',
    body: { is_active: isActive },
  });
  return res.data.product;
}

export async function deleteSellerProduct(id: number): Promise<void> {
  await sellerCall(`/seller/products/${id}`, { method: 'DELETE' });
}

/** Uploads one picture (multipart `image`); answers every picture of the product, in order. */
export async function uploadSellerProductImage(id: number, file: Blob, name?: string): Promise<SellerProductImage[]> {
  const form = new FormData();
  form.set('image', file, name ?? (file instanceof File ? file.name : 'picture'));
  return (await sellerForm<{ images: SellerProductImage[] }>(`/seller/products/${id}/images`, form)).data.images;
}

export async function reorderSellerProductImages(id: number, ids: number[]): Promise<SellerProductImage[]> {
  const res = await sellerCall<{ images: SellerProductImage[] }>(`/seller/products/${id}/images`, {
    method: 'PUT',
    body: { ids },
  });
  return res.data.images;
}

export async function deleteSellerProductImage(id: number, imageId: number): Promise<void> {
  await sellerCall(`/seller/products/${id}/images/${imageId}`, { method: 'DELETE' });
}
