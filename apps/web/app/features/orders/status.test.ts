import { describe, expect, it } from 'vitest';
import { orderStatusKeyOf } from '@souq/contracts/constants';
import { formatDateTime, isStatusKey, nextStatus, paymentMethodLabel, sellerMayCancel } from './status';

describe('order status helpers', () => {
  it('walks the chain Pending → … → Delivered and stops there and at Cancelled', () => {
    const seen = [];
    for (let s: ReturnType<typeof nextStatus> = 'Pending'; s; s = nextStatus(s)) seen.push(s);
    expect(seen).toEqual(['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']);
    expect(nextStatus('Cancelled')).toBeNull();
  });

  it('lets a seller cancel only before Pickup', () => {
    expect(sellerMayCancel('Processing')).toBe(true);
    expect(sellerMayCancel('Pickup')).toBe(false);
    expect(sellerMayCancel('Cancelled')).toBe(false);
  });

  it('maps names to the keys of status_wise_orders and checks keys from the address bar', () => {
    expect(orderStatusKeyOf('On The Way')).toBe('on_the_way');
    expect(isStatusKey('on_the_way')).toBe(true);
    expect(isStatusKey('all')).toBe(false);
    expect(isStatusKey(null)).toBe(false);
  });

  it("prints date and time in Oman's time in both languages", () => {
    expect(formatDateTime('2026-11-25T16:15:00Z', 'en')).toBe('25 Nov 2026, 8:15 PM');
    expect(formatDateTime('2026-11-25T20:05:00Z', 'ar')).toBe('26 نوفمبر 2026، 12:05 ص');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('names cash, bank and gateway payments', () => {
    const t = (k: string) => k;
    expect(paymentMethodLabel(t, 'cash', [])).toBe('orders.method.cash');
    expect(paymentMethodLabel(t, 'thawani', [{ name: 'thawani', title: 'Thawani Pay' }])).toBe('Thawani Pay');
  });
});
