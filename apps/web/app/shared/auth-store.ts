import type { Address } from '@souq/contracts';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { onUnauthorized } from '~/shared/unauthorized';
import { storage } from '~/shared/storage';
import { createStore, useStore } from '~/shared/store';

export interface AuthUser {
  id: number;
  name: string;
  phone: string | null;
  phone_code?: string | null;
  email?: string | null;
  profile_photo: string | null;
}

export interface AuthState {
  token: string | null;
  user: AuthUser | null;
  /** The customer's saved addresses (SPEC §3 Auth state), loaded after sign-in. */
  addresses: Address[];
  favoriteCount: number;
  /** False until the persisted state was read after hydration. */
  ready: boolean;
}

const AUTH_KEY = 'auth';
const guest: AuthState = { token: null, user: null, addresses: [], favoriteCount: 0, ready: false };
export const authStore = createStore<AuthState>(guest);

function persist() {
  const { token, user, addresses, favoriteCount } = authStore.get();
  if (token) storage.set(AUTH_KEY, JSON.stringify({ token, user, addresses, favoriteCount }));
  else storage.remove(AUTH_KEY);
}

export function setAuth(patch: Partial<Omit<AuthState, 'ready'>>) {
  authStore.set(patch);
  persist();
}

/** Clears token, user, addresses and favourites (logout, or a 401 anywhere: SPEC §4). */
export function clearAuth() {
  authStore.set({ token: null, user: null, addresses: [], favoriteCount: 0 });
  persist();
}

/**
 * Hook point for other per-user state that a logout (or a 401) must clear (SPEC §4: chats and the active
 * shop; the cart): each store registers its reset here, e.g. `onLogout(resetChat)`.
 */
const logoutCleanups = new Set<() => void>();
export function onLogout(cleanup: () => void): () => void {
  logoutCleanups.add(cleanup);
  return () => logoutCleanups.delete(cleanup);
}
/** Runs every registered logout cleanup (chats, active shop ...); failures are only logged. */
export function runLogoutCleanups() {
  for (const cleanup of logoutCleanups) {
    try {
      cleanup();
    } catch (error) {
      console.warn('logout cleanup failed', error);
    }
  }
}

function savedSession(): Partial<AuthState> {
  try {
    return JSON.parse(storage.get(AUTH_KEY) ?? '{}') as Partial<AuthState>;
  } catch {
    return {};
  }
}

/**
 * The signed-in customer's token for code outside React (client loaders and actions): the store's once
 * it has read the saved session, else the saved one (a loader runs while the page hydrates, before that).
 */
export function sessionToken(): string | null {
  const state = authStore.get();
  return state.ready ? state.token : (savedSession().token ?? null);
}

/**
 * Runs `update` once the saved session has been read: a client loader runs while the page hydrates,
 * before that, and a store written then would be overwritten (or, through setAuth, erase the saved session).
 */
export function afterSessionRead(update: () => void) {
  if (authStore.get().ready) return update();
  const stop = authStore.subscribe(() => {
    if (!authStore.get().ready) return;
    stop();
    update();
  });
}

/** Reads the persisted session once, after hydration (the server always renders a guest). */
export function useAuthBootstrap() {
  useEffect(() => {
    if (!authStore.get().ready) {
      const saved = savedSession();
      authStore.set({
        token: saved.token ?? null,
        user: saved.user ?? null,
        addresses: Array.isArray(saved.addresses) ? saved.addresses : [],
        favoriteCount: saved.favoriteCount ?? 0,
        ready: true,
      });
    }
    // A 401 from any call ends the session here as a logout does (SPEC §4, §8): token, user, addresses,
    // favourite count, then the per-user state registered with onLogout (chats, active shop, cart).
    return onUnauthorized(() => {
      clearAuth();
      runLogoutCleanups();
    });
  }, []);
}

/**
 * A page whose client loader read the session loads again when the session changes (a sign-in from its
 * prompt, a sign-out elsewhere): `loadedFor` is the token its data was loaded with.
 */
export function useReloadOnSessionChange(loadedFor: string | null, enabled = true) {
  const token = useAuth((s) => s.token);
  const ready = useAuth((s) => s.ready);
  const { revalidate, state } = useRevalidator();
  const stale = enabled && ready && token !== loadedFor;
  useEffect(() => {
    if (stale && state === 'idle') void revalidate();
  }, [stale, state, revalidate]);
}

export function useAuth<S>(selector: (s: AuthState) => S): S {
  return useStore(authStore, selector, guest);
}
