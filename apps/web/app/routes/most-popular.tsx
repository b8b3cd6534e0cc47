import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';

import { rootDataOf, metaTranslate } from '~/shared/page';
import { breadcrumbJsonLd, originOf, seoMeta } from '~/shared/seo';
import type { Route } from './+types/most-popular';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProductList(request, context, { sort_type: 'popular_product' });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataOf(matches);
  const t = metaTranslate(root);
  return seoMeta({
    matches,
    title: t('page.most_popular'),
    description: t('catalog.most_popular_description', { app: root?.master.app_name ?? '' }),
    path: '/most-popular',
    jsonLd: [
      breadcrumbJsonLd(originOf(matches), [
        { name: t('page.home'), path: '/' },
        { name: t('page.most_popular'), path: '/most-popular' },
      ]),
    ],
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export default function MostPopularPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return <ProductListScreen data={loaderData} title={t('page.most_popular')} hide={['sort']} testId="most-popular" />;
}
