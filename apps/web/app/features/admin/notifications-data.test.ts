import { describe, expect, it } from 'vitest';
import { notificationsHref, notificationsParams } from './notifications-data';

describe('the console’s notifications screen', () => {
  it('reads the search, status and page; opens on the failed ones; anything unknown as the default', () => {
    expect(notificationsParams(new URLSearchParams('q=%20order:12%20&status=sent&page=3'))).toEqual({
      search: 'order:12',
      status: 'sent',
      page: 3,
    });
    expect(notificationsParams(new URLSearchParams(''))).toEqual({ search: '', status: 'failed', page: 1 });
    expect(notificationsParams(new URLSearchParams('status=gone&page=-1'))).toEqual({ search: '', status: 'failed', page: 1 });
    expect(notificationsParams(new URLSearchParams('status=all')).status).toBe('all');
    expect(notificationsParams(new URLSearchParams(`q=${'x'.repeat(300)}`)).search).toHaveLength(100);
  });

  it('writes only what differs from the first page of the failed ones', () => {
    expect(notificationsHref({ search: '', status: 'failed', page: 1 })).toBe('/admin/notifications');
    expect(notificationsHref({ search: 'a@b.om', status: 'all', page: 2 })).toBe(
      '/admin/notifications?q=a%40b.om&status=all&page=2',
    );
  });
});
