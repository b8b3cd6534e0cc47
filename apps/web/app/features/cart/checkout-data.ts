import type { Address, Checkout, OrderSummary } from '@souq/contracts';
import { redirectDocument, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ApiError } from '~/shared/api';
import { afterSessionRead, sessionToken, setAuth } from '~/shared/auth-store';
import { applyCart, cartStore } from '~/shared/cart-store';
import { documentLocale } from '~/shared/i18n';
import { toast } from '~/shared/ui/toast';
import { fetchAddresses, fetchCart, fetchCheckout, placeOrder, resendCode, verifyCode } from './api';
import { CART_ACTION } from './cart-toasts';
import { VOUCHERS } from './voucher-data';

/**
 * /checkout's and /buynow's loader and action (decision 036). The loader reads what the page shows: the
 * shops to check out (buy now's product, or the cart's selected shops), the addresses, and the amounts
 * with the coupon the address names (`?coupon=`, put there by the coupon form); the action places the
 * order, and verifies the account with the code placing asked for (`intent`).
 */

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export type CheckoutData =
  | { token: null }
  | {
      token: string;
      /** The amounts of the shops checked out, or null: nothing to check out (`empty` says why). */
      checkout: Checkout | null;
      empty: 'select_shop' | 'nothing' | null;
      addresses: Address[];
      /** The coupon applied, and the message of one refused. */
      coupon: string | null;
      couponError: string | null;
      /** The shops asked for: a change of the cart's selection elsewhere (the basket) asks again. */
      shopIds: number[];
    };

/** The shops to check out: buy now's product's shop, or the cart's selection (the saved one after a reload). */
async function shopsOf(buyNow: boolean, signal: AbortSignal): Promise<{ ids: number[]; cartHasShops: boolean }> {
  const locale = documentLocale();
  if (buyNow) {
    const res = await fetchCart(locale, true, signal);
    return { ids: res.data.cart_items.map((s) => s.shop_id), cartHasShops: res.data.cart_items.length > 0 };
  }
  // The selection saved before a reload comes back with the first cart answer.
  if (cartStore.get().cart === null) applyCart((await fetchCart(locale, false, signal)).data);
  const { cart, selected } = cartStore.get();
  return { ids: selected, cartHasShops: (cart?.cart_items.length ?? 0) > 0 };
}

export async function loadCheckout(request: Request, buyNow: boolean): Promise<CheckoutData> {
  const token = sessionToken();
  if (!token) return { token: null };
  const locale = documentLocale();
  const coupon = new URL(request.url).searchParams.get('coupon')?.trim() || null;
  const [shops, addresses] = await Promise.all([
    shopsOf(buyNow, request.signal),
    fetchAddresses(locale, request.signal).then((res) => res.data.addresses),
  ]);
  // The header's account menu and the next visit read the addresses from the session.
  afterSessionRead(() => setAuth({ addresses }));
  const base = { token, addresses, coupon, couponError: null, shopIds: shops.ids };
  if (!shops.ids.length)
    return { ...base, coupon: null, checkout: null, empty: !buyNow && shops.cartHasShops ? 'select_shop' : 'nothing' };
  let couponError: string | null = null;
  let answer: Checkout;
  try {
    answer = (await fetchCheckout(locale, shops.ids, coupon, buyNow)).data;
  } catch (e) {
    // A refused coupon: its message under the field, and the amounts without it.
    if (!(coupon && e instanceof ApiError && e.status === 422)) throw e;
    couponError = e.field('coupon_code') ?? e.message;
    answer = (await fetchCheckout(locale, shops.ids, null, buyNow)).data;
  }
  const checkout = answer.checkout_items.length ? answer : null;
  return { ...base, coupon: couponError ? null : coupon, couponError, checkout, empty: checkout ? null : 'nothing' };
}

/** What the checkout's action answers its fetcher, by intent. */
export type CheckoutAnswer =
  | { intent: 'place'; orders: OrderSummary[] }
  | { intent: 'place'; verify: string }
  | { intent: 'place'; error: string }
  | { intent: 'verify'; ok: true }
  | { intent: 'verify'; error: string }
  | { intent: 'resend'; ok: boolean };

/** The fields of a placement, as the page submits them. */
export interface PlaceFields {
  intent: 'place';
  key: string;
  shop_ids: string;
  address_id: number;
  payment_method: string;
  coupon_code: string;
  note: string;
}

export async function checkoutAction(request: Request, buyNow: boolean): Promise<CheckoutAnswer | Response> {
  const form = await request.formData();
  const locale = documentLocale();
  const intent = String(form.get('intent'));
  const login = String(form.get('login') ?? '');
  if (intent === 'verify') {
    try {
      await verifyCode(locale, login, String(form.get('otp') ?? ''));
      return { intent, ok: true };
    } catch (e) {
      return { intent, error: e instanceof ApiError ? (e.field('otp') ?? e.message) : messageOf(e) };
    }
  }
  if (intent === 'resend') {
    try {
      await resendCode(locale, login, (form.get('phone_code') as string | null) || null, sessionToken());
      return { intent, ok: true };
    } catch (e) {
      toast.error(messageOf(e));
      return { intent, ok: false };
    }
  }
  try {
    const res = await placeOrder(
      locale,
      {
        shop_ids: String(form.get('shop_ids')).split(',').map(Number),
        address_id: Number(form.get('address_id')),
        payment_method: String(form.get('payment_method')),
        coupon_code: (form.get('coupon_code') as string | null) || null,
        note: String(form.get('note') ?? '').trim() || null,
        is_buy_now: buyNow,
      },
      String(form.get('key')),
    );
    // An online payment: on to the gateway's page (the cart is read again on the way back). Otherwise the
    // page shows the order codes, and clears the selection and reads the cart again (CheckoutScreen).
    if (res.data.order_payment_url) return redirectDocument(res.data.order_payment_url);
    return { intent: 'place', orders: res.data.orders };
  } catch (e) {
    // With order_place_account_verify on, an unverified account was sent a code: ask for it.
    if (e instanceof ApiError && e.status === 422 && e.field('account')) return { intent: 'place', verify: e.field('account')! };
    const message = e instanceof ApiError ? e.message : messageOf(e);
    if (!(e instanceof ApiError && e.status === 401)) toast.error(message);
    return { intent: 'place', error: message };
  }
}

/**
 * Loads again after what changes the amounts: a cart line, a collected voucher, a new address, a sign-in;
 * not after its own code checks, nor after placing (the success screen replaces the page).
 */
export function checkoutShouldRevalidate({
  formAction,
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === CART_ACTION || formAction === VOUCHERS) return true;
  const intent = formData?.get('intent');
  if (intent === 'verify' || intent === 'resend') return false;
  // A refused placement may follow a change (stock, a voucher used up): show the amounts as they are now.
  if (intent === 'place') return Boolean(actionResult && typeof actionResult === 'object' && 'error' in actionResult);
  return defaultShouldRevalidate;
}
