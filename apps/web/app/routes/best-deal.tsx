import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';

import { rootDataOf, metaTranslate } from '~/shared/page';
import { breadcrumbJsonLd, originOf, seoMeta } from '~/shared/seo';
import type { Route } from './+types/best-deal';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(request, context, { deals: '1' });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  const t = metaTranslate(root);
  return seoMeta({
    matches,
    title: t('page.best_deal'),
    description: t('catalog.best_deal_description', { app: root?.master.app_name ?? '' }),
    path: '/best-deal',
    jsonLd: [
      breadcrumbJsonLd(originOf(matches), [
        { name: t('page.home'), path: '/' },
        { name: t('page.best_deal'), path: '/best-deal' },
      ]),
    ],
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export default function BestDealPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return <ProductListScreen data={loaderData} title={t('page.best_deal')} emptyText={t('catalog.no_deals')} testId="best-deal" />;
}
