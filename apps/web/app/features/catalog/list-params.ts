import { parseProductQuery, PRODUCT_QUERY_KEYS, productQueryParams } from '@souq/contracts/product-query';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';

/**
 * A product list's URL parameters: read by the one product-query parser the API uses too
 * (packages/contracts/src/product-query.ts), and how a change builds the next URL.
 */

/** The parameters a list address may carry: the product query's but the shop, page size and deals (the route's own). */
const ROUTE_OWN_KEYS = ['shop_id', 'per_page', 'deals'] as const;
type ListKey = Exclude<(typeof PRODUCT_QUERY_KEYS)[number], (typeof ROUTE_OWN_KEYS)[number]>;
const LIST_KEYS = PRODUCT_QUERY_KEYS.filter((k): k is ListKey => !(ROUTE_OWN_KEYS as readonly string[]).includes(k));

/** The filters that narrow a list (not the search, sort or page). */
export const FILTER_KEYS = LIST_KEYS.filter(
  (k): k is Exclude<ListKey, 'search' | 'sort_type' | 'page'> => k !== 'search' && k !== 'sort_type' && k !== 'page',
);

export type ListParams = Partial<Record<ListKey, string>>;

/**
 * The list's valid parameters, written as the API reads them. An empty one is absent, and an invalid one
 * is left out (a typo in an address shows the list without it, not an error).
 */
export function readListParams(search: URLSearchParams): ListParams {
  const all = productQueryParams(parseProductQuery(search).query);
  const out: ListParams = {};
  for (const key of LIST_KEYS) if (all[key] !== undefined) out[key] = all[key];
  return out;
}

/** The query of the list being loaded (a filter change in flight), else the current one. */
function usePendingSearch(): URLSearchParams {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  return useMemo(
    () => (pending && pending.pathname === pathname ? new URLSearchParams(pending.search) : params),
    [pending, pathname, params],
  );
}

/** The list parameters, already showing a change whose results are still loading (no flicker back). */
export function usePendingParams(loaded: ListParams): ListParams {
  const search = usePendingSearch();
  const [current] = useSearchParams();
  return useMemo(() => (search === current ? loaded : readListParams(search)), [search, current, loaded]);
}

/** Builds the URL of the current list with some parameters changed (null removes); the page resets. */
export function useListHref() {
  const params = usePendingSearch();
  const { pathname } = useLocation();
  return useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      if (!('page' in changes)) next.delete('page');
      for (const [k, v] of Object.entries(changes)) {
        if (v === null || v === '' || (k === 'page' && v === '1')) next.delete(k);
        else next.set(k, v);
      }
      const qs = next.toString();
      return qs ? `${pathname}?${qs}` : pathname;
    },
    [params, pathname],
  );
}

/** Navigates to the list with some parameters changed, keeping the scroll position. */
export function useListNavigate() {
  const hrefWith = useListHref();
  const navigate = useNavigate();
  return useCallback(
    (changes: Record<string, string | null>) => navigate(hrefWith(changes), { preventScrollReset: true }),
    [hrefWith, navigate],
  );
}

export const idsOf = (v: string | undefined) => (v ? v.split(',').map(Number) : []);

/** Adds or removes one id of a comma list parameter. */
export function toggleId(list: string | undefined, id: number): string | null {
  const ids = idsOf(list);
  const next = ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
  return next.length ? next.join(',') : null;
}

export type PanelSection = 'category' | 'sort';
