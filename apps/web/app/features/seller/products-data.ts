import type { SellerCatalogOptions, SellerProduct, SellerProductUpdateBody } from '@souq/contracts';
import { redirect } from 'react-router';
import { errorMessage, type PageData } from '~/features/account';
import { ApiError } from '~/shared/api';
import { documentLocale, makeTranslate, messagesOf } from '~/shared/i18n';
import { toast } from '~/shared/ui/toast';
import { loadSeller } from './data';
import { serverErrors, type FormErrors } from './product-form-logic';
import {
  createSellerProduct,
  deleteSellerProduct,
  deleteSellerProductImage,
  fetchCatalogOptions,
  fetchSellerProduct,
  fetchSellerProducts,
  reorderSellerProductImages,
  setSellerProductActive,
  updateSellerProduct,
  uploadSellerProductImage,
  type LoadedProduct,
  type SellerProductsList,
} from './products-api';

/**
 * The loaders and actions of the seller's product screens (decision 036): /seller/products (the list:
 * search, status, category and page in the address; the action switches a product on or off and deletes
 * one) and /seller/products/new, /seller/products/:id (the form: the action saves, and on an existing
 * product uploads, reorders and removes pictures). After each action React Router loads the page again.
 */

export const SELLER_PRODUCTS = '/seller/products';
export const SELLER_PRODUCTS_PER_PAGE = 20;
export const sellerProductHref = (id: number) => `${SELLER_PRODUCTS}/${id}`;

const tr = () => makeTranslate(messagesOf(documentLocale()), documentLocale());

export type StatusFilter = 'all' | 'active' | 'inactive';
export interface ProductListParams {
  search: string;
  status: StatusFilter;
  categoryId: number | null;
  page: number;
}

/** The list's filters and page from the address (anything unknown is ignored). */
export function productListParams(params: URLSearchParams): ProductListParams {
  const status = params.get('status');
  const category = params.get('category_id') ?? '';
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    status: status === 'active' || status === 'inactive' ? status : 'all',
    categoryId: /^\d{1,9}$/.test(category) && Number(category) > 0 ? Number(category) : null,
    page: Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1)),
  };
}

