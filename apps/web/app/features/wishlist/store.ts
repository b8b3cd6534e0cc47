import { useEffect } from 'react';
import { authStore, setAuth, useAuth } from '~/features/auth/store';
import { useSite } from '~/features/settings/site';
import { api } from '~/shared/api';
import { createStore, useStore } from '~/shared/store';

/**
 * The ids of the signed-in customer's favourite products. Server-rendered lists cannot know them
 * (per-user state lives in the browser), so every heart reads this set after hydration.
 */
export const favoritesStore = createStore<{ ids: ReadonlySet<number>; loaded: boolean }>({ ids: new Set(), loaded: false });

export function setFavorite(productId: number, on: boolean) {
  const ids = new Set(favoritesStore.get().ids);
  if (on) ids.add(productId);
  else ids.delete(productId);
  favoritesStore.set({ ids });
}

export const useIsFavorite = (productId: number) => useStore(favoritesStore, (s) => (s.loaded ? s.ids.has(productId) : null));

/** Loads the ids when a token appears (sign-in, or a stored session after reload); clears them when it goes. */
export function useFavoritesSync() {
  const token = useAuth((s) => s.token);
  const { locale } = useSite();
  useEffect(() => {
    if (!token) {
      favoritesStore.set({ ids: new Set(), loaded: false });
      return;
    }
    const controller = new AbortController();
    api<{ data: { total: number; products: Array<{ id: number }> } }>('/favorite-products', {
      locale,
      token,
      query: { per_page: 100 },
      signal: controller.signal,
    })
      .then((res) => {
        if (authStore.get().token !== token) return;
        favoritesStore.set({ ids: new Set(res.data.products.map((p) => p.id)), loaded: true });
        setAuth({ favoriteCount: res.data.total });
      })
      .catch((e: unknown) => {
        if ((e as { name?: string }).name !== 'AbortError') console.warn('favourites failed to load', e);
      });
    return () => controller.abort();
  }, [token, locale]);
}
