import { HOME_FEED_PER_PAGE } from '@souq/contracts/constants';
import { fetchHome } from '~/features/catalog/api';
import { AdsRow, BannerCarousel } from '~/features/catalog/home-banners';
import { JustForYou } from '~/features/catalog/home-feed';
import { RecentlyViewed } from '~/features/catalog/home-recent';
import { CategoriesRow, RunningFlashSale, TopShops, UpcomingFlashSale } from '~/features/catalog/home-sections';
import { ProductSection } from '~/features/catalog/product-card';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';
import type { ApiContext } from '~/shared/api';
import { requestLocale } from '~/shared/i18n';
import { rootDataOf, metaTranslate } from '~/shared/page';
import { organizationJsonLd, originOf, seoMeta } from '~/shared/seo';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  return fetchHome({ locale: requestLocale(request), context: context as ApiContext }, { page: 1, per_page: HOME_FEED_PER_PAGE });
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = rootDataOf(matches);
  const t = metaTranslate(root);
  return seoMeta({
    matches,
    title: t('page.home'),
    description: root?.master.web_footer_description || t('catalog.home_description', { app: root?.master.app_name ?? '' }),
    path: '/',
    image: data?.banners[0]?.thumbnail ?? root?.master.web_logo,
    jsonLd: root ? [organizationJsonLd(originOf(matches), root.master)] : [],
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t, master } = useSite();
  const home = loaderData;
  return (
    <div className="container home" data-testid="home">
      <h1 className="sr-only">{master.app_name}</h1>
      <BannerCarousel banners={home.banners} />
      <AdsRow ads={home.ads} />
      <CategoriesRow categories={home.categories} />
      {home.running_flash_sale ? <RunningFlashSale sale={home.running_flash_sale} /> : null}
      {home.incoming_flash_sale ? <UpcomingFlashSale sale={home.incoming_flash_sale} /> : null}
      <TopShops shops={home.shops} />
      <ProductSection
        title={t('catalog.popular_products')}
        products={home.popular_products}
        moreHref="/most-popular"
        priorityCount={home.banners.length ? 0 : 2}
        testId="home-popular"
      />
      <RecentlyViewed />
      <JustForYou initial={home.just_for_you.products} total={home.just_for_you.total} />
    </div>
  );
}
