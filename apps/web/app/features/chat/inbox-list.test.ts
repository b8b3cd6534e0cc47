import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from './inbox';
import { type InboxPage, mergeFirstPage, useInboxList } from './inbox-list';

interface Row {
  id: number;
  unread: number;
}
const keyOf = (r: Row) => r.id;
const rows = (...ids: number[]): Row[] => ids.map((id) => ({ id, unread: 1 }));

afterEach(cleanup);

/** A list of ids 1..total served `perPage` at a time, filtered by search (an id containing it). */
function server(total: number, perPage: number) {
  const calls: Array<{ search: string; page: number }> = [];
  let fail = false;
  const load = vi.fn(async (q: { search: string; page: number }): Promise<InboxPage<Row>> => {
    calls.push(q);
    if (fail) throw new Error('offline');
    const all = rows(...Array.from({ length: total }, (_, i) => i + 1)).filter((r) => String(r.id).includes(q.search));
    return { data: all.slice((q.page - 1) * perPage, q.page * perPage), total: all.length };
  });
  return { load, calls, setFail: (v: boolean) => (fail = v) };
}

describe('useInboxList', () => {
  it('loads page 1, pages on, and stops after the last page without repeating a row', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = server(5, 2);
    const { result } = renderHook(() => useInboxList({ load: s.load, perPage: 2, keyOf, what: 'rows' }));
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.items.map(keyOf)).toEqual([1, 2]);
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.more());
    await waitFor(() => expect(result.current.items.map(keyOf)).toEqual([1, 2, 3, 4]));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.items.map(keyOf)).toEqual([1, 2, 3, 4, 5]));
    expect(result.current.hasMore).toBe(false);
    expect(s.calls.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('starts a settled search again from page 1, and a failure shows the error until a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = server(30, 5);
    const { result } = renderHook(() => useInboxList({ load: s.load, perPage: 5, keyOf, what: 'rows' }));
    await waitFor(() => expect(result.current.state).toBe('ready'));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.items).toHaveLength(10));

    act(() => result.current.setQuery(' 2 '));
    expect(result.current.search).toBe('');
    await waitFor(() => expect(result.current.search).toBe('2'), { timeout: SEARCH_DEBOUNCE_MS * 3 });
    await waitFor(() => expect(result.current.items.map(keyOf)).toEqual([2, 12, 20, 21, 22]));
    expect(s.calls.at(-1)).toEqual({ search: '2', page: 1 });

    s.setFail(true);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.state).toBe('error'));
    expect(result.current.items).toEqual([]);
    s.setFail(false);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.items.map(keyOf)).toEqual([2, 12, 20, 21, 22]);
  });

  it('merges page 1 in front when a message arrives, adjusting each row', async () => {
    const s = server(3, 2);
    const { result } = renderHook(() => useInboxList({ load: s.load, perPage: 2, keyOf, what: 'rows' }));
    await waitFor(() => expect(result.current.state).toBe('ready'));
    act(() => result.current.setItems(rows(3, 1, 2)));
    await act(() => result.current.refreshFirstPage((r) => (r.id === 1 ? { ...r, unread: 0 } : r)));
    expect(result.current.items).toEqual([
      { id: 1, unread: 0 },
      { id: 2, unread: 1 },
      { id: 3, unread: 1 },
    ]);
  });

  it('mergeFirstPage keeps the rest of what was shown after page 1, once each', () => {
    expect(mergeFirstPage(rows(4, 3, 2, 1), rows(1, 4), keyOf).map(keyOf)).toEqual([1, 4, 3, 2]);
  });
});
