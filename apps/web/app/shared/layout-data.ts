import type { Envelope } from '@souq/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { api } from '~/shared/api';
import { requestLocale } from '~/shared/i18n';

export interface ChromeCategory {
  id: number;
  slug: string;
  name: string;
  thumbnail: string | null;
  sub_categories: Array<{ id: number; name: string; thumbnail: string | null }>;
}

/** Layout loader: the categories for the menus. A failure leaves the menus without them. */
export async function chromeLoader({ request, context }: LoaderFunctionArgs): Promise<{ categories: ChromeCategory[] }> {
  const locale = requestLocale(request);
  try {
    const res = await api<Envelope<{ categories: ChromeCategory[] }>>('/categories', {
      locale,
      query: { per_page: 50 },
      context,
    });
    return { categories: res.data.categories };
  } catch (e) {
    console.error('categories failed to load', e);
    return { categories: [] };
  }
}

export const chromeShouldRevalidate = () => false;
