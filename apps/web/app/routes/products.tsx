import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';

import { rootDataOf, metaTranslate } from '~/shared/page';
import { breadcrumbJsonLd, originOf, seoMeta } from '~/shared/seo';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(request, context);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = rootDataOf(matches);
  const t = metaTranslate(root);
  const search = data?.params.search;
  const filtered = !!data && Object.keys(data.params).length > 0;
  return seoMeta({
    matches,
    title: search ? t('catalog.results_for', { q: search }) : t('page.products'),
    description: t('catalog.products_description', { app: root?.master.app_name ?? '' }),
    // Filtered and searched variants all point at the clean list; search results stay out of the index.
    path: '/products',
    noindex: !!search,
    jsonLd: filtered
      ? []
      : [
          breadcrumbJsonLd(originOf(matches), [
            { name: t('page.home'), path: '/' },
            { name: t('page.products'), path: '/products' },
          ]),
        ],
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return <ProductListScreen data={loaderData} title={t('page.products')} />;
}
