import type {
  AdminBlog,
  AdminBlogCategories,
  AdminBlogCategory,
  AdminBlogCategoryBody,
  AdminBlogs,
  AdminFlashSaleDetail,
  AdminFlashSales,
  AdminLegalPage,
  AdminLegalPageBody,
  AdminRichTextPreview,
  Envelope,
} from '@souq/contracts';
import { ADMIN_CONTENT_PER_PAGE } from '@souq/contracts/constants';
import { apiHeaders, buildPath, readAnswer } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { adminCall } from './api';
import { adminToken, clearAdminSession } from './store';

/** The console's content and flash-sale calls (BACKOFFICE.md "Operator console": Content, Flash sales). */

/** A create (POST) or update (PUT) sent as multipart/form-data: the fields as text and the file `thumbnail`. */
async function adminForm<T>(path: string, method: 'POST' | 'PUT', form: FormData): Promise<Envelope<T>> {
  const res = await fetch(buildPath(path), { method, headers: apiHeaders(documentLocale(), adminToken()), body: form });
  return readAnswer<Envelope<T>>(res, clearAdminSession);
}

// --- Blog ---------------------------------------------------------------------------------------------

export async function fetchAdminBlogs(q: { page: number; search: string }, signal?: AbortSignal): Promise<AdminBlogs> {
  const query = { page: q.page, per_page: ADMIN_CONTENT_PER_PAGE, search: q.search || undefined };
  return (await adminCall<AdminBlogs>('/admin/blogs', { query, signal })).data;
}

export async function fetchAdminBlog(id: number, signal?: AbortSignal): Promise<AdminBlog> {
  return (await adminCall<{ blog: AdminBlog }>(`/admin/blogs/${id}`, { signal })).data.blog;
}

/** Creates (no id) or saves a post from its form's fields. */
export async function saveAdminBlog(id: number | null, form: FormData): Promise<AdminBlog> {
  const res = await adminForm<{ blog: AdminBlog }>(id ? `/admin/blogs/${id}` : '/admin/blogs', id ? 'PUT' : 'POST', form);
  return res.data.blog;
}

export async function deleteAdminBlog(id: number): Promise<void> {
  await adminCall(`/admin/blogs/${id}`, { method: 'DELETE' });
}

export async function fetchBlogCategories(signal?: AbortSignal): Promise<AdminBlogCategories> {
  return (await adminCall<AdminBlogCategories>('/admin/blog-categories', { signal })).data;
}

export async function saveBlogCategory(id: number | null, body: AdminBlogCategoryBody): Promise<AdminBlogCategory> {
  const res = await adminCall<{ blog_category: AdminBlogCategory }>(
    id ? `/admin/blog-categories/${id}` : '/admin/blog-categories',
    {
      method: id ? 'PUT' : 'POST',
      body,
    },
  );
  return res.data.blog_category;
}

export async function deleteBlogCategory(id: number): Promise<void> {
  await adminCall(`/admin/blog-categories/${id}`, { method: 'DELETE' });
}

/** The editors' HTML through the storefront's allow-list (nothing stored). */
export async function previewRichText(description: string, descriptionAr: string): Promise<AdminRichTextPreview> {
  const body = { description, description_ar: descriptionAr };
  return (await adminCall<AdminRichTextPreview>('/admin/rich-text/preview', { method: 'POST', body })).data;
}

// --- Legal pages --------------------------------------------------------------------------------------

export async function fetchLegalPages(signal?: AbortSignal): Promise<AdminLegalPage[]> {
  return (await adminCall<{ legal_pages: AdminLegalPage[] }>('/admin/legal-pages', { signal })).data.legal_pages;
}

export async function saveLegalPage(slug: string, body: AdminLegalPageBody): Promise<AdminLegalPage> {
  const res = await adminCall<{ legal_page: AdminLegalPage }>(`/admin/legal-pages/${encodeURIComponent(slug)}`, {
    method: 'PUT',
    body,
  });
  return res.data.legal_page;
}

// --- Flash sales --------------------------------------------------------------------------------------

export async function fetchAdminFlashSales(page: number, signal?: AbortSignal): Promise<AdminFlashSales> {
  return (await adminCall<AdminFlashSales>('/admin/flash-sales', { query: { page, per_page: ADMIN_CONTENT_PER_PAGE }, signal }))
    .data;
}

export async function fetchAdminFlashSale(id: number, signal?: AbortSignal): Promise<AdminFlashSaleDetail> {
  return (await adminCall<{ flash_sale: AdminFlashSaleDetail }>(`/admin/flash-sales/${id}`, { signal })).data.flash_sale;
}

export async function saveAdminFlashSale(id: number | null, form: FormData): Promise<AdminFlashSaleDetail> {
  const path = id ? `/admin/flash-sales/${id}` : '/admin/flash-sales';
  return (await adminForm<{ flash_sale: AdminFlashSaleDetail }>(path, id ? 'PUT' : 'POST', form)).data.flash_sale;
}

export async function deleteAdminFlashSale(id: number): Promise<void> {
  await adminCall(`/admin/flash-sales/${id}`, { method: 'DELETE' });
}

export async function removeFlashSaleProduct(saleId: number, productId: number): Promise<void> {
  await adminCall(`/admin/flash-sales/${saleId}/products/${productId}`, { method: 'DELETE' });
}
