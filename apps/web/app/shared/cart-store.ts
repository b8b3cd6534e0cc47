import { createStore, useStore } from '~/shared/store';

/** The cart as the header and floating tab show it; the cart capability fills it from the API. */
export interface CartState {
  /** Number of items. */
  total: number;
  /** Amount in the default currency. */
  amount: number;
  open: boolean;
}

const empty: CartState = { total: 0, amount: 0, open: false };
export const cartStore = createStore<CartState>(empty);
export const useCart = <S>(selector: (s: CartState) => S): S => useStore(cartStore, selector, empty);
export const resetCart = () => cartStore.set({ total: 0, amount: 0 });
