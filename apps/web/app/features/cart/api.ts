import type {
  Address,
  Cart,
  CartLineBody,
  CartStoreBody,
  Checkout,
  Coupon,
  Envelope,
  PlaceOrderAnswer,
  PlaceOrderBody,
} from '@souq/contracts';
import { api } from '~/shared/api';
import { sessionToken } from '~/shared/auth-store';

/**
 * The commerce calls of API.md "Cart, vouchers, checkout, orders", one function each, with the
 * customer's Bearer token. A 401 clears the session through the API client's listeners (SPEC §8).
 */
// The session's token: the saved one while the page hydrates (loaders run before the store has read it).
const token = () => sessionToken();

export const fetchCart = (locale: string, isBuyNow = false, signal?: AbortSignal) =>
  api<Envelope<Cart>>('/carts', { locale, token: token(), query: { is_buy_now: isBuyNow ? 1 : undefined }, signal });

export const storeCart = (locale: string, body: CartStoreBody) =>
  api<Envelope<Cart>>('/cart/store', { method: 'POST', locale, token: token(), body });

export type LineChange = 'increment' | 'decrement' | 'delete';
export const changeLine = (locale: string, change: LineChange, body: CartLineBody) =>
  api<Envelope<Cart>>(`/cart/${change}`, { method: 'POST', locale, token: token(), body });

export const fetchCheckout = (locale: string, shopIds: number[], couponCode?: string | null, isBuyNow = false) =>
  api<Envelope<Checkout>>('/cart/checkout', {
    method: 'POST',
    locale,
    token: token(),
    body: { shop_ids: shopIds, coupon_code: couponCode || null, is_buy_now: isBuyNow },
  });

export const fetchVouchers = (locale: string, shopId: number) =>
  api<Envelope<{ coupons: Coupon[] }>>('/get-vouchers', { locale, token: token(), query: { shop_id: shopId } });

export const collectVoucher = (locale: string, couponId: number) =>
  api<{ message: string }>('/vouchers-collect', { method: 'POST', locale, token: token(), body: { coupon_id: couponId } });

export const fetchAddresses = (locale: string, signal?: AbortSignal) =>
  api<Envelope<{ total: number; addresses: Address[] }>>('/addresses', { locale, token: token(), signal });

/**
 * POST /place-order with the confirmation's Idempotency-Key (a repeat of the same placement is answered, not
 * placed twice) and `coupon_strict`: the summary showed the typed voucher's discount, so a code that stopped
 * applying meanwhile (used up, expired) refuses the order with 422 instead of placing it at another total
 * (decision 024, issue 42).
 */
export const placeOrder = (locale: string, body: Omit<PlaceOrderBody, 'coupon_strict'>, idempotencyKey: string) =>
  api<Envelope<PlaceOrderAnswer>>('/place-order', {
    method: 'POST',
    locale,
    token: token(),
    body: { ...body, coupon_strict: true } satisfies PlaceOrderBody,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** POST /verify-otp: the code sent when placing needs a verified account (order_place_account_verify). */
/** Sends the account's verification code again (signed in: to the account's own phone or e-mail). */
export const resendCode = (locale: string, login: string, phoneCode: string | null, token: string | null) =>
  api<{ message?: string }>('/send-otp', { method: 'POST', locale, token, body: { phone: login, phone_code: phoneCode } });

export const verifyCode = (locale: string, login: string, otp: string) =>
  api<{ message?: string }>('/verify-otp', { method: 'POST', locale, body: { phone: login, otp } });
