import { describe, expect, it } from 'vitest';
import { ordersHref, ordersParams, parseAmount } from './orders-data';

describe('the console’s order list address', () => {
  it('reads only known filters and a sane page', () => {
    expect(ordersParams(new URLSearchParams('q=%20SQAB12CD34%20&status=cancelled&payment=paid&shop=2&page=3'))).toEqual({
      q: 'SQAB12CD34',
      status: 'cancelled',
      payment: 'paid',
      shop: 2,
      page: 3,
    });
    expect(ordersParams(new URLSearchParams('status=lost&payment=maybe&shop=-1&page=0'))).toEqual({
      q: '',
      status: null,
      payment: null,
      shop: null,
      page: 1,
    });
    expect(ordersParams(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
  });

  it('writes the filters back, the first page without a number', () => {
    expect(ordersHref({ q: 'Salma', status: 'pending', payment: null, shop: 4, page: 1 })).toBe(
      '/admin/orders?q=Salma&status=pending&shop=4',
    );
    expect(ordersHref({ page: 2 })).toBe('/admin/orders?page=2');
    expect(ordersHref({})).toBe('/admin/orders');
  });
});

describe('the refund dialog’s amount', () => {
  it('reads Latin and Arabic-Indic digits with at most 3 decimals', () => {
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount(' ١٢٫٥٠٠ ')).toBe(12.5);
    expect(parseAmount('0.010')).toBe(0.01);
    for (const bad of ['', 'abc', '1.2345', '-1', '1e3', '1,234']) expect(parseAmount(bad)).toBeNaN();
  });
});
