import type { Coupon } from '@souq/contracts';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { ApiError } from '~/shared/api';
import { documentLocale, makeTranslate, messagesOf } from '~/shared/i18n';
import { toast } from '~/shared/ui/toast';
import { collectVoucher, fetchVouchers } from './api';
import { refreshCheckout } from './cart-data';

/** Where the voucher list is read and a voucher collected (routes/resources/vouchers.ts, decision 036). */
export const VOUCHERS = '/resources/vouchers';
export const vouchersOf = (shopId: number) => `${VOUCHERS}?shop_id=${shopId}`;

/** A shop's vouchers for the signed-in customer, or why not (a 401 has signed the session out). */
export type VoucherList =
  { shopId: number; coupons: Coupon[]; status?: undefined } | { shopId: number; coupons: []; status: number };

export async function loadVouchers({ request }: { request: Request }): Promise<VoucherList> {
  const shopId = Number(new URL(request.url).searchParams.get('shop_id'));
  try {
    const res = await fetchVouchers(documentLocale(), shopId);
    return { shopId, coupons: res.data.coupons };
  } catch (e) {
    const status = e instanceof ApiError ? e.status : 0;
    if (status !== 401) toast.error(e instanceof Error ? e.message : String(e));
    return { shopId, coupons: [], status };
  }
}

/**
 * Collects a voucher: 'Voucher collected' (a second collect is 409, whose message says so). The lists
 * that show it — this list, the basket's amounts, checkout — are loaded again after it (their
 * `shouldRevalidate` asks for it), so no screen patches its copy.
 */
export async function collectAction({ request }: { request: Request }): Promise<{ ok: boolean }> {
  const form = await request.formData();
  try {
    await collectVoucher(documentLocale(), Number(form.get('coupon_id')));
    toast.success(makeTranslate(messagesOf(documentLocale()))('cart.voucher_collected'));
    return { ok: true };
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) toast.error(e instanceof Error ? e.message : String(e));
    return { ok: false };
  }
}

/** The checkout page's own intents: its loader shows what they change; the basket's amounts wait for the cart. */
const CHECKOUT_INTENTS = new Set(['place', 'verify', 'resend']);

/**
 * For the loaders that show what a collected voucher changes: load again after a collect. Not after
 * placing an order: the shops it took leave the cart, and the amounts asked for them then (before the
 * cart is read again) would be refused.
 */
export const afterVoucherCollect = ({ formAction, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => {
  if (formAction === VOUCHERS) return true;
  const intent = formData?.get('intent');
  if (typeof intent === 'string' && CHECKOUT_INTENTS.has(intent)) return false;
  return defaultShouldRevalidate;
};

/** The basket's amounts of the selected shops (routes/resources/cart-checkout.ts): asked again and stored. */
export const loadBasketCheckout = () => refreshCheckout();
