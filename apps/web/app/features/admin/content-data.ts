import type {
  AdminBlog,
  AdminBlogCategories,
  AdminBlogCategory,
  AdminBlogs,
  AdminFlashSaleDetail,
  AdminFlashSales,
  AdminLegalPage,
  AdminRichTextPreview,
} from '@souq/contracts';
import { redirect } from 'react-router';
import type { PageData } from '~/features/account';
import { actionResult, type ActionResult } from '~/shared/ui/form';
import {
  deleteAdminBlog,
  deleteAdminFlashSale,
  deleteBlogCategory,
  fetchAdminBlog,
  fetchAdminBlogs,
  fetchAdminFlashSale,
  fetchAdminFlashSales,
  fetchBlogCategories,
  fetchLegalPages,
  previewRichText,
  removeFlashSaleProduct,
  saveAdminBlog,
  saveAdminFlashSale,
  saveBlogCategory,
  saveLegalPage,
} from './content-api';
import { loadAdmin } from './data';

/**
 * The console's Blog, Pages and Flash sales screens: their loaders and actions (decision 036). The
 * editors' HTML goes to the API as it is; the API keeps it through the rich-text allow-list, and the
 * preview shows what the allow-list keeps.
 */

const pageOf = (params: URLSearchParams) => Math.max(1, Math.min(100000, Math.floor(Number(params.get('page'))) || 1));
/** A path id: a positive whole number, or null (the page's 404). */
const idOf = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
const notFound = () => new Response('Not found', { status: 404 });

/** A form's text value ('' when absent). */
const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/**
 * The fields of an editor form as the API's multipart write takes them: the named text fields, the
 * checkbox `is_active` as true/false, and the picked `thumbnail` file when there is one.
 */
export function apiForm(form: FormData, fields: readonly string[]): FormData {
  const out = new FormData();
  for (const name of fields) if (form.has(name)) out.set(name, text(form, name));
  out.set('is_active', form.get('is_active') === 'on' || form.get('is_active') === 'true' ? 'true' : 'false');
  const file = form.get('thumbnail');
  if (file && typeof file !== 'string' && file.size > 0) out.set('thumbnail', file);
  return out;
}

const POST_FIELDS = ['title', 'title_ar', 'slug', 'category_id', 'description', 'description_ar'] as const;
const SALE_FIELDS = ['name', 'name_ar'] as const;

/** The preview intent every editor page answers: both languages through the allow-list. */
type Previewed = { intent: 'preview'; preview: AdminRichTextPreview };
const preview = (form: FormData) =>
  actionResult<Previewed>(async () => ({
    intent: 'preview' as const,
    preview: await previewRichText(text(form, 'description'), text(form, 'description_ar')),
  }));

// --- /admin/blog --------------------------------------------------------------------------------------

export interface AdminBlogListData {
  page: number;
  search: string;
  list: PageData<AdminBlogs>;
  categories: PageData<AdminBlogCategories>;
}

export async function loadAdminBlogList({ request }: { request: Request }): Promise<AdminBlogListData> {
  const params = new URL(request.url).searchParams;
  const page = pageOf(params);
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  const [list, categories] = await Promise.all([
    loadAdmin(() => fetchAdminBlogs({ page, search }, request.signal), request),
    loadAdmin(() => fetchBlogCategories(request.signal), request),
  ]);
  return { page, search, list, categories };
}

export type BlogListAnswer = ActionResult<{ intent: string; category: AdminBlogCategory | null }>;

export async function adminBlogListAction({ request }: { request: Request }): Promise<BlogListAnswer> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const id = idOf(text(form, 'id'));
  return actionResult(async () => {
    switch (intent) {
      case 'delete-post':
        await deleteAdminBlog(id!);
        return { intent, category: null };
      case 'save-category': {
        const category = await saveBlogCategory(id, {
          name: text(form, 'name'),
          name_ar: text(form, 'name_ar'),
          is_active: form.get('is_active') === 'on',
        });
        return { intent, category };
      }
      case 'toggle-category':
        return { intent, category: await saveBlogCategory(id, { is_active: text(form, 'is_active') === 'true' }) };
      case 'delete-category':
        await deleteBlogCategory(id!);
        return { intent, category: null };
      default:
        throw new Error(`Unknown intent ${intent}`);
    }
  });
}

// --- /admin/blog/new, /admin/blog/:id -----------------------------------------------------------------

export interface AdminBlogEditData {
  post: AdminBlog | null;
  categories: PageData<AdminBlogCategories>;
  loaded: PageData<AdminBlog | null>;
}

export async function loadAdminBlogEdit({
  request,
  params,
}: {
  request: Request;
  params: { id?: string };
}): Promise<AdminBlogEditData> {
  const id = params.id === undefined ? null : idOf(params.id);
  if (params.id !== undefined && id === null) throw notFound();
  const [categories, loaded] = await Promise.all([
    loadAdmin(() => fetchBlogCategories(request.signal), request),
    loadAdmin(() => (id ? fetchAdminBlog(id, request.signal) : Promise.resolve(null)), request),
  ]);
  if ('status' in loaded && loaded.status === 404) throw notFound();
  return { post: loaded.data ?? null, categories, loaded };
}

