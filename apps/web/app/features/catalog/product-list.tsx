import type { ProductFilters, ProductsResponse } from '@souq/contracts';
import { PRODUCTS_PER_PAGE, productSortTypes } from '@souq/contracts/constants';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigation, useRouteLoaderData, type AppLoadContext } from 'react-router';
import type { ChromeCategory } from '~/shared/layout-data';
import { useSite } from '~/shared/site';
import { requestLocale } from '~/shared/i18n';
import { Dialog } from '~/shared/ui/dialog';
import { Pagination } from '~/shared/ui/pagination';
import { fetchProducts } from './api';
import { FilterPanel } from './filters';
import {
  FILTER_KEYS,
  idsOf,
  readListParams,
  toggleId,
  useListHref,
  useListNavigate,
  usePendingParams,
  type ListParams,
  type PanelSection,
} from './list-params';
import { ProductGrid, ProductGridSkeleton } from './product-card';

/**
 * The shared product list screen (Products / search results, Category products, Most popular, Best
 * deal). The URL holds every filter; a change builds a new URL (page reset) and the route loader
 * refetches, so a results page can be shared and reloaded.
 */

export type ProductListData = ProductsResponse['data'] & {
  page: number;
  params: ListParams;
};

/** Loader body of every list route: the URL's filters plus the route's fixed ones. */
export async function loadProductList(
  request: Request,
  context: AppLoadContext,
  /** Parameters the route sets itself; `undefined` drops the URL's value. */
  fixed: Record<string, string | number | undefined> = {},
): Promise<ProductListData> {
  const params = readListParams(new URL(request.url).searchParams);
  for (const key of Object.keys(fixed)) delete params[key as keyof ListParams];
  const data = await fetchProducts(
    { locale: requestLocale(request), context },
    { ...params, ...fixed, per_page: PRODUCTS_PER_PAGE },
  );
  return { ...data, page: Number(params.page ?? 1), params };
}

/** The chrome's categories (loaded by the public layout for the menus). */
export function useChromeCategories(): ChromeCategory[] {
  return useRouteLoaderData<{ categories: ChromeCategory[] }>('routes/layouts/public')?.categories ?? [];
}

interface Chip {
  key: string;
  label: string;
  href: string;
}

function useActiveChips(params: ListParams, filters: ProductFilters, categories: ChromeCategory[], hide: PanelSection[]): Chip[] {
  const { t, money } = useSite();
  const hrefWith = useListHref();
  const chips: Chip[] = [];
  const cat = categories.find((c) => String(c.id) === params.category_id);
  if (params.category_id && !hide.includes('category')) {
    chips.push({
      key: 'category',
      label: cat?.name ?? t('catalog.category'),
      href: hrefWith({ category_id: null, sub_category_id: null }),
    });
  }
  if (params.sub_category_id && !hide.includes('category')) {
    const sub = cat?.sub_categories.find((s) => String(s.id) === params.sub_category_id);
    chips.push({ key: 'sub', label: sub?.name ?? t('catalog.sub_category'), href: hrefWith({ sub_category_id: null }) });
  }
  const lists = [
    ['brand_id', filters.brands],
    ['color_id', filters.colors],
    ['size_id', filters.sizes],
  ] as const;
  for (const [key, options] of lists) {
    for (const id of idsOf(params[key])) {
      const name = options.find((o) => o.id === id)?.name ?? `#${id}`;
      chips.push({ key: `${key}-${id}`, label: name, href: hrefWith({ [key]: toggleId(params[key], id) }) });
    }
  }
  if (params.rating) {
    chips.push({ key: 'rating', label: t('catalog.rating_up', { n: params.rating }), href: hrefWith({ rating: null }) });
  }
  if (params.min_price) {
    chips.push({
      key: 'min',
      label: t('catalog.price_from', { price: money(Number(params.min_price)) }),
      href: hrefWith({ min_price: null }),
    });
  }
  if (params.max_price) {
    chips.push({
      key: 'max',
      label: t('catalog.price_to', { price: money(Number(params.max_price)) }),
      href: hrefWith({ max_price: null }),
    });
  }
  return chips;
}

/** The "clear all" target: every filter removed, the search and sort kept. */
function useClearHref(hide: PanelSection[]) {
  const hrefWith = useListHref();
  const keys = FILTER_KEYS.filter((k) => !(hide.includes('category') && (k === 'category_id' || k === 'sub_category_id')));
  return hrefWith(Object.fromEntries(keys.map((k) => [k, null])));
}

