import type { AdminBanner, AdminBanners, TaxonomyItem, TaxonomyKind } from '@souq/contracts';
import {
  COLOR_CODE_PATTERN,
  isBannerLink,
  SLUG_PATTERN,
  TAXONOMY,
  TAXONOMY_IMAGE_MAX_BYTES,
  TAXONOMY_KINDS,
  TAXONOMY_PER_PAGE,
} from '@souq/contracts/admin-taxonomy-constants';
import type { PageData } from '~/features/account';
import { ApiError } from '~/shared/api';
import type { Translate } from '~/shared/i18n';
import { actionResult, type ActionResult, type FieldErrors } from '~/shared/ui/form';
import { loadAdmin } from './data';
import {
  deleteBanner,
  deleteTaxonomy,
  fetchBanners,
  fetchTaxonomy,
  saveBanner,
  saveTaxonomy,
  type TaxonomyPage,
} from './taxonomy-api';

/**
 * /admin/catalogue and /admin/banners: their loaders and actions (decision 036), and their forms' logic
 * (the draft, the checks said in the page's language, the body of a create or of a partial update).
 */

export const CATALOGUE = '/admin/catalogue';
export const BANNERS = '/admin/banners';
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

// --- Addresses ------------------------------------------------------------------------------------------

export interface CatalogueParams {
  kind: TaxonomyKind;
  search: string | null;
  /** Sub-categories: of this category only. */
  category: number | null;
  page: number;
}

const pageOf = (params: URLSearchParams) => Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1));

export function catalogueParams(params: URLSearchParams): CatalogueParams {
  const kind = params.get('kind');
  const category = Math.floor(Number(params.get('category')));
  return {
    kind: (TAXONOMY_KINDS as readonly string[]).includes(kind ?? '') ? (kind as TaxonomyKind) : 'categories',
    search: (params.get('search') ?? '').trim().slice(0, 100) || null,
    category: kind === 'sub-categories' && category > 0 && category < 2 ** 31 ? category : null,
    page: pageOf(params),
  };
}

