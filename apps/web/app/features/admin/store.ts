import type { Operator } from '@souq/contracts';
import { useEffect } from 'react';
import { storage } from '~/shared/storage';
import { createStore, useStore } from '~/shared/store';

/**
 * The operator's session, kept apart from the customer's (`auth`) and the seller's (`seller_auth`): a
 * member of staff may shop or sell in the same browser, and signing in or out of one never touches the others.
 */
export interface AdminState {
  token: string | null;
  operator: Operator | null;
  /** False until the persisted session was read after hydration. */
  ready: boolean;
}

export const ADMIN_KEY = 'admin_auth';
const signedOut: AdminState = { token: null, operator: null, ready: false };
export const adminStore = createStore<AdminState>(signedOut);

export function setAdminSession(session: { token: string; operator: Operator }) {
  adminStore.set({ ...session, ready: true });
  storage.set(ADMIN_KEY, JSON.stringify(session));
}

export function clearAdminSession() {
  adminStore.set({ token: null, operator: null, ready: true });
  storage.remove(ADMIN_KEY);
}

function savedSession(): Partial<AdminState> {
  try {
    return JSON.parse(storage.get(ADMIN_KEY) ?? '{}') as Partial<AdminState>;
  } catch {
    return {};
  }
}

/** The operator's token for the console's client loaders and actions (the saved one before hydration). */
export function adminToken(): string | null {
  const state = adminStore.get();
  if (state.ready) return state.token;
  const saved = savedSession().token;
  return typeof saved === 'string' ? saved : null;
}

/** Reads the persisted operator session once, after hydration (the server renders signed out). */
export function useAdminBootstrap() {
  useEffect(() => {
    if (adminStore.get().ready) return;
    const saved = savedSession();
    adminStore.set({
      token: typeof saved.token === 'string' ? saved.token : null,
      operator: saved.operator ?? null,
      ready: true,
    });
  }, []);
}

export const useAdmin = <S>(selector: (s: AdminState) => S): S => useStore(adminStore, selector, signedOut);
