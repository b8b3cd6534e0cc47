import type { Cart, CartProduct, Checkout } from '@souq/contracts';
import { onLogout } from '~/shared/auth-store';
import { storage } from '~/shared/storage';
import { createStore, useStore } from '~/shared/store';

/**
 * The customer's cart (SPEC §3 Cart and Checkout state): the header badge and the floating tab read
 * `total` and `amount`; the basket and checkout read the rest. The cart feature fills it from the API.
 */
export interface CartState {
  /** Number of lines (the API's `total`). */
  total: number;
  /** The lines' amount in the default currency. */
  amount: number;
  /** The basket drawer is open. */
  open: boolean;
  /** The last cart answer, or null before it arrived (or for a guest). */
  cart: Cart | null;
  /** The shops chosen for checkout. */
  selected: number[];
  /** The checkout answer for the selected shops, or null. */
  checkout: Checkout | null;
}

const empty: CartState = { total: 0, amount: 0, open: false, cart: null, selected: [], checkout: null };
export const cartStore = createStore<CartState>(empty);
export const useCart = <S>(selector: (s: CartState) => S): S => useStore(cartStore, selector, empty);

/** The selected shops survive a reload (SPEC §3: state is persisted locally), so /checkout can be reloaded. */
const SELECTED_KEY = 'cartSelectedShops';
let savedSelection: number[] = [];
cartStore.subscribe(() => {
  const { selected } = cartStore.get();
  if (selected === savedSelection) return;
  savedSelection = selected;
  if (selected.length) storage.set(SELECTED_KEY, JSON.stringify(selected));
  else storage.remove(SELECTED_KEY);
});
function readSelection(): number[] {
  try {
    const ids: unknown = JSON.parse(storage.get(SELECTED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** What one unit costs: the discount price when above 0, else the price (SPEC §9). */
export const unitPrice = (p: Pick<CartProduct, 'price' | 'discount_price'>) =>
  p.discount_price > 0 ? p.discount_price : p.price;

/** The lines' amount in baisa-exact arithmetic (amounts have 3 decimals), back in the default currency. */
export function cartAmount(cart: Cart): number {
  let minor = 0;
  for (const shop of cart.cart_items) for (const p of shop.products) minor += Math.round(unitPrice(p) * 1000) * p.quantity;
  return minor / 1000;
}

/**
 * Stores a cart answer: count and amount follow it, selected shops no longer in the cart are dropped,
 * and an empty cart resets selection, checkout and amounts (SPEC §4, decrement and delete).
 */
export function applyCart(cart: Cart) {
  const shops = new Set(cart.cart_items.map((s) => s.shop_id));
  cartStore.set((s) => {
    if (cart.cart_items.length === 0) return { cart, total: 0, amount: 0, selected: [], checkout: null };
    // The first answer after a reload takes the selection saved before it.
    const previous = s.cart === null && s.selected.length === 0 ? readSelection() : s.selected;
    const selected = previous.filter((id) => shops.has(id));
    return { cart, total: cart.total, amount: cartAmount(cart), selected, checkout: selected.length ? s.checkout : null };
  });
}

/** Selects or unselects a shop for checkout. */
export function toggleShop(shopId: number) {
  cartStore.set((s) => ({
    selected: s.selected.includes(shopId) ? s.selected.filter((id) => id !== shopId) : [...s.selected, shopId],
  }));
}

/** Stores a checkout answer; one without items clears the selection (SPEC §4). */
export function applyCheckout(checkout: Checkout | null) {
  if (!checkout || checkout.checkout_items.length === 0) cartStore.set({ checkout: null, selected: [] });
  else cartStore.set({ checkout });
}

/** Logout (and a session that is gone): everything but whether the drawer is open (SPEC §4). */
export const resetCart = () => cartStore.set({ total: 0, amount: 0, cart: null, selected: [], checkout: null });
// Signed out (a logout or a 401), the cart is no one's.
onLogout(resetCart);
