import { describe, expect, it } from 'vitest';
import { deliveryCharge, divideHalfUp, linePrice, percentOf, shopAmounts, sumAmounts, voucherDiscount } from './pricing';

describe('commerce pricing (decision 018)', () => {
  it('rounds half-up to the minor unit, exactly', () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(4, 2)).toBe(2);
    expect(divideHalfUp(7, 3)).toBe(2);
    expect(divideHalfUp(8, 3)).toBe(3);
    expect(divideHalfUp(0, 7)).toBe(0);
    // 5% of 1.010 OMR = 50.5 baisa → 51; of 1.009 = 50.45 → 50.
    expect(percentOf(1010, 500)).toBe(51);
    expect(percentOf(1009, 500)).toBe(50);
    // Large amounts stay exact (no float error at 2^50).
    expect(divideHalfUp(2 ** 50 + 1, 2)).toBe(2 ** 49 + 1);
    expect(() => divideHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
  });

  it('prices a line: flash sale, then discount, then price, plus the colour and size extras', () => {
    const p = { price: 10_000, list_price: 8_000 };
    expect(linePrice(p, undefined, { color: 0, size: 0 })).toEqual({ unit: 8_000, regular: 10_000 });
    expect(linePrice(p, 7_500, { color: 500, size: 250 })).toEqual({ unit: 8_250, regular: 10_750 });
    // A flash price above the discount does not raise it; a discount not below the price is ignored.
    expect(linePrice(p, 9_000, { color: 0, size: 0 }).unit).toBe(8_000);
    expect(linePrice({ price: 5_000, list_price: 5_000 }, undefined, { color: 0, size: 100 }).unit).toBe(5_100);
  });

  it('computes voucher discounts with the cap and never above the subtotal', () => {
    expect(voucherDiscount({ discount_type: 'Percentage', discount: 10, max_discount_amount: 5_000 }, 12_345)).toBe(1_235);
    expect(voucherDiscount({ discount_type: 'Percentage', discount: 10, max_discount_amount: 5_000 }, 90_000)).toBe(5_000);
    expect(voucherDiscount({ discount_type: 'Amount', discount: 2_000, max_discount_amount: null }, 1_500)).toBe(1_500);
    expect(voucherDiscount({ discount_type: 'Amount', discount: 2_000, max_discount_amount: null }, 15_000)).toBe(2_000);
  });

  it('charges delivery unless the free-delivery threshold is reached', () => {
    expect(deliveryCharge({ delivery_charge: 1_500, free_delivery_above: 20_000 }, 19_999)).toBe(1_500);
    expect(deliveryCharge({ delivery_charge: 1_500, free_delivery_above: 20_000 }, 20_000)).toBe(0);
    expect(deliveryCharge({ delivery_charge: 1_500, free_delivery_above: 0 }, 999_000)).toBe(1_500);
  });

  it('payable = total + delivery + tax − discount, for many amounts', () => {
    const vat = [{ id: 1, name: 'VAT', rate_bp: 500 }];
    const all = [];
    for (let subtotal = 0; subtotal < 40_000; subtotal += 1_237) {
      for (const discount of [0, 333, 1_000, 50_000]) {
        const a = shopAmounts(subtotal, { delivery_charge: 1_500, free_delivery_above: 20_000 }, discount, vat);
        expect(a.payable_amount).toBe(a.total_amount + a.delivery_charge + a.order_tax_amount - a.coupon_discount);
        expect(a.coupon_discount).toBeLessThanOrEqual(subtotal);
        expect(a.order_tax_amount).toBe(percentOf(subtotal - a.coupon_discount, 500));
        for (const v of Object.values(a)) if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
        all.push(a);
      }
    }
    const sum = sumAmounts(all);
    expect(sum.payable_amount).toBe(sum.total_amount + sum.delivery_charge + sum.order_tax_amount - sum.coupon_discount);
    expect(sum.taxes[0]!.amount).toBe(sum.order_tax_amount);
    // An empty shop costs nothing, not even delivery.
    expect(shopAmounts(0, { delivery_charge: 1_500, free_delivery_above: 0 }, 0, vat).payable_amount).toBe(0);
  });
});
