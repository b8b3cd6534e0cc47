import type { ProductDetail } from '@souq/contracts';
import { REVIEWS_PER_PAGE } from '@souq/contracts/constants';
import { useEffect, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { fetchProductDetails, fetchReviews, orNotFound, recordProductView } from '~/features/catalog/api';
import { Countdown } from '~/features/catalog/countdown';
import { PriceTag, ProductSection, Stars } from '~/features/catalog/product-card';
import { ProductGallery } from '~/features/catalog/product-gallery';
import { ReviewsSection } from '~/features/catalog/product-reviews';
import { ProductShopCard } from '~/features/catalog/product-shop-card';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { ShareMenu } from '~/features/catalog/share-menu';
import { useAddToCart } from '~/features/cart/actions';
import { ChatBubbleIcon, isRecentlySeen, openChat } from '~/features/chat';
import { useSite } from '~/shared/site';
import { FavoriteButton } from '~/features/wishlist/favorite-button';
import { useAuth } from '~/shared/auth-store';
import { requestLocale } from '~/shared/i18n';
import type { RootData } from '~/shared/root-data';
import { localisedUrl, pageMeta, productJsonLd } from '~/shared/seo';
import type { Route } from './+types/product-details';
import { Breadcrumbs } from '~/shared/ui/breadcrumbs';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!/^\d{1,10}$/.test(params.id)) throw new Response('Not found', { status: 404 });
  const o = { locale: requestLocale(request), context };
  const [details, reviews] = await Promise.all([
    orNotFound(fetchProductDetails(o, params.id)),
    fetchReviews(o, { product_id: Number(params.id), per_page: REVIEWS_PER_PAGE }).catch(() => null),
  ]);
  return { ...details, reviews };
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ origin, data }) => {
  if (!data) return null;
  const p = data.product;
  return {
    title: p.meta_title || p.name,
    description: p.meta_description || p.short_description || p.name,
    path: `/products/${p.id}/details`,
    image: p.thumbnail,
    type: 'product',
    jsonLd: [productJsonLd(origin, { ...p, images: p.thumbnails.filter((m) => m.type === 'image').map((m) => m.url) })],
    // A switched-off category has no page: left out of the trail search engines read.
    crumbs: [
      ...(p.category.is_active ? [{ name: p.category.name, path: `/categories/${p.category.slug}` }] : []),
      { name: p.name, path: `/products/${p.id}/details` },
    ],
  };
});

export const ErrorBoundary = RouteErrorBoundary;

function StockState({ quantity, closed }: { quantity: number; closed: boolean }) {
  const { t } = useSite();
  if (closed)
    return (
      <span className="stock stock--out" data-testid="stock">
        {t('shop.closed_short')}
      </span>
    );
  if (quantity <= 0)
    return (
      <span className="stock stock--out" data-testid="stock">
        {t('catalog.out_of_stock')}
      </span>
    );
  if (quantity <= 5)
    return (
      <span className="stock stock--low" data-testid="stock">
        {t('product.only_left', { count: quantity })}
      </span>
    );
  return (
    <span className="stock stock--in" data-testid="stock">
      {t('product.in_stock')}
    </span>
  );
}

