import type { ProductDetail } from '@souq/contracts';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';
import { StoreIcon } from '~/shared/ui/icons';
import { Stars } from './product-card';

/**
 * The product page's card of the shop that sells it: logo, name, rating, delivery time and what delivery
 * of this item costs, and a "Visit store" link to the shop's page.
 */
export function ProductShopCard({ shop }: { shop: ProductDetail['shop'] }) {
  const { t, money } = useSite();
  return (
    <section className="seller-card" aria-labelledby="seller-card-name" data-testid="product-shop-card">
      <span className="round-logo seller-card__logo">
        <Img src={shop.logo} alt="" width={56} height={56} />
      </span>
      <div className="seller-card__text">
        <p className="seller-card__label muted">{t('shop_card.title')}</p>
        <h2 className="seller-card__name" id="seller-card-name">
          {shop.name}
        </h2>
        <div className="seller-card__rating">
          <Stars rating={shop.rating} />
          <span>{shop.rating.toFixed(1)}</span>
        </div>
        <ul className="seller-card__facts muted">
          {shop.estimated_delivery_time ? <li>{t('product.delivery_in', { time: shop.estimated_delivery_time })}</li> : null}
          <li data-testid="delivery-charge">
            {shop.delivery_charge > 0
              ? t('shop_card.delivery_charge', { price: money(shop.delivery_charge) })
              : t('shop_card.free_delivery')}
          </li>
        </ul>
      </div>
      <Link to={`/shops/${shop.id}`} className="btn btn-sm seller-card__visit" data-testid="visit-store">
        <StoreIcon size={18} />
        {t('shop_card.visit_store')}
      </Link>
    </section>
  );
}
