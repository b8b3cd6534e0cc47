import type { Cart, CartProduct, Checkout } from '@souq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/shared/api';
import { onUnauthorized } from '~/shared/unauthorized';
import { authStore, clearAuth } from '~/shared/auth-store';
import { applyCart, applyCheckout, cartAmount, cartStore, resetCart, toggleShop } from '~/shared/cart-store';
import { changeLine, fetchCart } from './api';

const line = (id: number, price: number, quantity: number, discount = 0): CartProduct => ({
  id,
  name: `p${id}`,
  thumbnail: null,
  brand: null,
  price,
  discount_price: discount,
  discount_percentage: 0,
  quantity,
  stock: 10,
  size: null,
  color: null,
  unit: null,
});
const shop = (id: number, products: CartProduct[]) => ({
  shop_id: id,
  shop_name: `s${id}`,
  shop_logo: null,
  shop_rating: 4,
  shop_online: false,
  products,
});
const cartOf = (...shops: ReturnType<typeof shop>[]): Cart => ({
  total: shops.reduce((n, s) => n + s.products.length, 0),
  cart_items: shops,
  info: null,
});
const checkoutOf = (items: Checkout['checkout_items']): Checkout => ({
  checkout: {
    total_amount: 1,
    delivery_charge: 0,
    coupon_discount: 0,
    order_tax_amount: 0,
    payable_amount: 1,
    all_vat_taxes: [],
  },
  apply_coupon: false,
  checkout_items: items,
});

beforeEach(() => {
  resetCart();
  cartStore.set({ open: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('cart store transitions (SPEC §4)', () => {
  it('counts lines and sums the amount exactly, with the discount price when above 0', () => {
    applyCart(cartOf(shop(1, [line(1, 0.1, 3), line(2, 2.5, 1, 1.2)]), shop(2, [line(3, 0.2, 1)])));
    const s = cartStore.get();
    expect(s.total).toBe(3);
    expect(s.amount).toBe(1.7); // 0.3 + 1.2 + 0.2 without float drift
    expect(cartAmount(cartOf(shop(1, [line(1, 0.1, 3)])))).toBe(0.3);
  });

  it('a decrement that removes a shop’s last product drops that shop from the selection', () => {
    applyCart(cartOf(shop(1, [line(1, 1, 1)]), shop(2, [line(2, 1, 1)])));
    toggleShop(1);
    toggleShop(2);
    cartStore.set({ checkout: checkoutOf([]) });
    expect(cartStore.get().selected).toEqual([1, 2]);
    applyCart(cartOf(shop(2, [line(2, 1, 1)])));
    expect(cartStore.get().selected).toEqual([2]);
    expect(cartStore.get().checkout).not.toBeNull();
  });

  it('an empty cart resets selection, checkout and amounts', () => {
    applyCart(cartOf(shop(1, [line(1, 5, 2)])));
    toggleShop(1);
    cartStore.set({ checkout: checkoutOf([]) });
    applyCart(cartOf());
    expect(cartStore.get()).toMatchObject({ total: 0, amount: 0, selected: [], checkout: null });
  });

  it('keeps the selection across a reload (the first cart answer restores the shops still in the cart)', () => {
    applyCart(cartOf(shop(1, [line(1, 1, 1)]), shop(2, [line(2, 1, 1)])));
    toggleShop(2);
    expect(JSON.parse(localStorage.getItem('cartSelectedShops') ?? '[]')).toEqual([2]);
    cartStore.set({ cart: null, selected: [] }); // a new page: nothing in memory
    localStorage.setItem('cartSelectedShops', '[2,9]');
    applyCart(cartOf(shop(1, [line(1, 1, 1)]), shop(2, [line(2, 1, 1)])));
    expect(cartStore.get().selected).toEqual([2]);
    resetCart();
    expect(localStorage.getItem('cartSelectedShops')).toBeNull();
  });

  it('toggling selects and unselects; a checkout without items clears the selection', () => {
    toggleShop(4);
    expect(cartStore.get().selected).toEqual([4]);
    toggleShop(4);
    expect(cartStore.get().selected).toEqual([]);
    toggleShop(4);
    applyCheckout(checkoutOf([]));
    expect(cartStore.get()).toMatchObject({ selected: [], checkout: null });
  });

  it('resetCart (logout) empties everything but leaves the drawer state alone', () => {
    applyCart(cartOf(shop(1, [line(1, 5, 2)])));
    toggleShop(1);
    cartStore.set({ open: true });
    resetCart();
    expect(cartStore.get()).toMatchObject({
      total: 0,
      amount: 0,
      cart: null,
      selected: [],
      checkout: null,
      open: true,
    });
  });
});

describe('cart calls', () => {
  it('send the Bearer token, and a 401 clears the session', async () => {
    const off = onUnauthorized(clearAuth);
    authStore.set({ token: 'abc', user: { id: 1, name: 'n', phone: null, profile_photo: null }, ready: true });
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 }));
    });
    await expect(changeLine('en', 'decrement', { product_id: 3, color: 2 })).rejects.toBeInstanceOf(ApiError);
    expect(calls[0]!.url).toBe('/api/cart/decrement');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ product_id: 3, color: 2 });
    expect(authStore.get()).toMatchObject({ token: null, user: null });
    await expect(fetchCart('en')).rejects.toMatchObject({ status: 401 });
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
    off();
  });
});
