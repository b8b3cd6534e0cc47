import type { Seller, SellerShop } from '@souq/contracts';
import { useEffect } from 'react';
import { storage } from '~/shared/storage';
import { createStore, useStore } from '~/shared/store';

/**
 * The seller's session, kept apart from the customer's (`auth` in local storage): a shop owner may be
 * a customer in the same browser, and signing in or out on one side never touches the other.
 */
export interface SellerState {
  token: string | null;
  seller: Seller | null;
  shop: SellerShop | null;
  /** False until the persisted session was read after hydration. */
  ready: boolean;
}

export const SELLER_KEY = 'seller_auth';
const signedOut: SellerState = { token: null, seller: null, shop: null, ready: false };
export const sellerStore = createStore<SellerState>(signedOut);

export function setSellerSession(session: { token: string; seller: Seller; shop: SellerShop }) {
  sellerStore.set({ ...session, ready: true });
  storage.set(SELLER_KEY, JSON.stringify(session));
}

export function clearSellerSession() {
  sellerStore.set({ token: null, seller: null, shop: null, ready: true });
  storage.remove(SELLER_KEY);
}

function savedSession(): Partial<SellerState> {
  try {
    return JSON.parse(storage.get(SELLER_KEY) ?? '{}') as Partial<SellerState>;
  } catch {
    return {};
  }
}

/**
 * The seller's token for code outside React (the seller pages' client loaders and actions): the store's
 * once it has read the saved session, else the saved one (a loader runs while the page hydrates, before that).
 */
export function sellerToken(): string | null {
  const state = sellerStore.get();
  if (state.ready) return state.token;
  const saved = savedSession().token;
  return typeof saved === 'string' ? saved : null;
}

/** Reads the persisted seller session once, after hydration (the server renders signed out). */
export function useSellerBootstrap() {
  useEffect(() => {
    if (sellerStore.get().ready) return;
    const saved = savedSession();
    sellerStore.set({
      token: typeof saved.token === 'string' ? saved.token : null,
      seller: saved.seller ?? null,
      shop: saved.shop ?? null,
      ready: true,
    });
  }, []);
}

export const useSeller = <S>(selector: (s: SellerState) => S): S => useStore(sellerStore, selector, signedOut);
