import { deliveryCharge, pricing } from '../catalog';

// The delivery rule lives with the product cards (they show one item's delivery); checkout uses the same.
export { deliveryCharge };

/**
 * Money of the commerce module, in one place (decision 018). Every amount is an integer number of
 * minor units of the default currency (baisa for OMR); nothing here uses floating-point arithmetic on
 * an amount. The one rounding rule is half-up to the minor unit, done in exact integer arithmetic.
 */

/** `numerator / denominator` rounded half-up to a whole minor unit (both non-negative integers). */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError(`divideHalfUp needs whole non-negative amounts (${numerator} / ${denominator})`);
  }
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

/** `amount × basisPoints / 10000`, half-up (5% = 500 basis points). */
export const percentOf = (amount: number, basisPoints: number) => divideHalfUp(amount * basisPoints, 10_000);

/**
 * One unit's price: the effective price of the product (a running flash sale, then the shop's discount,
 * then the price) plus the chosen colour's and size's extra prices. `regular` is the same without the
 * flash sale or discount.
 */
export function linePrice(
  product: { price: number; list_price: number },
  flashPrice: number | undefined,
  extras: { color: number; size: number },
): { unit: number; regular: number } {
  // The catalogue's rule (products.list_price is the shop's discounted price, or the price).
  const { effective } = pricing(product.price, product.list_price, flashPrice);
  const extra = extras.color + extras.size;
  return { unit: effective + extra, regular: product.price + extra };
}

export interface VoucherTerms {
  discount_type: 'Percentage' | 'Amount' | string;
  /** Whole percent when Percentage; baisa when Amount. */
  discount: number;
  /** Baisa; null = no cap. */
  max_discount_amount: number | null;
}

/** A voucher's discount on a subtotal: never more than its cap nor than the subtotal itself. */
export function voucherDiscount(terms: VoucherTerms, subtotal: number): number {
  const raw = terms.discount_type === 'Percentage' ? percentOf(subtotal, terms.discount * 100) : terms.discount;
  const capped =
    terms.max_discount_amount !== null && terms.max_discount_amount > 0 ? Math.min(raw, terms.max_discount_amount) : raw;
  return Math.max(0, Math.min(capped, subtotal));
}

export interface TaxRate {
  id: number;
  /** In the request's language. */
  name: string;
  rate_bp: number;
  /** The stored names (an order keeps both). */
  names?: { en: string; ar: string | null };
}

export interface ShopAmounts {
  total_amount: number;
  delivery_charge: number;
  coupon_discount: number;
  order_tax_amount: number;
  payable_amount: number;
  taxes: Array<TaxRate & { amount: number }>;
}

/**
 * The amounts of one shop's order. VAT is charged on the goods after the voucher (the delivery charge
 * is not taxed); each tax is rounded on its own. payable = total + delivery + tax − discount, always.
 */
export function shopAmounts(
  subtotal: number,
  shop: { delivery_charge: number; free_delivery_above: number },
  discount: number,
  taxes: TaxRate[],
): ShopAmounts {
  const coupon = Math.max(0, Math.min(discount, subtotal));
  const delivery = subtotal > 0 ? deliveryCharge(shop, subtotal) : 0;
  const taxable = subtotal - coupon;
  // The new key first: a spread followed by a new key makes a hidden class per object on Node 20 (decision 035).
  const lines = taxes.map((t) => ({ amount: percentOf(taxable, t.rate_bp), ...t }));
  const tax = lines.reduce((sum, t) => sum + t.amount, 0);
  return {
    total_amount: subtotal,
    delivery_charge: delivery,
    coupon_discount: coupon,
    order_tax_amount: tax,
    payable_amount: subtotal + delivery + tax - coupon,
    taxes: lines,
  };
}

/** Sums the amounts of several shops (taxes merged by tax id). */
export function sumAmounts(list: ShopAmounts[]): ShopAmounts {
  const taxes = new Map<number, TaxRate & { amount: number }>();
  for (const a of list)
    for (const t of a.taxes) {
      const seen = taxes.get(t.id);
      taxes.set(t.id, seen ? { ...seen, amount: seen.amount + t.amount } : { ...t });
    }
  const sum = (k: 'total_amount' | 'delivery_charge' | 'coupon_discount' | 'order_tax_amount' | 'payable_amount') =>
    list.reduce((s, a) => s + a[k], 0);
  return {
    total_amount: sum('total_amount'),
    delivery_charge: sum('delivery_charge'),
    coupon_discount: sum('coupon_discount'),
    order_tax_amount: sum('order_tax_amount'),
    payable_amount: sum('payable_amount'),
    taxes: [...taxes.values()],
  };
}
