import type { Category, FlashSale, FlashSaleWithProducts, Shop } from '@souq/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';
import { Countdown } from './countdown';
import { ProductGrid } from './product-card';
import { SectionHead } from './section-head';
import { ShopCard } from './shop-card';

/** A horizontally scrolling row of categories (links to /categories/{slug}). */
export function CategoriesRow({ categories }: { categories: Category[] }) {
  const { t } = useSite();
  if (categories.length === 0) return null;
  return (
    <section className="section" data-testid="home-categories">
      <SectionHead title={t('catalog.shop_by_category')} moreHref="/categories" />
      {/* A category focused at the row's edge is scrolled wholly into view (the browser leaves one partly
          shown where it is, its focus ring cut by the row). */}
      <ul className="cat-row" onFocus={(e) => e.target.scrollIntoView({ block: 'nearest', inline: 'nearest' })}>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={`/categories/${c.slug}`} className="cat-row__item" prefetch="intent">
              <span className="cat-row__media">
                <Img src={c.thumbnail} alt="" width={72} height={72} />
              </span>
              <span className="cat-row__name">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Top shops (multi-vendor mode only). */
export function TopShops({ shops }: { shops: Shop[] }) {
  const { t, master } = useSite();
  if (!master.multi_vendor || shops.length === 0) return null;
  return (
    <section className="section" data-testid="home-shops">
      <SectionHead title={t('catalog.top_shops')} moreHref="/shops" />
      <div className="home-shops">
        {shops.slice(0, 6).map((s) => (
          <ShopCard key={s.id} shop={s} />
        ))}
      </div>
    </section>
  );
}

/** The running flash sale: its name, a live countdown to its end and its products. */
export function RunningFlashSale({ sale }: { sale: FlashSaleWithProducts }) {
  const { t } = useSite();
  const [ended, setEnded] = useState(false);
  if (ended) return null;
  return (
    <section className="section flash-block" data-testid="home-flash-sale">
      <div className="flash-block__head">
        <div className="flash-block__title">
          <span className="flash-block__badge">{t('catalog.flash_sale')}</span>
          <h2 className="section__title">{sale.name}</h2>
        </div>
        <div className="flash-block__timer">
          <span className="muted">{t('catalog.ends_in')}</span>
          <Countdown to={sale.end_date} label={t('catalog.ends_in')} onEnd={() => setEnded(true)} />
        </div>
        <Link to={`/flash-sale/${sale.id}`} className="section__more">
          {t('catalog.see_all')}
        </Link>
      </div>
      {sale.products.length ? <ProductGrid products={sale.products.slice(0, 10)} wide /> : null}
    </section>
  );
}

/** The next flash sale: a card with a countdown to its start. */
export function UpcomingFlashSale({ sale }: { sale: FlashSale }) {
  const { t } = useSite();
  return (
    <section className="section" data-testid="home-upcoming-flash-sale">
      <Link to={`/flash-sale/${sale.id}`} className="upcoming-sale">
        {sale.thumbnail ? (
          <span className="upcoming-sale__media">
            <Img src={sale.thumbnail} alt="" width={192} height={128} />
          </span>
        ) : null}
        <span className="upcoming-sale__text">
          <span className="flash-block__badge flash-block__badge--soon">{t('catalog.coming_soon')}</span>
          <span className="upcoming-sale__name">{sale.name}</span>
        </span>
        <span className="upcoming-sale__timer">
          <span className="muted">{t('catalog.starts_in')}</span>
          <Countdown to={sale.start_date} label={t('catalog.starts_in')} />
        </span>
      </Link>
    </section>
  );
}
