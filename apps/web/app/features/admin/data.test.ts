import { describe, expect, it } from 'vitest';
import { adminLoginHref, adminReturnTo, auditHref, auditParams, shownValue } from './data';

describe('the console sign-in’s way back', () => {
  it('returns to a page of the console only', () => {
    expect(adminReturnTo('/admin/audit-log?role=seller&page=2')).toBe('/admin/audit-log?role=seller&page=2');
    expect(adminReturnTo('/admin/shops/4')).toBe('/admin/shops/4');
    for (const next of [
      null,
      '',
      '/seller',
      '/administrator',
      '//evil.example/admin',
      'https://evil.example',
      '/admin/login',
      '/admin\\x',
      '/admin x',
    ])
      expect(adminReturnTo(next)).toBe('/admin');
    expect(adminLoginHref('/admin/audit-log?page=3')).toBe('/admin/login?next=%2Fadmin%2Faudit-log%3Fpage%3D3');
    expect(adminLoginHref('/admin')).toBe('/admin/login');
  });
});

describe('the audit log’s address', () => {
  it('reads known filters and a page, ignoring anything else', () => {
    expect(auditParams(new URLSearchParams('role=operator&action=voucher&page=4'))).toEqual({
      role: 'operator',
      action: 'voucher',
      page: 4,
    });
    expect(auditParams(new URLSearchParams('role=customer&action=drop&page=-2'))).toEqual({ role: null, action: null, page: 1 });
    expect(auditParams(new URLSearchParams('page=1e99')).page).toBe(100000);
    expect(auditHref({ role: 'seller', action: 'product', page: 2 })).toBe('/admin/audit-log?role=seller&action=product&page=2');
    expect(auditHref({ role: null, action: null, page: 1 })).toBe('/admin/audit-log');
  });

  it('shows a changed value as text', () => {
    expect([
      shownValue(null),
      shownValue(''),
      shownValue('Red'),
      shownValue(12.5),
      shownValue(false),
      shownValue([1, 2]),
    ]).toEqual(['—', '—', 'Red', '12.5', 'false', '[1,2]']);
  });
});
