import type { CSSProperties } from 'react';
import type { Product } from '@souq/contracts';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { FavoriteButton } from '~/features/wishlist';
import { useAddToCart } from '~/features/cart';
import { CartIcon } from '~/shared/ui/icons';
import { Img } from '~/shared/ui/image';
import { SectionHead } from './section-head';

/**
 * Five stars filled to the rating (0-5), with the number for screen readers. Drawn by CSS (a star mask
 * over a two-colour gradient), not with the ★ character: no web font has it, and looking up a system font
 * for each of the hundreds of stars on a list page made the first layout markedly slower.
 */
export function Stars({ rating, size = 14, decorative = false }: { rating: number; size?: number; decorative?: boolean }) {
  const { t } = useSite();
  const pct = Math.max(0, Math.min(100, (rating / 5) * 100));
  const style = { fontSize: size, '--stars-fill': `${pct}%` } as CSSProperties;
  const a11y = decorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': t('catalog.rating_of', { rating: rating.toFixed(1) }) } as const);
  return <span className="stars" style={style} {...a11y} />;
}

/** Price, the struck regular price and the percentage when discounted, in the selected currency. */
export function PriceTag({
  product,
  extra = 0,
  large = false,
}: {
  product: Pick<Product, 'price' | 'discount_price' | 'discount_percentage'>;
  extra?: number;
  large?: boolean;
}) {
  const { money, t } = useSite();
  const discounted = product.discount_price > 0;
  const now = (discounted ? product.discount_price : product.price) + extra;
  return (
    <span className={large ? 'price price--large' : 'price'}>
      <span className="price__now" data-testid="price">
        {money(now)}
      </span>
      {discounted ? (
        <>
          <del
            className="price__was"
            data-testid="price"
            aria-label={t('catalog.was_price', { price: money(product.price + extra) })}
          >
            {money(product.price + extra)}
          </del>
          <span className="price__off">-{product.discount_percentage}%</span>
        </>
      ) : null}
    </span>
  );
}

/** The level of a card's title: 3 under a section's h2 (the default), 2 when the list sits right under the page's h1. */
export type CardHeadingLevel = 2 | 3;

export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: {
  product: Product;
  priority?: boolean;
  headingLevel?: CardHeadingLevel;
}) {
  const { t } = useSite();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const href = `/products/${product.id}/details`;
  const soldOut = product.quantity <= 0;
  return (
    <article className="tile product-card" data-testid="product-card" data-product-id={product.id}>
      <Link to={href} className="product-card__media" prefetch="intent" tabIndex={-1} aria-hidden="true">
        <Img src={product.thumbnail} alt="" width={256} height={256} priority={priority} sizes="(max-width: 640px) 45vw, 240px" />
        {product.discount_percentage > 0 ? <span className="product-card__badge">-{product.discount_percentage}%</span> : null}
        {soldOut ? <span className="product-card__soldout">{t('catalog.out_of_stock')}</span> : null}
      </Link>
      <FavoriteButton productId={product.id} initial={product.is_favorite} className="product-card__fav" />
      <div className="product-card__body">
        <Title className="product-card__name">
          <Link to={href} prefetch="intent">
            {product.name}
          </Link>
        </Title>
        <div className="product-card__rating">
          <Stars rating={product.rating} />
          <span className="muted">({product.total_reviews})</span>
        </div>
        <PriceTag product={product} />
        <div className="product-card__shop muted">{product.shop.name}</div>
        <QuickAdd product={product} href={href} soldOut={soldOut} />
      </div>
    </article>
  );
}

/**
 * Quick add for a product without a colour or size to choose; the others open the product page, where
 * the choice is made (decision 018).
 */
function QuickAdd({ product, href, soldOut }: { product: Product; href: string; soldOut: boolean }) {
  const { t } = useSite();
  const { add, busy } = useAddToCart();
  if (product.colors.length || product.sizes.length)
    return (
      <Link to={href} className="btn btn-sm btn-ghost product-card__cart" data-testid="choose-options">
        {t('cart.choose_options')}
      </Link>
    );
  return (
    <button
      type="button"
      className="btn btn-sm btn-primary product-card__cart"
      disabled={soldOut || busy !== null}
      aria-busy={busy !== null || undefined}
      aria-label={`${t('product.add_to_cart')}: ${product.name}`}
      onClick={() => add(product)}
      data-testid="quick-add"
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : <CartIcon size={16} />}
      {t('product.add_to_cart')}
    </button>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
  testId,
  wide = false,
  row = false,
  headingLevel,
}: {
  products: Product[];
  priorityCount?: number;
  testId?: string;
  /** Five columns on wide screens (full-width pages without a sidebar). */
  wide?: boolean;
  /** One line that scrolls sideways at every width (with `wide`). */
  row?: boolean;
  headingLevel?: CardHeadingLevel;
}) {
  return (
    <div
      className={`product-grid grid-cols${wide ? ' product-grid--wide' : ''}${row ? ' product-grid--row' : ''}`}
      data-testid={testId}
    >
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} priority={i < priorityCount} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

export function ProductGridSkeleton({ count = 8, wide = false, row = false }: { count?: number; wide?: boolean; row?: boolean }) {
  return (
    <div
      className={`product-grid grid-cols${wide ? ' product-grid--wide' : ''}${row ? ' product-grid--row' : ''}`}
      aria-hidden="true"
      data-testid="product-grid-skeleton"
    >
      {Array.from({ length: count }, (_, i) => (
        <div className="tile product-card product-card--skeleton" key={i}>
          <div className="product-card__media skeleton" />
          <div className="product-card__body">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A titled row of products with an optional "see all" link. */
export function ProductSection({
  title,
  products,
  moreHref,
  priorityCount = 0,
  testId,
}: {
  title: string;
  products: Product[];
  moreHref?: string;
  priorityCount?: number;
  testId?: string;
}) {
  if (products.length === 0) return null;
  return (
    <section className="section" data-testid={testId}>
      <SectionHead title={title} moreHref={moreHref} />
      <ProductGrid products={products} priorityCount={priorityCount} wide />
    </section>
  );
}
