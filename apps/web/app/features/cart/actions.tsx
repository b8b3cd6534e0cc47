import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { authStore, useAuth } from '~/shared/auth-store';
import { resetCart } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { loginFirst, lineFields } from './cart-data';
import { CART_ACTION } from './cart-toasts';

/**
 * The cart's hooks for the screens: they hand the cart's reads and writes to the router (fetchers of
 * routes/resources/cart.ts, whose loader and action store the answers; decision 036). A cart write does
 * not reload the page it was made on (`defaultShouldRevalidate: false`): only what shows the cart —
 * checkout and buy now, which say so in their `shouldRevalidate` — is loaded again.
 */

/** Loads the session's cart once the session is known (after hydration) and again when it changes; resets it when it goes. */
export function useCartSync() {
  const token = useAuth((s) => s.token);
  const ready = useAuth((s) => s.ready);
  const { locale } = useSite();
  const { load } = useFetcher({ key: 'session-cart' });
  useEffect(() => {
    if (!ready) return;
    if (!token) resetCart();
    else void load(CART_ACTION);
  }, [token, ready, locale, load]);
}

export interface AddOptions {
  quantity?: number;
  color?: number | null;
  size?: number | null;
  buyNow?: boolean;
}

/**
 * Add to cart (or buy now) with the chosen colour, size and quantity: `add` submits it, `busy` says which
 * is on its way. A guest gets 'Please login first!' and the login dialog (SPEC §8) without a call.
 */
export function useAddToCart() {
  const fetcher = useFetcher();
  const pending = fetcher.state !== 'idle' ? fetcher.formData : undefined;
  const add = (product: { id: number; name: string; thumbnail: string | null }, options: AddOptions = {}) => {
    if (!product.id) return;
    if (!authStore.get().token) return loginFirst();
    void fetcher.submit(
      {
        ...lineFields({ ...product, quantity: options.quantity ?? 1, color: null, size: null }),
        color: options.color ?? '',
        size: options.size ?? '',
        intent: 'add',
        is_buy_now: options.buyNow ? '1' : '',
      },
      { method: 'post', action: CART_ACTION, defaultShouldRevalidate: false },
    );
  };
  return { add, busy: pending ? (pending.get('is_buy_now') === '1' ? ('now' as const) : ('cart' as const)) : null };
}
