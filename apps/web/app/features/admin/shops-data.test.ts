import { describe, expect, it } from 'vitest';
import { actionsFor, checkReason, shopIdOf, shopsHref, shopsParams } from './shops-data';

const t = (key: string) => key;

describe('the shops list’s address', () => {
  it('reads a known status, a search and a page, ignoring anything else', () => {
    expect(shopsParams(new URLSearchParams('status=pending&search=%20Nizwa%20&page=3'))).toEqual({
      status: 'pending',
      search: 'Nizwa',
      page: 3,
    });
    expect(shopsParams(new URLSearchParams('status=approved&page=-1'))).toEqual({ status: 'all', search: '', page: 1 });
    expect(shopsParams(new URLSearchParams(`search=${'x'.repeat(150)}`)).search).toHaveLength(100);
    expect(shopsParams(new URLSearchParams('page=1e99')).page).toBe(100000);
  });

  it('writes only what differs from the first page of every shop', () => {
    expect(shopsHref({ status: 'all', search: '', page: 1 })).toBe('/admin/shops');
    expect(shopsHref({ status: 'suspended', search: 'بهلا', page: 2 })).toBe(
      `/admin/shops?status=suspended&search=${encodeURIComponent('بهلا').replace(/%20/g, '+')}&page=2`,
    );
    expect(shopsHref({ status: 'pending' })).toBe('/admin/shops?status=pending');
  });
});

describe('one shop', () => {
  it('reads the id of the address', () => {
    expect([
      shopIdOf('12'),
      shopIdOf('0'),
      shopIdOf('abc'),
      shopIdOf('1.5'),
      shopIdOf(undefined),
      shopIdOf('99999999999'),
    ]).toEqual([12, null, null, null, null, null]);
  });

  it('offers the actions the API allows in each status', () => {
    expect(actionsFor('pending')).toEqual(['approve', 'reject']);
    expect(actionsFor('active')).toEqual(['suspend']);
    expect(actionsFor('suspended')).toEqual(['reinstate']);
    expect(actionsFor('rejected')).toEqual(['approve']);
  });

  it('asks for a reason of at most 500 characters', () => {
    expect(checkReason('  ', t)).toEqual({ reason: 'admin.shop.reason_required' });
    expect(checkReason('x'.repeat(501), t)).toEqual({ reason: 'admin.shop.reason_too_long' });
    expect(checkReason(' Counterfeit goods ', t)).toEqual({});
  });
});
