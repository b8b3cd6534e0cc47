import { productSortTypes } from '@souq/contracts/constants';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';

/** A product list's URL parameters: which values are valid, and how a change builds the next URL. */

const ID = /^[1-9]\d{0,9}$/;
const ID_LIST = /^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,19}$/;
const PRICE = /^\d{1,9}(\.\d{1,3})?$/;

/** The URL parameters of a list and what a valid value looks like (invalid ones are ignored, not a 422). */
const PARAM_RULES: Record<string, (v: string) => boolean> = {
  search: (v) => v.length > 0 && v.length <= 100,
  category_id: (v) => ID.test(v),
  sub_category_id: (v) => ID.test(v),
  brand_id: (v) => ID_LIST.test(v),
  color_id: (v) => ID_LIST.test(v),
  size_id: (v) => ID_LIST.test(v),
  rating: (v) => /^[1-5]$/.test(v),
  min_price: (v) => PRICE.test(v),
  max_price: (v) => PRICE.test(v),
  sort_type: (v) => (productSortTypes as readonly string[]).includes(v),
  page: (v) => /^[1-9]\d{0,4}$/.test(v),
};

/** The filters that narrow a list (not the search, sort or page). */
export const FILTER_KEYS = [
  'category_id',
  'sub_category_id',
  'brand_id',
  'color_id',
  'size_id',
  'rating',
  'min_price',
  'max_price',
] as const;

export type ListParams = Partial<Record<keyof typeof PARAM_RULES, string>>;

export function readListParams(search: URLSearchParams): ListParams {
  const out: ListParams = {};
  for (const [key, ok] of Object.entries(PARAM_RULES)) {
    const raw = search.get(key);
    const v = key === 'search' ? raw?.trim() : raw;
    if (v && ok(v)) out[key] = v;
  }
  if (out.min_price && out.max_price && Number(out.min_price) > Number(out.max_price)) delete out.max_price;
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
