import type { SellerDashboard } from '@souq/contracts';
import { LOW_STOCK_AT, orderStatusKeys } from '@souq/contracts/constants';
import { Link } from 'react-router';
import { AccountHeading, LoadFailed, type PageData } from '~/features/account';
import { useSite } from '~/shared/site';
import { PlusIcon, ReceiptIcon } from './icons';
import { sellerOrdersHref } from './orders-data';
import { useSeller } from './store';

/** A product's page in the seller centre (its edit form). */
export const sellerProductHref = (id: number) => `/seller/products/${id}`;
export const SELLER_NEW_PRODUCT = '/seller/products/new';

/**
 * /seller: the shop at a glance. Its sales (today, 7 and 30 days), its orders by status (each a way into
 * the orders of that status), its best sellers and the products running out (each a way into the
 * product's form). A shop without orders gets a word of welcome and a way to add a product instead.
 * `data` undefined: loading (the skeleton).
 */
export function SellerDashboardScreen({ data }: { data?: PageData<SellerDashboard> }) {
  const { t } = useSite();
  const seller = useSeller((s) => s.seller);
  const shop = useSeller((s) => s.shop);
  const d = data?.data;

  return (
    <div className="sd" data-testid="seller-dashboard" aria-busy={data ? undefined : true}>
      <AccountHeading title={t('page.seller_dashboard')} />
      {seller && shop ? (
        <p className="muted acc-lead">{t('seller.dash.welcome', { name: seller.name, shop: shop.name })}</p>
      ) : null}
      {data?.error !== undefined ? (
        <LoadFailed message={data.error} />
      ) : !d ? (
        <DashboardSkeleton />
      ) : d.orders.all === 0 ? (
        <>
          <NoOrders />
          {d.low_stock.length ? <LowStock items={d.low_stock} /> : null}
        </>
      ) : (
        <>
          <Sales sales={d.sales} />
          <Orders orders={d.orders} />
          <div className="sd-lists">
            <TopProducts items={d.top_products} />
            <LowStock items={d.low_stock} />
          </div>
        </>
      )}
    </div>
  );
}

function Sales({ sales }: { sales: SellerDashboard['sales'] }) {
  const { t, money } = useSite();
  const figures = [
    ['today', sales.today],
    ['last_7_days', sales.last_7_days],
    ['last_30_days', sales.last_30_days],
  ] as const;
  return (
    <section className="sd-section" aria-labelledby="sd-sales">
      <h2 className="acc-subtitle" id="sd-sales">
        {t('seller.dash.sales')}
      </h2>
      <dl className="sd-sales" data-testid="dash-sales">
        {figures.map(([key, amount]) => (
          <div key={key} className="sd-figure" data-testid={`dash-sales-${key}`}>
            <dt className="sd-figure__label">{t(`seller.dash.${key}`)}</dt>
            <dd className="sd-figure__value">
              <bdi>{money(amount)}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted sd-note">{t('seller.dash.sales_note')}</p>
    </section>
  );
}

function Orders({ orders }: { orders: SellerDashboard['orders'] }) {
  const { t } = useSite();
  return (
    <section className="sd-section" aria-labelledby="sd-orders">
      <div className="acc-heading sd-section__head">
        <h2 className="acc-subtitle" id="sd-orders">
          {t('seller.dash.orders')}
        </h2>
        <Link to={sellerOrdersHref('all')} className="ord-link" data-testid="dash-all-orders">
          {t('seller.dash.see_orders')} ({orders.all})
        </Link>
      </div>
      <ul className="sd-statuses" data-testid="dash-orders">
        {orderStatusKeys.map((k) => (
          <li key={k}>
            <Link to={sellerOrdersHref(k)} className={`sd-status sd-status--${k}`} data-testid={`dash-orders-${k}`}>
              <span className="sd-status__value">{orders[k]}</span>
              <span className="sd-status__label">{t(`orders.status.${k}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TopProducts({ items }: { items: SellerDashboard['top_products'] }) {
  const { t } = useSite();
  return (
    <section className="acc-card sd-list" aria-labelledby="sd-top" data-testid="dash-top-products">
      <h2 className="acc-subtitle" id="sd-top">
        {t('seller.dash.top_products')}
      </h2>
      {items.length ? (
        <ol className="sd-list__items">
          {items.map((p) => (
            <li key={p.id} className="sd-list__item" data-testid="dash-top-product">
              <Link to={sellerProductHref(p.id)} className="sd-list__name">
                {p.name}
              </Link>
              <span className="sd-list__figure">{t('seller.dash.sold', { count: p.total_sold })}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted sd-list__empty">{t('seller.dash.no_sales')}</p>
      )}
    </section>
  );
}

function LowStock({ items }: { items: SellerDashboard['low_stock'] }) {
  const { t } = useSite();
  return (
    <section className="acc-card sd-list" aria-labelledby="sd-low" data-testid="dash-low-stock">
      <h2 className="acc-subtitle" id="sd-low">
        {t('seller.dash.low_stock')}
      </h2>
      <p className="muted sd-note">{t('seller.dash.low_stock_note', { count: LOW_STOCK_AT })}</p>
      {items.length ? (
        <ul className="sd-list__items">
          {items.map((p) => (
            <li key={p.id} className="sd-list__item" data-testid="dash-low-product">
              <Link to={sellerProductHref(p.id)} className="sd-list__name">
                {p.name}
              </Link>
              <span className={`sd-stock${p.quantity === 0 ? ' sd-stock--out' : ''}`}>
                {p.quantity === 0 ? t('seller.dash.out_of_stock') : t('seller.dash.left', { count: p.quantity })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted sd-list__empty">{t('seller.dash.stock_ok', { count: LOW_STOCK_AT })}</p>
      )}
    </section>
  );
}

function NoOrders() {
  const { t } = useSite();
  return (
    <div className="acc-empty sd-empty" data-testid="dash-empty">
      <span className="circle acc-empty__icon">
        <ReceiptIcon size={32} />
      </span>
      <h2 className="acc-empty__title">{t('seller.dash.empty_title')}</h2>
      <p className="muted">{t('seller.dash.empty_text')}</p>
      <Link to={SELLER_NEW_PRODUCT} className="btn btn-primary" data-testid="dash-add-product">
        <PlusIcon size={18} />
        {t('seller.dash.add_product')}
      </Link>
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="sd-skeleton" data-testid="dash-loading">
      <div className="sd-sales">
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton sd-skeleton__figure" />
        ))}
      </div>
      <ul className="sd-statuses">
        {orderStatusKeys.map((k) => (
          <li key={k} className="skeleton sd-skeleton__status" />
        ))}
      </ul>
      <div className="sd-lists">
        <div className="skeleton sd-skeleton__list" />
        <div className="skeleton sd-skeleton__list" />
      </div>
    </div>
  );
}