function SortSelect({ value }: { value: string }) {
  const { t } = useSite();
  const go = useListNavigate();
  return (
    <label className="plist__sort">
      <span>{t('catalog.sort_by')}</span>
      <select
        value={value}
        onChange={(e) => go({ sort_type: e.target.value === 'default' ? null : e.target.value })}
        data-testid="sort-select"
      >
        {productSortTypes.map((s) => (
          <option key={s} value={s}>
            {t(`catalog.sort_${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface ProductListScreenProps {
  data: ProductListData;
  title: string;
  /** Above the heading (breadcrumbs). */
  before?: ReactNode;
  /** Below the heading (sub-category chips). */
  after?: ReactNode;
  /** Panel parts the route fixes (the category on a category page, the sort on Most popular). */
  hide?: PanelSection[];
  /** Shown instead of the default empty-state text. */
  emptyText?: string;
  testId?: string;
}

export function ProductListScreen({
  data,
  title,
  before,
  after,
  hide = [],
  emptyText,
  testId = 'product-list',
}: ProductListScreenProps) {
  const { t } = useSite();
  const { products, total, filters, page, params } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const hrefWith = useListHref();
  const categories = useChromeCategories();
  const chips = useActiveChips(params, filters, categories, hide);
  const clearHref = useClearHref(hide);
  const [drawer, setDrawer] = useState(false);
  const closeDrawer = useCallback(() => setDrawer(false), []);
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const search = params.search;
  // The whole list, unfiltered, is empty: the shop has no products yet (a new shop, SEED_DEMO=false).
  const nothingYet = location.pathname === '/products' && !search && chips.length === 0 && total === 0;

  const pendingParams = usePendingParams(params);
  const panel = <FilterPanel params={pendingParams} filters={filters} categories={categories} hide={hide} />;

  return (
    <div className="container plist" data-testid={testId}>
      {before}
      <div className="plist__head">
        <div className="plist__titles">
          <h1 className="page-title" data-testid="list-title">
            {search ? t('catalog.results_for', { q: search }) : title}
          </h1>
          <p className="muted plist__total" data-testid="list-total" aria-live="polite">
            {t('catalog.products_count', { count: total })}
          </p>
        </div>
      </div>
      {after}
      <div className="plist__layout">
        <aside className="plist__sidebar" aria-label={t('catalog.filters')}>
          {panel}
        </aside>
        <div className="plist__main">
          <div className="plist__toolbar">
            <button
              type="button"
              className="btn btn-sm plist__filters-btn"
              onClick={() => setDrawer(true)}
              data-testid="filters-button"
            >
              <FilterIcon />
              {t('catalog.filters')}
              {chips.length ? <span className="plist__count">{chips.length}</span> : null}
            </button>
            {hide.includes('sort') ? null : <SortSelect value={pendingParams.sort_type ?? 'default'} />}
          </div>
          {chips.length ? (
            <ul className="plist__chips" aria-label={t('catalog.applied_filters')} data-testid="filter-chips">
              {chips.map((c) => (
                <li key={c.key}>
                  <Link
                    to={c.href}
                    className="plist__chip"
                    preventScrollReset
                    aria-label={t('catalog.remove_filter', { name: c.label })}
                  >
                    {c.label}
                    <span aria-hidden="true">×</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link to={clearHref} className="plist__clear" preventScrollReset data-testid="clear-filters">
                  {t('catalog.clear_all')}
                </Link>
              </li>
            </ul>
          ) : null}
          {loading ? (
            <ProductGridSkeleton count={8} />
          ) : products.length === 0 ? (
            <div className="plist__empty" data-testid="empty-state">
              <EmptyIcon />
              <h2>{nothingYet ? t('catalog.none_yet') : (emptyText ?? t('catalog.no_match'))}</h2>
              <p className="muted">
                {nothingYet
                  ? t('catalog.none_yet_hint')
                  : chips.length
                    ? t('catalog.no_match_hint')
                    : t('catalog.no_match_search_hint')}
              </p>
              {nothingYet ? null : chips.length ? (
                <Link to={clearHref} className="btn btn-primary" data-testid="empty-clear-filters">
                  {t('catalog.clear_filters')}
                </Link>
              ) : (
                <Link to="/products" className="btn btn-primary">
                  {t('catalog.browse_all')}
                </Link>
              )}
            </div>
          ) : (
            <ProductGrid products={products} priorityCount={2} testId="product-grid" headingLevel={2} />
          )}
          {!loading ? (
            <Pagination page={page} total={total} perPage={PRODUCTS_PER_PAGE} hrefFor={(n) => hrefWith({ page: String(n) })} />
          ) : null}
        </div>
      </div>
      <Dialog
        open={drawer}
        onClose={closeDrawer}
        title={t('catalog.filters')}
        placement="start"
        closeLabel={t('catalog.close_filters')}
        className="filters-drawer"
        testId="filters-drawer"
      >
        {panel}
        <div className="filters-drawer__foot">
          <button type="button" className="btn btn-primary btn-block" onClick={closeDrawer} data-testid="filters-apply">
            {t('catalog.show_results', { count: total })}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
    </svg>
  );
}

function EmptyIcon() {
  return (
    <svg
      width="56"
      height="56"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
      className="plist__empty-icon"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5M8.5 11h5" strokeLinecap="round" />
    </svg>
  );
}

/** Breadcrumb trail (the JSON-LD twin is built in the route's meta). */
