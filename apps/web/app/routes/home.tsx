import { HOME_FEED_PER_PAGE } from '@souq/contracts/constants';
import { Link } from 'react-router';
import { fetchHome } from '~/features/catalog/api';
import { AdsRow, BannerCarousel } from '~/features/catalog/home-banners';
import { JustForYou } from '~/features/catalog/home-feed';
import { RecentlyViewed } from '~/features/catalog/home-recent';
import { CategoriesRow, RunningFlashSale, TopShops, UpcomingFlashSale } from '~/features/catalog/home-sections';
import { ProductSection } from '~/features/catalog/product-card';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';
import { requestLocale } from '~/shared/i18n';
import { organizationJsonLd, pageMeta } from '~/shared/seo';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  return fetchHome({ locale: requestLocale(request), context }, { page: 1, per_page: HOME_FEED_PER_PAGE });
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ t, app, root, origin, data }) => ({
  title: t('page.home'),
  description: root?.master.web_footer_description || t('catalog.home_description', { app }),
  path: '/',
  image: data?.banners[0]?.thumbnail ?? root?.master.web_logo,
  jsonLd: root ? [organizationJsonLd(origin, root.master)] : [],
}));

export const ErrorBoundary = RouteErrorBoundary;

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t, master } = useSite();
  const home = loaderData;
  // A shop that has just started (SEED_DEMO=false): every section above renders nothing.
  const empty =
    !home.banners.length &&
    !home.categories.length &&
    !home.shops.length &&
    !home.popular_products.length &&
    !home.just_for_you.total &&
    !home.running_flash_sale &&
    !home.incoming_flash_sale;
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
      {empty ? <NewShopWelcome /> : null}
    </div>
  );
}

/** The home page of a marketplace without products yet: says so, and invites sellers. */
function NewShopWelcome() {
  const { t, master } = useSite();
  return (
    <section className="plist__empty home__welcome" data-testid="home-empty" aria-labelledby="home-empty-title">
      <h2 id="home-empty-title">{t('catalog.none_yet')}</h2>
      <p className="muted">{t('catalog.home_empty_text', { app: master.app_name })}</p>
      {master.multi_vendor ? (
        <Link to="/shop/register" className="btn btn-primary">
          {t('catalog.home_empty_action')}
        </Link>
      ) : null}
    </section>
  );
}
