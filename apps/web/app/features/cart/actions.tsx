import type { Cart, CartProduct } from '@souq/contracts';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '~/shared/api';
import { authStore, useAuth } from '~/shared/auth-store';
import { applyCart, applyCheckout, cartStore, resetCart } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { Img } from '~/shared/ui/image';
import { changeLine, fetchCart, fetchCheckout, storeCart, type LineChange } from './api';

/** SPEC §9: cart toasts stay 3000 ms. */
export const CART_TOAST_MS = 3000;

const isAbort = (e: unknown) => (e as { name?: string }).name === 'AbortError';
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A cart answer's info (lines dropped or reduced) shows as a warning toast (SPEC §4). */
function showInfo(cart: Cart) {
  if (cart.info) toast.warning(cart.info);
}

/** Loads the cart once the session is known (after hydration), and resets it when the session goes. */
export function useCartSync() {
  const token = useAuth((s) => s.token);
  const ready = useAuth((s) => s.ready);
  const { locale } = useSite();
  useEffect(() => {
    if (!ready) return;
    if (!token) {
      resetCart();
      return;
    }
    const controller = new AbortController();
    fetchCart(locale, false, controller.signal)
      .then((res) => {
        if (authStore.get().token !== token) return;
        applyCart(res.data);
        showInfo(res.data);
      })
      .catch((e: unknown) => {
        if (!isAbort(e)) console.warn('cart failed to load', e);
      });
    return () => controller.abort();
  }, [token, ready, locale]);
}

/** Re-asks the checkout amounts of the selected shops (the basket and the checkout page show them). */
export async function refreshCheckout(locale: string, couponCode?: string | null) {
  const { selected } = cartStore.get();
  if (!selected.length) {
    applyCheckout(null);
    return;
  }
  try {
    const res = await fetchCheckout(locale, selected, couponCode);
    applyCheckout(res.data);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return;
    toast.error(messageOf(e));
  }
}

function loginFirst(t: (k: string) => string) {
  toast.error(t('account.login_first'));
  openOverlay('login');
}

export interface AddOptions {
  quantity?: number;
  color?: number | null;
  size?: number | null;
  buyNow?: boolean;
}

/** The add toast (SPEC §2): thumbnail, name, 'has been added to cart', View In Cart opening the basket. */
function AddedToast({
  product,
  viewLabel,
  addedLabel,
}: {
  product: CartProduct | { name: string; thumbnail: string | null };
  viewLabel: string;
  addedLabel: string;
}) {
  return (
    <div className="cart-toast" data-testid="cart-toast">
      <Img src={product.thumbnail} alt="" width={48} height={48} />
      <div>
        <strong className="cart-toast__name">{product.name}</strong>
        <span className="cart-toast__text">{addedLabel}</span>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => cartStore.set({ open: true })}
          data-testid="view-in-cart"
        >
          {viewLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * Add to cart (or buy now) with the chosen colour, size and quantity. A guest, or a session that
 * turns out expired (401), gets 'Please login first!' and the login dialog (SPEC §8).
 */
export function useAddToCart() {
  const { t, locale } = useSite();
  const navigate = useNavigate();
  return useCallback(
    async (product: { id: number; name: string; thumbnail: string | null }, options: AddOptions = {}): Promise<boolean> => {
      if (!product.id) return false;
      if (!authStore.get().token) {
        loginFirst(t);
        return false;
      }
      cartStore.set({ loading: true });
      try {
        const res = await storeCart(locale, {
          product_id: product.id,
          quantity: options.quantity ?? 1,
          color: options.color ?? null,
          size: options.size ?? null,
          is_buy_now: options.buyNow ?? false,
        });
        if (options.buyNow) {
          void navigate('/buynow');
        } else {
          applyCart(res.data);
          toast.custom(<AddedToast product={product} viewLabel={t('cart.view_in_cart')} addedLabel={t('cart.added')} />, {
            kind: 'success',
            duration: CART_TOAST_MS,
          });
        }
        showInfo(res.data);
        return true;
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) loginFirst(t);
        else toast.error(messageOf(e));
        return false;
      } finally {
        cartStore.set({ loading: false });
      }
    },
    [t, locale, navigate],
  );
}

/**
 * Increment, decrement or delete one cart line (product, colour and size). A removal shows the remove
 * toast with 'Again Add to Cart' (re-adds quantity 1), and the checkout amounts are asked again.
 */
export function useLineChange(isBuyNow = false) {
  const { t, locale } = useSite();
  const add = useAddToCart();
  return useCallback(
    async (line: CartProduct, change: LineChange): Promise<Cart | null> => {
      try {
        const res = await changeLine(locale, change, {
          product_id: line.id,
          color: line.color?.id ?? null,
          size: line.size?.id ?? null,
          is_buy_now: isBuyNow,
        });
        if (!isBuyNow) applyCart(res.data);
        showInfo(res.data);
        const removed = change === 'delete' || (change === 'decrement' && line.quantity <= 1);
        if (removed) {
          toast.custom(
            <div className="cart-toast" data-testid="cart-remove-toast">
              <Img src={line.thumbnail} alt="" width={48} height={48} />
              <div>
                <strong className="cart-toast__name">{line.name}</strong>
                <span className="cart-toast__text">{t('cart.removed')}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  onClick={() =>
                    // Buy now's line comes back to buy now (which reads it again), not into the cart.
                    void add(line, { quantity: 1, color: line.color?.id ?? null, size: line.size?.id ?? null, buyNow: isBuyNow })
                  }
                >
                  {t('cart.add_again')}
                </button>
              </div>
            </div>,
            { kind: 'success', duration: CART_TOAST_MS },
          );
        }
        if (!isBuyNow) await refreshCheckout(locale);
        return res.data;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) toast.error(messageOf(e));
        return null;
      }
    },
    [t, locale, add, isBuyNow],
  );
}
