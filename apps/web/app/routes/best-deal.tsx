import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';

import { fixedPageMeta } from '~/shared/seo';
import type { Route } from './+types/best-deal';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(request, context, { deals: '1' });
}

export const meta = fixedPageMeta('page.best_deal', 'catalog.best_deal_description', '/best-deal');

export const ErrorBoundary = RouteErrorBoundary;

export default function BestDealPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return <ProductListScreen data={loaderData} title={t('page.best_deal')} emptyText={t('catalog.no_deals')} testId="best-deal" />;
}
