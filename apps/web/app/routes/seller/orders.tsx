import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { OrderList, OrderListSkeleton } from '~/features/orders/order-list';
import { StatusTabs } from '~/features/orders/status';
import { sellerMeta } from '~/features/seller/meta';
import { SellerOrder, SellerOrderPending } from '~/features/seller/order-panel';
import {
  loadSellerOrders,
  SELLER_ORDERS_PATH,
  SELLER_ORDERS_PER_PAGE,
  sellerOrderAction,
  sellerOrdersHref,
  sellerOrdersParams,
} from '~/features/seller/orders-data';
import { useSite, useT } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/orders';

export const meta = sellerMeta('page.seller_orders');

export const clientLoader = loadSellerOrders;
export const clientAction = sellerOrderAction;

export function HydrateFallback() {
  const t = useT();
  return (
    <div className="seller-orders" data-testid="seller-orders">
      <AccountHeading title={t('seller.orders')} />
      <OrderListSkeleton />
    </div>
  );
}

/** /seller/orders?status=&page=&order=: the shop's orders by status; `order` opens one below the list. */
export default function SellerOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { status, page, orderId, list, order } = loaderData;
  const panel = useRef<HTMLElement>(null);
  // Another order opened from the list: its panel shows a skeleton while the page's loader runs.
  const navigation = useNavigation();
  const next =
    navigation.state === 'loading' && navigation.location.pathname === SELLER_ORDERS_PATH
      ? sellerOrdersParams(new URLSearchParams(navigation.location.search)).orderId
      : null;
  const opening = next !== null && next !== orderId ? next : null;
  const panelId = opening ?? orderId;

  // An order opened from the list comes into view once loaded (below the list on phones).
  useEffect(() => {
    if (orderId) panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [orderId]);

  return (
    <div className="seller-orders" data-testid="seller-orders">
      <AccountHeading title={t('seller.orders')} />
      <StatusTabs counts={list.data?.status_wise_orders} current={status} hrefFor={(k) => sellerOrdersHref(k)} />
      {list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.orders.length === 0 ? (
        <div className="acc-empty" data-testid="orders-empty">
          <h2 className="acc-empty__title">{t(status === 'all' ? 'orders.empty' : 'orders.empty_status')}</h2>
        </div>
      ) : (
        <>
          <OrderList orders={list.data.orders} hrefFor={(o) => sellerOrdersHref(status, page, o.id)} />
          <Pagination
            page={page}
            total={list.data.total}
            perPage={SELLER_ORDERS_PER_PAGE}
            hrefFor={(p) => sellerOrdersHref(status, p)}
          />
        </>
      )}
      {panelId !== null ? (
        <section className="acc-card seller-order-panel" ref={panel}>
          {opening !== null || !order ? (
            <SellerOrderPending />
          ) : order.data ? (
            <SellerOrder key={order.data.id} order={order.data} />
          ) : (
            <SellerOrderPending error={order.error} />
          )}
        </section>
      ) : null}
    </div>
  );
}
