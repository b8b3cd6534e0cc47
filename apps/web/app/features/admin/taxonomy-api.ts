import type { AdminBanner, AdminBanners, TaxonomyItem, TaxonomyKind } from '@souq/contracts';
import { TAXONOMY } from '@souq/contracts/admin-taxonomy-constants';
import { apiHeaders, buildPath, readAnswer } from '~/shared/api';
import type { Envelope } from '@souq/contracts';
import { documentLocale } from '~/shared/i18n';
import { adminCall } from './api';
import { adminToken, clearAdminSession } from './store';

/** The console's catalogue and banners calls (BACKOFFICE.md "Operator console"). */

export interface TaxonomyPage {
  total: number;
  items: TaxonomyItem[];
}

export async function fetchTaxonomy(
  kind: TaxonomyKind,
  q: { page: number; perPage: number; search: string | null; categoryId: number | null },
  signal?: AbortSignal,
): Promise<TaxonomyPage> {
  const res = await adminCall<Record<string, unknown> & { total: number }>(`/admin/${kind}`, {
    query: { page: q.page, per_page: q.perPage, search: q.search ?? undefined, category_id: q.categoryId ?? undefined },
    signal,
  });
  return { total: res.data.total, items: res.data[TAXONOMY[kind].plural] as TaxonomyItem[] };
}

/**
 * A write with a picture: multipart (its fields as text, the file as `fileField`); without one, JSON.
 * `id` null creates (POST), else changes (PUT).
 */
async function write<T>(path: string, id: number | null, body: Record<string, unknown>, file: File | null, fileField: string) {
  if (!file)
    return (await adminCall<T>(id === null ? path : `${path}/${id}`, { method: id === null ? 'POST' : 'PUT', body })).data;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) if (key !== fileField) form.append(key, value === null ? '' : String(value));
  form.append(fileField, file);
  const res = await fetch(buildPath(id === null ? path : `${path}/${id}`), {
    method: id === null ? 'POST' : 'PUT',
    headers: apiHeaders(documentLocale(), adminToken()),
    body: form,
  });
  return (await readAnswer<Envelope<T>>(res, clearAdminSession)).data;
}

export async function saveTaxonomy(
  kind: TaxonomyKind,
  id: number | null,
  body: Record<string, unknown>,
  file: File | null,
): Promise<TaxonomyItem> {
  const data = await write<Record<string, TaxonomyItem>>(`/admin/${kind}`, id, body, file, 'thumbnail');
  return data[TAXONOMY[kind].singular]!;
}

export async function deleteTaxonomy(kind: TaxonomyKind, id: number): Promise<void> {
  await adminCall(`/admin/${kind}/${id}`, { method: 'DELETE' });
}

export async function fetchBanners(q: { page: number; perPage: number }, signal?: AbortSignal): Promise<AdminBanners> {
  return (await adminCall<AdminBanners>('/admin/banners', { query: { page: q.page, per_page: q.perPage }, signal })).data;
}

export async function saveBanner(id: number | null, body: Record<string, unknown>, file: File | null): Promise<AdminBanner> {
  return (await write<{ banner: AdminBanner }>('/admin/banners', id, body, file, 'image')).banner;
}

export async function deleteBanner(id: number): Promise<void> {
  await adminCall(`/admin/banners/${id}`, { method: 'DELETE' });
}
