import type { Envelope, Product } from '@souq/contracts';
import { authStore, sessionToken, setAuth } from '~/shared/auth-store';
import { api } from '~/shared/api';
import { setFavorite } from '~/shared/wishlist-store';

export interface FavoriteToggle {
  /** True when the product is now in the wishlist. */
  added: boolean;
  product: Product | null;
  message?: string;
}

/**
 * POST /favorite-add-or-remove: adds the product, or removes it when it is there. Keeps the header's
 * favourite count in step. A 401 clears the session through api()'s listeners.
 */
export async function toggleFavorite(productId: number, locale: string): Promise<FavoriteToggle> {
  const res = await api<{ message?: string; data: { product: Product | null } }>('/favorite-add-or-remove', {
    method: 'POST',
    body: { product_id: productId },
    locale,
    token: sessionToken(),
  });
  const added = res.data.product?.is_favorite ?? false;
  setFavorite(productId, added);
  const count = authStore.get().favoriteCount;
  setAuth({ favoriteCount: Math.max(0, count + (added ? 1 : -1)) });
  return { added, product: res.data.product, message: res.message };
}

/** GET /favorite-products → the wishlist, newest first. */
export async function fetchFavorites(locale: string, signal?: AbortSignal): Promise<{ total: number; products: Product[] }> {
  const res = await api<Envelope<{ total: number; products: Product[] }>>('/favorite-products', {
    locale,
    token: sessionToken(),
    query: { per_page: 100 },
    signal,
  });
  return res.data;
}
