import { describe, expect, it } from 'vitest';
import { customersHref, customersParams, deskHref, deskParams, deskTicketHref, deskTicketNumberOf } from './desk-data';

describe('the support desk’s and the customers’ addresses', () => {
  it('reads the status, search and page of the desk, anything unknown as none', () => {
    expect(deskParams(new URLSearchParams('status=completed&q=%20late%20parcel%20&page=3'))).toEqual({
      status: 'completed',
      search: 'late parcel',
      page: 3,
    });
    expect(deskParams(new URLSearchParams('status=open&page=-2'))).toEqual({ status: 'all', search: '', page: 1 });
    expect(deskParams(new URLSearchParams(`q=${'x'.repeat(300)}&page=abc`)).search).toHaveLength(100);
  });

  it('writes only what differs from the first page of every ticket', () => {
    expect(deskHref({ status: 'all', search: '', page: 1 })).toBe('/admin/support');
    expect(deskHref({ status: 'cancel', search: 'سالم', page: 2 })).toBe(
      `/admin/support?status=cancel&q=${encodeURIComponent('سالم').replace(/%20/g, '+')}&page=2`,
    );
    expect(deskTicketHref('TKAB12CD34')).toBe('/admin/support/TKAB12CD34');
    expect(deskTicketNumberOf({ ticketNumber: 'tkab12cd34' })).toBe('TKAB12CD34');
  });

  it('reads and writes the customers’ search and page', () => {
    expect(customersParams(new URLSearchParams('q=9123&page=4'))).toEqual({ search: '9123', page: 4 });
    expect(customersHref({ search: '', page: 1 })).toBe('/admin/customers');
    expect(customersHref({ search: 'a b', page: 2 })).toBe('/admin/customers?q=a+b&page=2');
  });
});