/** The address of the list with these filters (a filter changed goes back to page 1 unless given). */
export function productListHref(p: Partial<ProductListParams>): string {
  const q = new URLSearchParams();
  if (p.search?.trim()) q.set('search', p.search.trim());
  if (p.status && p.status !== 'all') q.set('status', p.status);
  if (p.categoryId) q.set('category_id', String(p.categoryId));
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${SELLER_PRODUCTS}${s ? `?${s}` : ''}`;
}

export interface ProductListData {
  params: ProductListParams;
  loaded: PageData<{ list: SellerProductsList; options: SellerCatalogOptions }>;
}

export async function loadProductList({ request }: { request: Request }): Promise<ProductListData> {
  const params = productListParams(new URL(request.url).searchParams);
  const { signal } = request;
  const loaded = await loadSeller(async () => {
    const [list, options] = await Promise.all([
      fetchSellerProducts(
        {
          search: params.search.trim() || undefined,
          status: params.status,
          category_id: params.categoryId ?? undefined,
          page: params.page,
          per_page: SELLER_PRODUCTS_PER_PAGE,
        },
        signal,
      ),
      fetchCatalogOptions(signal),
    ]);
    return { list, options };
  });
  return { params, loaded };
}

/** What the list's action answers the row's fetcher. */
export type ProductRowAnswer = { intent: 'toggle' | 'delete'; id: number; ok: boolean };

/** The list's action: `intent=toggle` (a PUT of `is_active` alone) or `intent=delete`. */
export async function productListAction({ request }: { request: Request }): Promise<ProductRowAnswer> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const name = String(form.get('name') ?? '');
  const intent = form.get('intent') === 'delete' ? 'delete' : 'toggle';
  const t = tr();
  try {
    if (intent === 'delete') {
      await deleteSellerProduct(id);
      toast.success(t('sprod.deleted'));
    } else {
      const on = form.get('is_active') === '1';
      await setSellerProductActive(id, on);
      toast.success(t(on ? 'sprod.activated' : 'sprod.deactivated', { name }));
    }
    return { intent, id, ok: true };
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) toast.error(errorMessage(e));
    return { intent, id, ok: false };
  }
}

// --- The form ----------------------------------------------------------------------------------------

export interface ProductFormData {
  /** null on /seller/products/new. */
  product: PageData<LoadedProduct> | null;
  options: PageData<SellerCatalogOptions>;
}

export async function loadNewProduct({ request }: { request: Request }): Promise<ProductFormData> {
  return { product: null, options: await loadSeller(() => fetchCatalogOptions(request.signal)) };
}

export async function loadEditProduct({
  request,
  params,
}: {
  request: Request;
  params: { id?: string };
}): Promise<ProductFormData> {
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const [product, options] = await Promise.all([
    id ? loadSeller(() => fetchSellerProduct(id, request.signal)) : ({ error: tr()('sprod.not_found'), status: 404 } as const),
    loadSeller(() => fetchCatalogOptions(request.signal)),
  ]);
  return { product, options };
}

/** A save's answer: the product saved, or the errors to show beside the fields (`_form` above them). */
export type SaveAnswer =
  { intent: 'save'; ok: true; product: SellerProduct } | { intent: 'save'; ok: false; errors: FormErrors; conflict?: boolean };
export type PictureAnswer = { intent: 'upload' | 'reorder' | 'remove-image'; ok: boolean; added?: number };
export type ProductFormAnswer = SaveAnswer | PictureAnswer;

interface UploadFailure {
  name: string;
  reason: string;
}

/** Uploads the pictures one after the other (the API keeps their order); the failures, each with its reason. */
async function uploadAll(id: number, files: File[]): Promise<{ added: number; failed: UploadFailure[] }> {
  let added = 0;
  const failed: UploadFailure[] = [];
  for (const file of files) {
    try {
      await uploadSellerProductImage(id, file);
      added++;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) throw e;
      failed.push({
        name: file.name,
        reason: e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : errorMessage(e),
      });
    }
  }
  return { added, failed };
}

function toastFailures(failed: UploadFailure[]) {
  const t = tr();
  for (const f of failed) toast.error(t('sprod.upload_failed', { name: f.name, reason: f.reason }));
}

const filesOf = (form: FormData) => form.getAll('image').filter((f): f is File => f instanceof File && f.size > 0);

/**
 * The form's action. `intent=save` carries the body as JSON (`body`): on a new product every field
 * given, and the pictures chosen meanwhile (`image`), uploaded right after the create, then on to the
 * product's page; on an existing one the changed fields only, with `If-Match` (`etag`) when the product
 * was loaded with one. `upload`, `reorder` (`ids`) and `remove-image` (`image_id`) change its pictures.
 */
export async function productFormAction({ request, params }: { request: Request; params: { id?: string } }) {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const id = params.id ? Number(params.id) : null;
  const t = tr();
  if (intent === 'save') return save(form, id);
  if (id === null) return { intent: 'upload', ok: false } satisfies PictureAnswer;
  try {
    if (intent === 'upload') {
      const { added, failed } = await uploadAll(id, filesOf(form));
      if (added) toast.success(t('sprod.uploaded', { count: added }));
      toastFailures(failed);
      return { intent, ok: failed.length === 0, added } satisfies PictureAnswer;
    }
    if (intent === 'reorder') {
      await reorderSellerProductImages(id, JSON.parse(String(form.get('ids'))) as number[]);
      return { intent, ok: true } satisfies PictureAnswer;
    }
    await deleteSellerProductImage(id, Number(form.get('image_id')));
    return { intent: 'remove-image', ok: true } satisfies PictureAnswer;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw redirect('/seller/login');
    toast.error(e instanceof ApiError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : errorMessage(e));
    return {
      intent: intent === 'reorder' ? 'reorder' : intent === 'upload' ? 'upload' : 'remove-image',
      ok: false,
    } satisfies PictureAnswer;
  }
}

async function save(form: FormData, id: number | null): Promise<SaveAnswer | Response> {
  const t = tr();
  const body = JSON.parse(String(form.get('body') ?? '{}')) as SellerProductUpdateBody;
  try {
    if (id === null) {
      const product = await createSellerProduct(body as Parameters<typeof createSellerProduct>[0]);
      const { failed } = await uploadAll(product.id, filesOf(form));
      toast.success(t('sprod.created'));
      toastFailures(failed);
      return redirect(sellerProductHref(product.id));
    }
    const etag = String(form.get('etag') ?? '') || null;
    const { product } = await updateSellerProduct(id, body, etag);
    toast.success(t('sprod.saved'));
    return { intent: 'save', ok: true, product };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw redirect('/seller/login');
    if (e instanceof ApiError && e.status === 412) return { intent: 'save', ok: false, errors: {}, conflict: true };
    if (e instanceof ApiError && e.status === 422) {
      const errors = serverErrors(e.errors);
      return { intent: 'save', ok: false, errors: Object.keys(errors).length ? errors : { _form: e.message } };
    }
    return { intent: 'save', ok: false, errors: { _form: errorMessage(e) } };
  }
}
