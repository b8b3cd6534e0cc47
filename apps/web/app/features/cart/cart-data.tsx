import type { Cart, CartProduct } from '@souq/contracts';
import { redirect } from 'react-router';
import { ApiError } from '~/shared/api';
import { sessionToken } from '~/shared/auth-store';
import { applyCart, applyCheckout, cartStore } from '~/shared/cart-store';
import { documentLocale, makeTranslate, messagesOf } from '~/shared/i18n';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { changeLine, fetchCart, fetchCheckout, storeCart, type LineChange } from './api';
import { AddedToast, RemovedToast } from './cart-toasts';

/**
 * The cart's loader and action (`routes/resources/cart.ts`, decision 036): the session's cart is read by
 * a loader and changed by an action, both run by fetchers; what they answer is stored in the cart store,
 * which the header badge, the floating tab, the basket and checkout read. They run outside React: the
 * language is the page's, the token the session's, and what they have to say goes out as toasts.
 */

/** SPEC §9: cart toasts stay 3000 ms. */
export const CART_TOAST_MS = 3000;

const translate = () => makeTranslate(messagesOf(documentLocale()));
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A cart answer's info (lines dropped or reduced) shows as a warning toast (SPEC §4). */
function showInfo(cart: Cart) {
  if (cart.info) toast.warning(cart.info);
}

/** A guest, or a session that turns out expired (401): 'Please login first!' and the login dialog (SPEC §8). */
export function loginFirst() {
  toast.error(translate()('account.login_first'));
  openOverlay('login');
}

/** The session's cart, stored (null for a guest). */
export async function loadSessionCart({ request }: { request: Request }): Promise<Cart | null> {
  const token = sessionToken();
  if (!token) return null;
  try {
    const res = await fetchCart(documentLocale(), false, request.signal);
    // Signed out, or in as someone else, while it was on its way: not this session's cart.
    if (sessionToken() !== token) return null;
    applyCart(res.data);
    showInfo(res.data);
    return res.data;
  } catch (e) {
    if ((e as { name?: string }).name !== 'AbortError') console.warn('cart failed to load', e);
    return null;
  }
}

/** Asks the checkout amounts of the selected shops again (the basket shows them); stores them. */
export async function refreshCheckout(couponCode?: string | null) {
  const { selected } = cartStore.get();
  if (!selected.length) {
    applyCheckout(null);
    return null;
  }
  try {
    const res = await fetchCheckout(documentLocale(), selected, couponCode);
    applyCheckout(res.data);
    return res.data;
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) toast.error(messageOf(e));
    return null;
  }
}

/** What a cart write answers its fetcher: the cart, or false when it did not happen (the toast said why). */
export type CartWrite = { ok: true; cart: Cart } | { ok: false };

const numberOr = (v: FormDataEntryValue | null, fallback: number | null) => (v === null || v === '' ? fallback : Number(v));

/** The line a write names: product, colour and size, and the product's name and picture for the toasts. */
function lineOf(form: FormData) {
  return {
    product_id: Number(form.get('product_id')),
    color: numberOr(form.get('color'), null),
    size: numberOr(form.get('size'), null),
    name: String(form.get('name') ?? ''),
    thumbnail: (form.get('thumbnail') as string | null) || null,
  };
}

/**
 * The cart's writes, by `intent`: `add` (to the cart, or to buy now, which then goes to /buynow),
 * `increment`, `decrement` and `delete` of one line (of the cart, or of buy now). The answer is stored;
 * an add shows the added toast, a removal the remove toast with 'Again Add to Cart', and a cart line
 * change asks the basket's amounts again (SPEC §4).
 */
export async function cartAction({ request }: { request: Request }): Promise<CartWrite | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const buyNow = form.get('is_buy_now') === '1';
  const line = lineOf(form);
  const locale = documentLocale();
  if (!sessionToken()) {
    loginFirst();
    return { ok: false };
  }
  try {
    if (intent === 'add') {
      const quantity = numberOr(form.get('quantity'), 1) ?? 1;
      const res = await storeCart(locale, { ...line, quantity, is_buy_now: buyNow });
      showInfo(res.data);
      if (buyNow) return redirect('/buynow');
      applyCart(res.data);
      toast.custom(<AddedToast product={line} />, { kind: 'success', duration: CART_TOAST_MS });
      return { ok: true, cart: res.data };
    }
    const change = intent as LineChange;
    const quantity = Number(form.get('quantity') ?? 0);
    const res = await changeLine(locale, change, {
      product_id: line.product_id,
      color: line.color,
      size: line.size,
      is_buy_now: buyNow,
    });
    if (!buyNow) applyCart(res.data);
    showInfo(res.data);
    if (change === 'delete' || (change === 'decrement' && quantity <= 1))
      toast.custom(<RemovedToast line={line} buyNow={buyNow} />, { kind: 'success', duration: CART_TOAST_MS });
    if (!buyNow) await refreshCheckout();
    return { ok: true, cart: res.data };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      if (intent === 'add') loginFirst();
    } else toast.error(messageOf(e));
    return { ok: false };
  }
}

/** The form fields of a cart line's write. */
export function lineFields(
  line: Pick<CartProduct, 'id' | 'name' | 'thumbnail' | 'quantity'> & {
    color?: { id: number } | null;
    size?: { id: number } | null;
  },
) {
  return {
    product_id: line.id,
    color: line.color?.id ?? '',
    size: line.size?.id ?? '',
    name: line.name,
    thumbnail: line.thumbnail ?? '',
    quantity: line.quantity,
  };
}