export type BlogEditAnswer = ActionResult<{ intent: 'save'; post: AdminBlog } | Previewed>;

export async function adminBlogEditAction({ request, params }: { request: Request; params: { id?: string } }) {
  const form = await request.formData();
  if (text(form, 'intent') === 'preview') return preview(form);
  const id = params.id === undefined ? null : idOf(params.id);
  const answer: BlogEditAnswer = await actionResult(async () => ({
    intent: 'save' as const,
    post: await saveAdminBlog(id, apiForm(form, POST_FIELDS)),
  }));
  // A new post: on to its own page (which saves from then on).
  if (answer.ok && answer.data.intent === 'save' && !id) return redirect(`/admin/blog/${answer.data.post.id}?saved=1`);
  return answer;
}

// --- /admin/pages, /admin/pages/:slug -----------------------------------------------------------------

export async function loadAdminPages({ request }: { request: Request }): Promise<PageData<AdminLegalPage[]>> {
  return loadAdmin(() => fetchLegalPages(request.signal), request);
}

export async function loadAdminPageEdit({ request, params }: { request: Request; params: { slug?: string } }) {
  const pages = await loadAdmin(() => fetchLegalPages(request.signal), request);
  if (pages.data && !pages.data.some((p) => p.slug === params.slug)) throw notFound();
  return { slug: params.slug ?? '', page: pages.data?.find((p) => p.slug === params.slug) ?? null, error: pages.error };
}

export type PageEditAnswer = ActionResult<{ intent: 'save'; page: AdminLegalPage } | Previewed>;

export async function adminPageEditAction({
  request,
  params,
}: {
  request: Request;
  params: { slug?: string };
}): Promise<PageEditAnswer> {
  const form = await request.formData();
  if (text(form, 'intent') === 'preview') return preview(form);
  return actionResult<{ intent: 'save'; page: AdminLegalPage }>(async () => ({
    intent: 'save' as const,
    page: await saveLegalPage(params.slug ?? '', {
      title: text(form, 'title'),
      title_ar: text(form, 'title_ar'),
      description: text(form, 'description'),
      description_ar: text(form, 'description_ar'),
    }),
  }));
}

// --- /admin/flash-sales -------------------------------------------------------------------------------

export interface AdminFlashSalesData {
  page: number;
  list: PageData<AdminFlashSales>;
}

export async function loadAdminFlashSales({ request }: { request: Request }): Promise<AdminFlashSalesData> {
  const page = pageOf(new URL(request.url).searchParams);
  return { page, list: await loadAdmin(() => fetchAdminFlashSales(page, request.signal), request) };
}

export type FlashSalesAnswer = ActionResult<{ intent: string }>;

export async function adminFlashSalesAction({ request }: { request: Request }): Promise<FlashSalesAnswer> {
  const form = await request.formData();
  const id = idOf(text(form, 'id'));
  return actionResult(async () => {
    await deleteAdminFlashSale(id!);
    return { intent: 'delete' };
  });
}

export async function loadAdminFlashSaleEdit({ request, params }: { request: Request; params: { id?: string } }) {
  const id = params.id === undefined ? null : idOf(params.id);
  if (params.id !== undefined && id === null) throw notFound();
  const loaded = await loadAdmin(() => (id ? fetchAdminFlashSale(id, request.signal) : Promise.resolve(null)), request);
  if ('status' in loaded && loaded.status === 404) throw notFound();
  return { sale: loaded.data ?? null, error: loaded.error };
}

export type FlashSaleEditAnswer = ActionResult<{ intent: 'save' | 'remove-product'; sale: AdminFlashSaleDetail | null }>;

export async function adminFlashSaleEditAction({ request, params }: { request: Request; params: { id?: string } }) {
  const form = await request.formData();
  const id = params.id === undefined ? null : idOf(params.id);
  if (text(form, 'intent') === 'remove-product')
    return actionResult(async () => {
      await removeFlashSaleProduct(id!, Number(text(form, 'product_id')));
      return { intent: 'remove-product' as const, sale: null };
    });
  const body = apiForm(form, SALE_FIELDS);
  for (const name of ['starts_at', 'ends_at'] as const) {
    const iso = fromLocalInput(text(form, name));
    body.set(name, iso ?? text(form, name));
  }
  const answer = await actionResult(async () => ({ intent: 'save' as const, sale: await saveAdminFlashSale(id, body) }));
  if (answer.ok && !id && answer.data.sale) return redirect(`/admin/flash-sales/${answer.data.sale.id}?saved=1`);
  return answer;
}

// --- Times (Oman's: UTC+4 all year, as the rest of the marketplace shows them) -------------------------

const MUSCAT_MS = 4 * 60 * 60 * 1000;

export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : new Date(t + MUSCAT_MS).toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const t = Date.parse(`${value}:00+04:00`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}
