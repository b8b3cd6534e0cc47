import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';

import { pageMeta } from '~/shared/seo';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(request, context);
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ t, app, data }) => {
  const search = data?.params.search;
  const filtered = !!data && Object.keys(data.params).length > 0;
  return {
    title: search ? t('catalog.results_for', { q: search }) : t('page.products'),
    description: t('catalog.products_description', { app }),
    // Filtered and searched variants all point at the clean list; search results stay out of the index.
    path: '/products',
    noindex: !!search,
    crumbs: filtered ? undefined : [{ name: t('page.products'), path: '/products' }],
  };
});

export const ErrorBoundary = RouteErrorBoundary;

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return <ProductListScreen data={loaderData} title={t('page.products')} />;
}