function Variants({
  product,
  color,
  size,
  onColor,
  onSize,
}: {
  product: ProductDetail;
  color: number | null;
  size: number | null;
  onColor(id: number): void;
  onSize(id: number): void;
}) {
  const { t, money } = useSite();
  const chosenColor = product.colors.find((c) => c.id === color);
  return (
    <>
      {product.colors.length ? (
        <fieldset className="variant">
          <legend className="variant__label">
            {t('product.color')}: <strong>{chosenColor?.name}</strong>
          </legend>
          <div className="variant__options" role="radiogroup" aria-label={t('product.color')}>
            {product.colors.map((c) => (
              <label
                key={c.id}
                className={c.id === color ? 'swatch is-selected' : 'swatch'}
                title={c.name}
                data-testid="color-option"
              >
                <input
                  type="radio"
                  name="color"
                  value={c.id}
                  checked={c.id === color}
                  onChange={() => onColor(c.id)}
                  className="sr-only"
                />
                <span className="swatch__dot" style={{ background: c.color_code }} aria-hidden="true" />
                <span className="sr-only">
                  {c.name}
                  {c.price > 0 ? ` (+${money(c.price)})` : ''}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {product.sizes.length ? (
        <fieldset className="variant">
          <legend className="variant__label">{t('product.size')}</legend>
          <div className="variant__options" role="radiogroup" aria-label={t('product.size')}>
            {product.sizes.map((s) => (
              <label key={s.id} className={s.id === size ? 'size-option is-selected' : 'size-option'} data-testid="size-option">
                <input
                  type="radio"
                  name="size"
                  value={s.id}
                  checked={s.id === size}
                  onChange={() => onSize(s.id)}
                  className="sr-only"
                />
                <span>{s.name}</span>
                {s.price > 0 ? <small className="muted">+{money(s.price)}</small> : null}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

/** A signed-in customer's visit joins their recently viewed products (the page was rendered for a guest). */
function useRecordView(productId: number) {
  const { locale } = useSite();
  const token = useAuth((s) => s.token);
  useEffect(() => {
    if (!token) return;
    // eslint-disable-next-line souq/no-api-in-effect -- beacon: records the visit among the customer's recently viewed
    recordProductView({ locale, token }, productId).catch((e: unknown) => console.warn('view not recorded', e));
  }, [productId, token, locale]);
}

export default function ProductDetailsPage({ loaderData }: Route.ComponentProps) {
  const { product, related_products, popular_products, reviews } = loaderData;
  const { t, locale, master } = useSite();
  const origin = useRouteLoaderData<RootData>('root')?.origin ?? '';
  useRecordView(product.id);
  // The API's popular products are this shop's others first; site-wide ones only fill up a small shop.
  const fromShop = popular_products.filter((p) => p.shop.id === product.shop.id);
  const [color, setColor] = useState<number | null>(product.colors[0]?.id ?? null);
  const [size, setSize] = useState<number | null>(product.sizes[0]?.id ?? null);
  const [qty, setQty] = useState(1);
  const extra = (product.colors.find((c) => c.id === color)?.price ?? 0) + (product.sizes.find((s) => s.id === size)?.price ?? 0);
  const max = Math.max(1, product.quantity);
  // A shop its seller has closed sells nothing for now (issue 36); older answers have no shop_open.
  const closed = product.shop_open === false;
  const soldOut = product.quantity <= 0 || closed;
  const { add, busy } = useAddToCart();
  const buy = (buyNow: boolean) => add(product, { quantity: qty, color, size, buyNow });

  return (
    <div className="container product-page" key={product.id}>
      <Breadcrumbs
        items={[
          { name: t('page.home'), href: '/' },
          // A switched-off category is named, not linked: it has no page (decision 049).
          product.category.is_active
            ? { name: product.category.name, href: `/categories/${product.category.slug}` }
            : { name: product.category.name },
          { name: product.name },
        ]}
      />

      <div className="product-page__top">
        <ProductGallery name={product.name} media={product.thumbnails} fallback={product.thumbnail} />

        <div className="product-page__info">
          <h1 className="product-page__name">{product.name}</h1>
          <div className="product-page__meta">
            <a href="#reviews" className="product-page__rating">
              <Stars rating={product.rating} size={16} />
              <span>{product.rating.toFixed(1)}</span>
              <span className="muted">({t('product.reviews_count', { count: product.total_reviews })})</span>
            </a>
            <span className="muted">·</span>
            <span className="muted">{t('product.sold_count', { count: product.total_sold })}</span>
            <ShareMenu
              url={localisedUrl(`${origin}/products/${product.id}/details`, locale)}
              title={product.name}
              text={t('share.text', { name: product.name, app: master.app_name })}
            />
          </div>

          {product.flash_sale ? (
            <Link to={`/flash-sale/${product.flash_sale.id}`} className="flash-strip">
              <span className="flash-strip__name">⚡ {product.flash_sale.name}</span>
              <span className="flash-strip__ends">
                {t('product.flash_ends_in')} <Countdown to={product.flash_sale.end_date} />
              </span>
            </Link>
          ) : null}

          <div className="product-page__price" data-testid="product-price">
            <PriceTag product={product} extra={extra} large />
          </div>

          <dl className="product-page__facts">
            <div>
              <dt>{t('product.availability')}</dt>
              <dd>
                <StockState quantity={product.quantity} closed={closed} />
              </dd>
            </div>
            {product.brand ? (
              <div>
                <dt>{t('product.brand')}</dt>
                <dd>{product.brand}</dd>
              </div>
            ) : null}
          </dl>

          {product.short_description ? <p className="product-page__short">{product.short_description}</p> : null}
          {closed ? (
            <p className="shop-closed" role="status" data-testid="shop-closed">
              {t('shop.closed_notice')}
            </p>
          ) : null}

          <Variants product={product} color={color} size={size} onColor={setColor} onSize={setSize} />

          <div className="product-page__buy">
            <div className="qty" role="group" aria-label={t('product.quantity')}>
              <button
                type="button"
                onClick={() => setQty((q) => Math.max(1, q - 1))}
                disabled={qty <= 1}
                aria-label={t('product.decrease')}
              >
                −
              </button>
              <output aria-live="polite" data-testid="quantity">
                {qty}
              </output>
              <button
                type="button"
                onClick={() => setQty((q) => Math.min(max, q + 1))}
                disabled={qty >= max}
                aria-label={t('product.increase')}
              >
                +
              </button>
            </div>
            <div className="product-page__actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={soldOut || busy !== null}
                aria-busy={busy === 'cart' || undefined}
                onClick={() => void buy(false)}
                data-testid="add-to-cart"
              >
                {busy === 'cart' ? <span className="spinner" aria-hidden="true" /> : null}
                {t('product.add_to_cart')}
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={soldOut || busy !== null}
                aria-busy={busy === 'now' || undefined}
                onClick={() => void buy(true)}
                data-testid="buy-now"
              >
                {busy === 'now' ? <span className="spinner" aria-hidden="true" /> : null}
                {t('product.buy_now')}
              </button>
              <FavoriteButton productId={product.id} initial={product.is_favorite} className="product-page__fav" />
            </div>
          </div>
          <button
            type="button"
            className="btn btn-ghost product-page__chat"
            onClick={() =>
              openChat({
                shop: { id: product.shop.id, name: product.shop.name, logo: product.shop.logo },
                online: isRecentlySeen(product.shop.last_online),
                product: {
                  id: product.id,
                  name: product.name,
                  thumbnail: product.thumbnail,
                  price: product.price,
                  discount_price: product.discount_price,
                  rating: product.rating,
                  total_reviews: product.total_reviews,
                },
                locale,
              })
            }
            data-testid="product-chat"
          >
            <ChatBubbleIcon size={18} />
            {t('chat.chat_with_shop')}
          </button>

          <ProductShopCard shop={product.shop} />
        </div>
      </div>

      {product.description ? (
        <section className="section product-page__description" aria-labelledby="description-title">
          <h2 className="section__title" id="description-title">
            {t('product.description')}
          </h2>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.description }} />
        </section>
      ) : null}

      {reviews ? (
        <ReviewsSection
          target={{ product_id: product.id }}
          summary={reviews.average_rating_percentage}
          initial={reviews.reviews}
          total={reviews.total}
          perPage={REVIEWS_PER_PAGE}
        />
      ) : null}

      <ProductSection title={t('product.related')} products={related_products} testId="related-products" />
      {fromShop.length ? (
        <ProductSection
          title={t('product.more_from_shop', { shop: product.shop.name })}
          products={fromShop}
          moreHref={`/shops/${product.shop.id}`}
          testId="popular-products"
        />
      ) : (
        <ProductSection
          title={t('product.popular')}
          products={popular_products}
          moreHref="/most-popular"
          testId="popular-products"
        />
      )}
    </div>
  );
}
