import { afterEach, describe, expect, it, vi } from 'vitest';
import { inboxHref, inboxQuery, loadFirstPages, loadInbox, MAX_PAGES, type InboxPage } from './inbox-data';

interface Row {
  id: number;
  unread: number;
}
const keyOf = (r: Row) => r.id;

/** A list of ids 1..total served `perPage` at a time, filtered by search (an id containing it). */
function server(total: number) {
  const calls: Array<{ search: string; page: number; perPage: number }> = [];
  const load = vi.fn(async (q: { search: string; page: number; perPage: number }): Promise<InboxPage<Row>> => {
    calls.push(q);
    const all = Array.from({ length: total }, (_, i) => ({ id: i + 1, unread: 1 })).filter((r) => String(r.id).includes(q.search));
    return { data: all.slice((q.page - 1) * q.perPage, q.page * q.perPage), total: all.length };
  });
  return { load, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('the inbox address', () => {
  it('reads search, pages and the open conversation, and writes them back (defaults left out)', () => {
    const q = inboxQuery(new URLSearchParams('search=%20salim%20&page=3&shop=7'), 'shop');
    expect(q).toEqual({ search: 'salim', pages: 3, open: 7 });
    expect(inboxHref('/massages', 'shop', q)).toBe('/massages?search=salim&page=3&shop=7');
    expect(inboxHref('/massages', 'shop', { search: '', pages: 1, open: null })).toBe('/massages');
    expect(inboxQuery(new URLSearchParams('page=-2&user=x'), 'user')).toEqual({ search: '', pages: 1, open: null });
    expect(inboxQuery(new URLSearchParams('page=100000'), 'user').pages).toBe(MAX_PAGES);
  });
});

describe('loadFirstPages', () => {
  it('reads the pages shown in one call up to five pages, and stops at the last row', async () => {
    const s = server(45);
    expect((await loadFirstPages(s.load, { search: '', pages: 2, perPage: 20, keyOf })).data.map(keyOf)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(s.calls).toEqual([{ search: '', page: 1, perPage: 40 }]);
    const all = await loadFirstPages(s.load, { search: '', pages: 4, perPage: 20, keyOf });
    expect([all.data.length, all.total]).toEqual([45, 45]);
  });

  it('reads more pages in calls of 100, each row once', async () => {
    const s = server(250);
    const res = await loadFirstPages(s.load, { search: '', pages: 12, perPage: 20, keyOf });
    expect(s.calls.map((c) => [c.page, c.perPage])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(res.data).toHaveLength(240);
    expect(new Set(res.data.map(keyOf)).size).toBe(240);
  });

  it('searches from page 1', async () => {
    const s = server(30);
    const res = await loadFirstPages(s.load, { search: '2', pages: 1, perPage: 5, keyOf });
    expect(res.data.map(keyOf)).toEqual([2, 12, 20, 21, 22]);
  });
});

describe('loadInbox', () => {
  const request = (query: string) => new Request(`http://localhost/massages${query}`);
  const options = (list: (q: { search: string; page: number; perPage: number }) => Promise<InboxPage<Row>>) => ({
    party: 'shop',
    perPage: 2,
    keyOf,
    markRead: (r: Row) => ({ ...r, unread: 0 }),
    list,
    page: async (open: number) => ({ of: `shop-${open}`, page: 1, messages: [] }),
  });

  it('reads the list and the open conversation, whose row shows read (reading page 1 marked it)', async () => {
    const s = server(3);
    const data = await loadInbox(request('?page=2&shop=2'), options(s.load));
    expect(data.list.items).toEqual([
      { id: 1, unread: 1 },
      { id: 2, unread: 0 },
      { id: 3, unread: 1 },
    ]);
    expect(data.conversation).toEqual({ of: 'shop-2', page: 1, messages: [] });
    expect((await loadInbox(request(''), options(s.load))).conversation).toBeNull();
  });

  it('answers a failed list as its error, beside the conversation', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const data = await loadInbox(
      request('?shop=1'),
      options(() => Promise.reject(new Error('offline'))),
    );
    expect(data.list).toEqual({ items: [], total: 0, error: 'offline' });
    expect(data.conversation?.of).toBe('shop-1');
  });
});
