import { SHOPS_PER_PAGE } from '@souq/contracts/constants';
import { useNavigation } from 'react-router';
import { fetchShops } from '~/features/catalog/api';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { ListSearch, ShopCard } from '~/features/catalog/shop-card';
import { useSite } from '~/shared/site';
import { requestLocale } from '~/shared/i18n';
import { fixedPageMeta } from '~/shared/seo';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/shops';

const pageOf = (v: string | null) => (v && /^\d{1,5}$/.test(v) && Number(v) > 0 ? Number(v) : 1);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = (url.searchParams.get('search') ?? '').trim().slice(0, 100);
  const page = pageOf(url.searchParams.get('page'));
  const data = await fetchShops({ locale: requestLocale(request), context }, { page, per_page: SHOPS_PER_PAGE, search });
  return { ...data, page, search };
}

export const meta = fixedPageMeta('page.shops', 'shop.list_description', '/shops');

export const ErrorBoundary = RouteErrorBoundary;

export default function ShopsPage({ loaderData }: Route.ComponentProps) {
  const { shops, total, page, search } = loaderData;
  const { t } = useSite();
  const loading = useNavigation().state === 'loading';
  const hrefFor = (n: number) => `/shops?${new URLSearchParams({ ...(search ? { search } : {}), page: String(n) })}`;
  return (
    <div className="container shops-page">
      <div className="list-head">
        <div>
          <h1 className="page-title">{t('page.shops')}</h1>
          <p className="muted" data-testid="shops-total">
            {t('shop.total', { count: total })}
          </p>
        </div>
        <ListSearch
          key={search}
          defaultValue={search}
          label={t('shop.search')}
          placeholder={t('shop.search_placeholder')}
          testId="shop-search"
        />
      </div>
      {shops.length === 0 ? (
        <div className="empty-state" data-testid="empty-state">
          <p>{search || page > 1 ? t('shop.none') : t('shop.none_yet')}</p>
        </div>
      ) : (
        <div className={`shop-grid grid-cols dim-while-loading${loading ? ' is-loading' : ''}`} aria-busy={loading}>
          {shops.map((s, i) => (
            <ShopCard key={s.id} shop={s} priority={i < 2} headingLevel={2} />
          ))}
        </div>
      )}
      <Pagination page={page} total={total} perPage={SHOPS_PER_PAGE} hrefFor={hrefFor} />
    </div>
  );
}
