import { useEffect } from 'react';
import { onUnauthorized } from '~/shared/api';
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
  favoriteCount: number;
  /** False until the persisted state was read after hydration. */
  ready: boolean;
}

const AUTH_KEY = 'auth';
const guest: AuthState = { token: null, user: null, favoriteCount: 0, ready: false };
export const authStore = createStore<AuthState>(guest);

function persist() {
  const { token, user, favoriteCount } = authStore.get();
  if (token) storage.set(AUTH_KEY, JSON.stringify({ token, user, favoriteCount }));
  else storage.remove(AUTH_KEY);
}

export function setAuth(patch: Partial<Omit<AuthState, 'ready'>>) {
  authStore.set(patch);
  persist();
}

/** Clears token, user and favourites (logout, or a 401 anywhere). */
export function clearAuth() {
  authStore.set({ token: null, user: null, favoriteCount: 0 });
  persist();
}

/** Reads the persisted session once, after hydration (the server always renders a guest). */
export function useAuthBootstrap() {
  useEffect(() => {
    if (authStore.get().ready) return;
    let saved: Partial<AuthState> = {};
    try {
      saved = JSON.parse(storage.get(AUTH_KEY) ?? '{}') as Partial<AuthState>;
    } catch {
      saved = {};
    }
    authStore.set({ token: saved.token ?? null, user: saved.user ?? null, favoriteCount: saved.favoriteCount ?? 0, ready: true });
    return onUnauthorized(clearAuth);
  }, []);
}

export function useAuth<S>(selector: (s: AuthState) => S): S {
  return useStore(authStore, selector, guest);
}
