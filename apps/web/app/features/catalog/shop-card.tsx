import type { Shop } from '@souq/contracts';
import { Form, Link } from 'react-router';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';
import { SearchIcon } from '~/shared/ui/icons';
import { Stars, type CardHeadingLevel } from './product-card';

export function OnlinePill({ status }: { status: 'Online' | 'Offline' }) {
  const { t } = useSite();
  return (
    <span className={status === 'Online' ? 'online-pill is-online' : 'online-pill'} data-testid="shop-status">
      <span className="online-pill__dot" aria-hidden="true" />
      {status === 'Online' ? t('shop.online') : t('shop.offline')}
    </span>
  );
}

export function ShopCard({
  shop,
  priority = false,
  headingLevel = 3,
}: {
  shop: Shop;
  priority?: boolean;
  headingLevel?: CardHeadingLevel;
}) {
  const { t } = useSite();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="shop-card" data-testid="shop-card">
      <Link to={`/shops/${shop.id}`} className="shop-card__link">
        <div className="shop-card__banner">
          <Img src={shop.banner} alt="" width={384} height={128} priority={priority} sizes="(max-width: 640px) 92vw, 384px" />
        </div>
        <div className="shop-card__body">
          <span className="round-logo shop-card__logo">
            <Img src={shop.logo} alt="" width={64} height={64} />
          </span>
          <div className="shop-card__text">
            <Title className="shop-card__name">{shop.name}</Title>
            <div className="shop-card__rating">
              <Stars rating={shop.rating} />
              <span>{shop.rating.toFixed(1)}</span>
              <span className="muted">({shop.total_reviews})</span>
            </div>
            <div className="shop-card__stats muted">
              {t('shop.products_count', { count: shop.total_products })} ·{' '}
              {t('shop.categories_count', { count: shop.total_categories })}
            </div>
          </div>
          <OnlinePill status={shop.shop_status} />
        </div>
      </Link>
    </article>
  );
}

/** A GET search form that keeps the given hidden fields (e.g. the category on a shop page). */
export function ListSearch({
  defaultValue,
  label,
  placeholder,
  hidden = {},
  testId,
}: {
  defaultValue: string;
  label: string;
  placeholder: string;
  hidden?: Record<string, string | undefined>;
  testId?: string;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="search-form list-search" preventScrollReset>
      {Object.entries(hidden).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <input
        type="search"
        name="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        aria-label={label}
        maxLength={100}
        data-testid={testId}
      />
      <button type="submit" className="search-form__button" aria-label={label}>
        <SearchIcon size={18} />
      </button>
    </Form>
  );
}
