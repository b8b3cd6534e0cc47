import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebounced, type ListState } from './inbox';

/** One page of an inbox's conversations. */
export interface InboxPage<T> {
  data: T[];
  total: number;
}

/** Page 1 again, put in front of what was loaded (a conversation that moved up leaves its old place). */
export function mergeFirstPage<T>(shown: T[], first: T[], keyOf: (item: T) => number): T[] {
  const ids = new Set(first.map(keyOf));
  return [...first, ...shown.filter((c) => !ids.has(keyOf(c)))];
}

export interface InboxList<T> {
  /** The search box's text, and the search it settles into after SEARCH_DEBOUNCE_MS. */
  query: string;
  setQuery: (query: string) => void;
  search: string;
  items: T[];
  setItems: Dispatch<SetStateAction<T[]>>;
  state: ListState;
  hasMore: boolean;
  loadingMore: boolean;
  /** The next page, added after what is shown (a failure stops paging, SPEC §8). */
  more: () => void;
  /** Page 1 again after a failure. */
  retry: () => void;
  /** Page 1 read again in the background (a message arrived) and merged in front, each item passed through `adjust`. */
  refreshFirstPage: (adjust: (item: T) => T) => Promise<void>;
}

/**
 * The conversation list of an inbox (the customer's shops, the seller's customers): a debounced search
 * that starts again from page 1 (SPEC §4), further pages on demand, and page 1 merged in again when a
 * message arrives. `load` must keep its identity while its inputs do (useCallback): a new one reloads.
 */
export function useInboxList<T>({
  load,
  perPage,
  keyOf,
  what,
}: {
  load: (query: { search: string; page: number }, signal?: AbortSignal) => Promise<InboxPage<T>>;
  perPage: number;
  keyOf: (item: T) => number;
  /** Named in the console when a page fails. */
  what: string;
}): InboxList<T> {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const [items, setItems] = useState<T[]>([]);
  const [state, setState] = useState<ListState>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const page = useRef(1);

  useEffect(() => {
    const ctrl = new AbortController();
    setState('loading');
    page.current = 1;
    load({ search, page: 1 }, ctrl.signal)
      .then((res) => {
        setItems(res.data);
        setHasMore(res.data.length >= perPage && res.data.length < res.total);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (ctrl.signal.aborted) return;
        console.warn(`${what} failed`, error);
        setItems([]);
        setState('error');
      });
    return () => ctrl.abort();
  }, [search, load, perPage, what, reloadKey]);

  const more = useCallback(() => {
    const next = page.current + 1;
    setLoadingMore(true);
    load({ search, page: next })
      .then((res) => {
        page.current = next;
        setItems((shown) => [...shown, ...res.data.filter((c) => !shown.some((s) => keyOf(s) === keyOf(c)))]);
        if (res.data.length < perPage) setHasMore(false);
      })
      .catch((error: unknown) => {
        console.warn(`${what} failed`, error);
        setHasMore(false);
        setState('error');
      })
      .finally(() => setLoadingMore(false));
  }, [load, search, keyOf, perPage, what]);

  const retry = useCallback(() => setReloadKey((n) => n + 1), []);

  const refreshFirstPage = useCallback(
    async (adjust: (item: T) => T) => {
      try {
        const res = await load({ search, page: 1 });
        setItems((shown) => mergeFirstPage(shown, res.data, keyOf).map(adjust));
      } catch (error) {
        console.warn(`${what} failed`, error);
      }
    },
    [load, search, keyOf, what],
  );

  return { query, setQuery, search, items, setItems, state, hasMore, loadingMore, more, retry, refreshFirstPage };
}
