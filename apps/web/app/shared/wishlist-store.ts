import type { Envelope } from '@souq/contracts';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { afterSessionRead, sessionToken, setAuth, useAuth } from '~/shared/auth-store';
import { api } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { createStore, useStore } from '~/shared/store';

/**
 * The ids of the signed-in customer's favourite products. Server-rendered lists cannot know them
 * (per-user state lives in the browser), so every heart reads this set after hydration.
 */
export const favoritesStore = createStore<{ ids: ReadonlySet<number>; loaded: boolean }>({ ids: new Set(), loaded: false });

/** Hearts toggled while the list was on its way: applied over the list when it arrives. */
const toggledMeanwhile = new Map<number, boolean>();

export function setFavorite(productId: number, on: boolean) {
  const ids = new Set(favoritesStore.get().ids);
  if (on) ids.add(productId);
  else ids.delete(productId);
  toggledMeanwhile.set(productId, on);
  favoritesStore.set({ ids });
}

/** Stores the arrived list with the toggles made meanwhile; returns the total counting them too. */
function listArrived(list: number[], total: number): number {
  const ids = new Set(list);
  for (const [id, on] of toggledMeanwhile) {
    if (on && !ids.has(id)) total++;
    if (!on && ids.has(id)) total--;
    if (on) ids.add(id);
    else ids.delete(id);
  }
  toggledMeanwhile.clear();
  favoritesStore.set({ ids, loaded: true });
  return Math.max(0, total);
}

export const useIsFavorite = (productId: number) => useStore(favoritesStore, (s) => (s.loaded ? s.ids.has(productId) : null));

/** Where the favourite ids are loaded (routes/resources/favorites.ts). */
export const FAVORITES = '/resources/favorites';

/** The signed-in customer's favourite ids (and count), stored with the toggles made while they were on their way. */
export async function loadFavoriteIds({ request }: { request: Request }): Promise<null> {
  const token = sessionToken();
  if (!token) return null;
  try {
    const res = await api<Envelope<{ total: number; products: Array<{ id: number }> }>>('/favorite-products', {
      locale: documentLocale(),
      token,
      query: { per_page: 100 },
      signal: request.signal,
    });
    if (sessionToken() !== token) return null;
    const count = listArrived(
      res.data.products.map((p) => p.id),
      res.data.total,
    );
    afterSessionRead(() => setAuth({ favoriteCount: count }));
  } catch (e) {
    if ((e as { name?: string }).name !== 'AbortError') console.warn('favourites failed to load', e);
  }
  return null;
}

/** Loads the ids when a token appears (sign-in, or a stored session after reload); clears them when it goes. */
export function useFavoritesSync() {
  const token = useAuth((s) => s.token);
  const { load } = useFetcher({ key: 'session-favorites' });
  useEffect(() => {
    toggledMeanwhile.clear();
    if (!token) favoritesStore.set({ ids: new Set(), loaded: false });
    else void load(FAVORITES);
  }, [token, load]);
}
