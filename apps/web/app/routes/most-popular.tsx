import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';

import { fixedPageMeta } from '~/shared/seo';
import type { Route } from './+types/most-popular';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(request, context, { sort_type: 'popular_product' });
}

export const meta = fixedPageMeta('page.most_popular', 'catalog.most_popular_description', '/most-popular');

export const ErrorBoundary = RouteErrorBoundary;

export default function MostPopularPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return <ProductListScreen data={loaderData} title={t('page.most_popular')} hide={['sort']} testId="most-popular" />;
}
