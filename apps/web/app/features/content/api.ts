import type {
  BlogDetailsResponse,
  BlogsResponse,
  BlogViewResponse,
  LegalPageResponse,
  ShopApplicationResponse,
} from '@souq/contracts';
import { api, apiMultipart, type ApiContext } from '~/shared/api';

/**
 * The content calls of the storefront (API.md "Support and content"): blog, legal pages, the shop
 * application. Loaders pass the load context so that server rendering calls the API in-process.
 */
export interface CallOptions {
  locale: string;
  context?: ApiContext;
  token?: string | null;
}

export const fetchBlogs = (o: CallOptions, query: { category_id?: number; page?: number; per_page?: number }) =>
  api<BlogsResponse>('/blogs', { locale: o.locale, context: o.context, query }).then((r) => r.data);

export const fetchBlog = (o: CallOptions, slugOrId: string) =>
  api<BlogDetailsResponse>(`/blog/${encodeURIComponent(slugOrId)}/details`, { locale: o.locale, context: o.context }).then(
    (r) => r.data,
  );

/** Counts this visit (once per visitor and day, decided by the API) and answers the post's views. */
export const recordBlogView = (o: CallOptions, slugOrId: string) =>
  api<BlogViewResponse>(`/blog/${encodeURIComponent(slugOrId)}/view`, {
    method: 'POST',
    locale: o.locale,
    token: o.token,
  }).then((r) => r.data);

export const fetchLegalPage = (o: CallOptions, slug: string) =>
  api<LegalPageResponse>(`/legal-pages/${encodeURIComponent(slug)}`, { locale: o.locale, context: o.context }).then(
    (r) => r.data.content,
  );

/** POST /shop/register as multipart form data (the logo is a file). */
export async function submitShopApplication(form: FormData, locale: string): Promise<ShopApplicationResponse['data']> {
  return (await apiMultipart<ShopApplicationResponse>('/shop/register', form, { locale })).data;
}
