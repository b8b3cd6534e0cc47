import { PRODUCTS_PER_PAGE, REVIEWS_PER_PAGE } from '@souq/contracts/constants';
import { parseProductQuery } from '@souq/contracts/product-query';
import { Link, useNavigation } from 'react-router';
import { fetchProducts, fetchReviews, fetchShop, fetchShopCategories, orNotFound } from '~/features/catalog/api';
import { ProductGrid, ProductGridSkeleton, Stars } from '~/features/catalog/product-card';
import { ReviewsSection } from '~/features/catalog/product-reviews';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { ListSearch, OnlinePill } from '~/features/catalog/shop-card';
import { ChatBubbleIcon, openChat } from '~/features/chat';
import { useSite } from '~/shared/site';
import { requestLocale } from '~/shared/i18n';
import { pageMeta } from '~/shared/seo';
import { Img } from '~/shared/ui/image';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/shop-detail';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,10}$/.test(params.id)) throw new Response('Not found', { status: 404 });
  // The shop's list reads its address as every product list does (invalid values left out).
  const { query: q } = parseProductQuery(new URL(request.url).searchParams);
  const search = q.search ?? '';
  const categoryId = q.category_id;
  const page = q.page ?? 1;
  const o = { locale: requestLocale(request), context };
  const shop = await orNotFound(fetchShop(o, params.id));
  const [categories, products, reviews] = await Promise.all([
    fetchShopCategories(o, shop.id),
    fetchProducts(o, {
      shop_id: shop.id,
      search: search || undefined,
      category_id: categoryId,
      page,
      per_page: PRODUCTS_PER_PAGE,
    }),
    fetchReviews(o, { shop_id: shop.id, per_page: REVIEWS_PER_PAGE }).catch(() => null),
  ]);
  return { shop, categories, products, reviews, search, categoryId: categoryId ?? null, page };
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ t, data }) => {
  if (!data) return null;
  const { shop } = data;
  return {
    title: shop.name,
    description: shop.short_description ?? shop.name,
    path: `/shops/${shop.id}`,
    image: shop.banner ?? shop.logo,
    crumbs: [
      { name: t('page.shops'), path: '/shops' },
      { name: shop.name, path: `/shops/${shop.id}` },
    ],
  };
});

export const ErrorBoundary = RouteErrorBoundary;

export default function ShopDetailPage({ loaderData }: Route.ComponentProps) {
  const { shop, categories, products, reviews, search, categoryId, page } = loaderData;
  const { t, locale } = useSite();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === `/shops/${shop.id}`;
  const query = (patch: Record<string, string | number | null>) => {
    const q = new URLSearchParams();
    const next = { search: search || null, category_id: categoryId, page: null, ...patch };
    for (const [k, v] of Object.entries(next)) if (v !== null && v !== '' && !(k === 'page' && v === 1)) q.set(k, String(v));
    const s = q.toString();
    return `/shops/${shop.id}${s ? `?${s}` : ''}`;
  };

  return (
    <div className="shop-page" key={shop.id}>
      <div className="container">
        <div className="shop-hero">
          <div className="shop-hero__banner">
            <Img
              src={shop.banner ?? shop.banners[0]?.thumbnail}
              alt=""
              width={1280}
              height={320}
              priority
              sizes="(max-width: 1280px) 100vw, 1280px"
            />
          </div>
          <div className="shop-hero__card">
            <span className="round-logo shop-hero__logo">
              <Img src={shop.logo} alt="" width={96} height={96} priority />
            </span>
            <div className="shop-hero__text">
              <h1 className="shop-hero__name">{shop.name}</h1>
              <div className="shop-hero__meta">
                <Stars rating={shop.rating} size={15} />
                <span>{shop.rating.toFixed(1)}</span>
                <span className="muted">({t('product.reviews_count', { count: shop.total_reviews })})</span>
                <OnlinePill status={shop.shop_status} />
              </div>
              {shop.short_description ? <p className="shop-hero__short">{shop.short_description}</p> : null}
              {shop.is_open === false ? (
                <p className="shop-closed" role="status" data-testid="shop-closed">
                  {t('shop.closed_notice')}
                </p>
              ) : null}
              <button
                type="button"
                className="btn btn-sm btn-primary shop-hero__chat"
                onClick={() =>
                  openChat({
                    shop: { id: shop.id, name: shop.name, logo: shop.logo },
                    online: shop.shop_status === 'Online',
                    locale,
                  })
                }
                data-testid="shop-chat"
              >
                <ChatBubbleIcon size={18} />
                {t('chat.chat_with_shop')}
              </button>
              <ul className="shop-hero__facts muted">
                <li>{t('shop.products_count', { count: shop.total_products })}</li>
                {shop.estimated_delivery_time ? (
                  <li>{t('product.delivery_in', { time: shop.estimated_delivery_time })}</li>
                ) : null}
                {shop.address ? <li>{shop.address}</li> : null}
              </ul>
            </div>
          </div>
        </div>

        <section className="section" aria-labelledby="shop-products-title">
          <div className="list-head">
            <h2 className="section__title" id="shop-products-title">
              {t('shop.products')} <span className="muted">({products.total})</span>
            </h2>
            <ListSearch
              key={search}
              defaultValue={search}
              label={t('shop.search_products')}
              placeholder={t('shop.search_products')}
              hidden={{ category_id: categoryId ? String(categoryId) : undefined }}
              testId="shop-product-search"
            />
          </div>
          {categories.length > 1 ? (
            <nav className="chips shop-cats" aria-label={t('shop.categories')}>
              <Link
                to={query({ category_id: null })}
                className={categoryId ? 'chip' : 'chip is-active'}
                aria-current={categoryId ? undefined : 'true'}
                preventScrollReset
              >
                {t('shop.all_categories')}
              </Link>
              {categories.map((c) => (
                <Link
                  key={c.id}
                  to={query({ category_id: c.id })}
                  className={categoryId === c.id ? 'chip is-active' : 'chip'}
                  aria-current={categoryId === c.id ? 'true' : undefined}
                  data-testid="shop-category"
                  preventScrollReset
                >
                  {c.name} <span className="muted">{c.total_products}</span>
                </Link>
              ))}
            </nav>
          ) : null}
          {loading ? (
            <ProductGridSkeleton count={8} />
          ) : products.products.length ? (
            <ProductGrid products={products.products} testId="shop-products" />
          ) : (
            <div className="empty-state" data-testid="empty-state">
              <p>{t('shop.no_products')}</p>
            </div>
          )}
          <Pagination page={page} total={products.total} perPage={PRODUCTS_PER_PAGE} hrefFor={(n) => query({ page: n })} />
        </section>

        {shop.description ? (
          <section className="section" aria-labelledby="shop-about-title">
            <h2 className="section__title" id="shop-about-title">
              {t('shop.about')}
            </h2>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: shop.description }} />
          </section>
        ) : null}

        {reviews ? (
          <ReviewsSection
            id="shop-reviews"
            target={{ shop_id: shop.id }}
            summary={reviews.average_rating_percentage}
            initial={reviews.reviews}
            total={reviews.total}
            perPage={REVIEWS_PER_PAGE}
          />
        ) : null}
      </div>
    </div>
  );
}