export function catalogueHref(p: Partial<CatalogueParams> & { kind: TaxonomyKind }): string {
  const q = new URLSearchParams();
  if (p.kind !== 'categories') q.set('kind', p.kind);
  if (p.category && p.kind === 'sub-categories') q.set('category', String(p.category));
  if (p.search) q.set('search', p.search);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${CATALOGUE}${s ? `?${s}` : ''}`;
}

// --- Loaders --------------------------------------------------------------------------------------------

export interface CatalogueData extends CatalogueParams {
  list: PageData<TaxonomyPage>;
  /** Every category (the sub-categories' filter and form), for sub-categories only. */
  categories: TaxonomyItem[];
}

export async function loadCatalogue({ request }: { request: Request }): Promise<CatalogueData> {
  const p = catalogueParams(new URL(request.url).searchParams);
  const list = await loadAdmin(async () => {
    const [page, categories] = await Promise.all([
      fetchTaxonomy(
        p.kind,
        { page: p.page, perPage: TAXONOMY_PER_PAGE, search: p.search, categoryId: p.category },
        request.signal,
      ),
      p.kind === 'sub-categories'
        ? fetchTaxonomy('categories', { page: 1, perPage: 100, search: null, categoryId: null }, request.signal)
        : Promise.resolve(null),
    ]);
    return { page, categories: categories?.items ?? [] };
  }, request);
  return list.data
    ? { ...p, list: { data: list.data.page }, categories: list.data.categories }
    : { ...p, list: { error: list.error, status: list.status }, categories: [] };
}

export interface BannersData {
  page: number;
  list: PageData<AdminBanners>;
}

export async function loadBanners({ request }: { request: Request }): Promise<BannersData> {
  const page = pageOf(new URL(request.url).searchParams);
  return { page, list: await loadAdmin(() => fetchBanners({ page, perPage: TAXONOMY_PER_PAGE }, request.signal), request) };
}

// --- The entry form -------------------------------------------------------------------------------------

export interface TaxonomyDraft {
  name: string;
  name_ar: string;
  slug: string;
  sort: string;
  is_active: boolean;
  category_id: string;
  color_code: string;
  remove_thumbnail: boolean;
}

export function taxonomyDraft(item: TaxonomyItem | null, category: number | null = null): TaxonomyDraft {
  return {
    name: item?.name ?? '',
    name_ar: item?.name_ar ?? '',
    slug: item?.slug ?? '',
    sort: String(item?.sort ?? 0),
    is_active: item?.is_active ?? true,
    category_id: item?.category_id ? String(item.category_id) : category ? String(category) : '',
    color_code: item?.color_code ?? '#000000',
    remove_thumbnail: false,
  };
}

const WHOLE = /^\d{1,7}$/;

/** A picture chosen: its problem (type, size), or none. */
export function imageProblem(file: File | null, t: Translate): string | undefined {
  if (!file) return undefined;
  if (!IMAGE_TYPES.includes(file.type)) return t('admin.tax.err.image_type');
  if (file.size > TAXONOMY_IMAGE_MAX_BYTES) return t('admin.tax.err.image_size');
  return undefined;
}

/** The API's rules, said in the page's language: the errors to show beside the fields (none: {}). */
export function checkTaxonomy(kind: TaxonomyKind, d: TaxonomyDraft, t: Translate): FieldErrors {
  const spec = TAXONOMY[kind];
  const out: FieldErrors = {};
  for (const field of ['name', 'name_ar'] as const) {
    const v = d[field].trim();
    if (!v) out[field] = t('admin.tax.err.name');
    else if (v.length > spec.nameMax) out[field] = t('admin.tax.err.too_long', { max: spec.nameMax });
  }
  const slug = d.slug.trim().toLowerCase();
  if (slug && (!SLUG_PATTERN.test(slug) || slug.length > 190)) out.slug = t('admin.tax.err.slug');
  if (!WHOLE.test(d.sort.trim())) out.sort = t('admin.tax.err.sort');
  if (spec.colorCode && !COLOR_CODE_PATTERN.test(d.color_code.trim())) out.color_code = t('admin.tax.err.color');
  if (spec.parent && !d.category_id) out.category_id = t('admin.tax.err.category');
  return out;
}

/** The body of a create (every field of the kind), or of an update (only what differs from `before`). */
export function taxonomyBody(kind: TaxonomyKind, d: TaxonomyDraft, before?: TaxonomyDraft): Record<string, unknown> {
  const spec = TAXONOMY[kind];
  const all: Record<string, unknown> = {
    name: d.name.trim(),
    name_ar: d.name_ar.trim(),
    slug: d.slug.trim().toLowerCase() || null,
    sort: Number(d.sort.trim()),
    is_active: d.is_active,
  };
  if (spec.parent) all.category_id = Number(d.category_id);
  if (spec.colorCode) all.color_code = d.color_code.trim().toLowerCase();
  if (!before) {
    if (all.slug === null) delete all.slug;
    return all;
  }
  const old = taxonomyBody(kind, before);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all))
    if (value !== (key === 'slug' ? (old.slug ?? null) : old[key])) changed[key] = value;
  if (spec.thumbnail && d.remove_thumbnail) changed.thumbnail = null;
  return changed;
}

/** A field error of the API said in the page's language where the screen knows the rule. */
export function localisedErrors(errors: FieldErrors, t: Translate): FieldErrors {
  const out = { ...errors };
  if (out.slug && /already in use/.test(out.slug)) out.slug = t('admin.tax.err.slug_taken');
  if (out.link) out.link = t('admin.banners.err.link');
  return out;
}

// --- The banner form ------------------------------------------------------------------------------------

export interface BannerDraft {
  title: string;
  title_ar: string;
  link: string;
  placement: 'home' | 'ads';
  sort: string;
  is_active: boolean;
}

export function bannerDraft(b: AdminBanner | null): BannerDraft {
  return {
    title: b?.title ?? '',
    title_ar: b?.title_ar ?? '',
    link: b?.link ?? '',
    placement: b?.placement ?? 'home',
    sort: String(b?.sort ?? 0),
    is_active: b?.is_active ?? true,
  };
}

export function checkBanner(d: BannerDraft, hasImage: boolean, t: Translate): FieldErrors {
  const out: FieldErrors = {};
  for (const field of ['title', 'title_ar'] as const) {
    const v = d[field].trim();
    if (!v) out[field] = t('admin.tax.err.name');
    else if (v.length > 255) out[field] = t('admin.tax.err.too_long', { max: 255 });
  }
  const link = d.link.trim();
  if (link && !isBannerLink(link)) out.link = t('admin.banners.err.link');
  if (!WHOLE.test(d.sort.trim())) out.sort = t('admin.tax.err.sort');
  if (!hasImage) out.image = t('admin.banners.err.image');
  return out;
}

export function bannerBody(d: BannerDraft, before?: BannerDraft): Record<string, unknown> {
  const all: Record<string, unknown> = {
    title: d.title.trim(),
    title_ar: d.title_ar.trim(),
    link: d.link.trim() || null,
    placement: d.placement,
    sort: Number(d.sort.trim()),
    is_active: d.is_active,
  };
  if (!before) return all;
  const old = bannerBody(before);
  return Object.fromEntries(Object.entries(all).filter(([key, value]) => value !== old[key]));
}

// --- Actions --------------------------------------------------------------------------------------------

/** What the pages' actions answer: the entry written (null: deleted), or the field errors; `in_use` on a refused delete. */
export type TaxonomyAnswer = ActionResult<{ intent: string; name: string; item: TaxonomyItem | AdminBanner | null }>;

function fileOf(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}

/** A refused delete of something in use (409) answers its message on `in_use`, shown in the question. */
async function deleting(name: string, run: () => Promise<void>): Promise<TaxonomyAnswer> {
  try {
    await run();
    return { ok: true, data: { intent: 'delete', name, item: null } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { ok: false, errors: { in_use: error.message } };
    return actionResult(() => Promise.reject(error));
  }
}

export async function catalogueAction({ request }: { request: Request }): Promise<TaxonomyAnswer> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const kind = catalogueParams(new URLSearchParams({ kind: String(form.get('kind')) })).kind;
  const id = Number(form.get('id')) || null;
  const name = String(form.get('name') ?? '');
  if (intent === 'delete') return deleting(name, () => deleteTaxonomy(kind, id!));
  return actionResult(async () => {
    const body =
      intent === 'toggle'
        ? { is_active: form.get('is_active') === 'true' }
        : (JSON.parse(String(form.get('body'))) as Record<string, unknown>);
    return { intent, name, item: await saveTaxonomy(kind, id, body, fileOf(form, 'thumbnail')) };
  });
}

export async function bannersAction({ request }: { request: Request }): Promise<TaxonomyAnswer> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const id = Number(form.get('id')) || null;
  const name = String(form.get('name') ?? '');
  if (intent === 'delete') return deleting(name, () => deleteBanner(id!));
  return actionResult(async () => {
    const body =
      intent === 'toggle'
        ? { is_active: form.get('is_active') === 'true' }
        : (JSON.parse(String(form.get('body'))) as Record<string, unknown>);
    return { intent, name, item: await saveBanner(id, body, fileOf(form, 'image')) };
  });
}
