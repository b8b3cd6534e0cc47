import { FLASH_SALE_PRODUCTS_PER_PAGE } from '@souq/contracts/constants';
import { useNavigation, useRevalidator } from 'react-router';
import { fetchFlashSale, orNotFound } from '~/features/catalog/api';
import { Countdown } from '~/features/catalog/countdown';
import { ProductGrid, ProductGridSkeleton } from '~/features/catalog/product-card';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';
import { requestLocale } from '~/shared/i18n';
import { pageMeta } from '~/shared/seo';
import { Img } from '~/shared/ui/image';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/flash-sale';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,10}$/.test(params.id)) throw new Response('Not found', { status: 404 });
  const raw = new URL(request.url).searchParams.get('page');
  const page = raw && /^\d{1,5}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
  const data = await orNotFound(
    fetchFlashSale({ locale: requestLocale(request), context }, params.id, {
      page,
      per_page: FLASH_SALE_PRODUCTS_PER_PAGE,
    }),
  );
  return { ...data, page };
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ t, data }) => {
  if (!data) return null;
  const sale = data.flash_sale;
  return {
    title: sale.name,
    description: t('flash.description', { name: sale.name, count: data.total_products }),
    path: `/flash-sale/${sale.id}`,
    image: sale.thumbnail,
    crumbs: [{ name: sale.name, path: `/flash-sale/${sale.id}` }],
  };
});

export const ErrorBoundary = RouteErrorBoundary;

export default function FlashSalePage({ loaderData }: Route.ComponentProps) {
  const { flash_sale: sale, products, total_products, page } = loaderData;
  const { t } = useSite();
  const loading = useNavigation().state === 'loading';
  const revalidator = useRevalidator();
  const refresh = () => {
    if (revalidator.state === 'idle') void revalidator.revalidate();
  };
  return (
    <div className="container flash-page">
      <header className="flash-hero">
        <div className="flash-hero__image">
          <Img src={sale.thumbnail} alt="" width={1280} height={427} priority sizes="(max-width: 1280px) 100vw, 1280px" />
        </div>
        <div className="flash-hero__bar">
          <h1 className="flash-hero__name">⚡ {sale.name}</h1>
          {sale.status === 'upcoming' ? (
            <div className="flash-hero__timer">
              <span>{t('flash.starts_in')}</span>
              <Countdown to={sale.start_date} onEnd={refresh} label={t('flash.starts_in')} />
            </div>
          ) : sale.status === 'running' ? (
            <div className="flash-hero__timer">
              <span>{t('flash.ends_in')}</span>
              <Countdown to={sale.end_date} onEnd={refresh} label={t('flash.ends_in')} />
            </div>
          ) : (
            <p className="flash-hero__ended" data-testid="flash-ended">
              {t('flash.ended')}
            </p>
          )}
        </div>
      </header>
      {sale.status === 'upcoming' ? <p className="muted flash-page__note">{t('flash.upcoming_note')}</p> : null}
      {loading ? (
        <ProductGridSkeleton count={8} />
      ) : products.length ? (
        <ProductGrid products={products} wide priorityCount={0} testId="flash-products" headingLevel={2} />
      ) : (
        <div className="empty-state">
          <p>{t('flash.no_products')}</p>
        </div>
      )}
      <Pagination
        page={page}
        total={total_products}
        perPage={FLASH_SALE_PRODUCTS_PER_PAGE}
        hrefFor={(n) => `/flash-sale/${sale.id}${n > 1 ? `?page=${n}` : ''}`}
      />
    </div>
  );
}
