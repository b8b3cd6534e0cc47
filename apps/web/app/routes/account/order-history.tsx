import type { OrdersAnswer } from '@souq/contracts';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { loadAccount, type PageData } from '~/features/account/api';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { BagIcon } from '~/features/account/icons';
import { fetchOrders } from '~/features/orders/api';
import { OrderList, OrderListSkeleton } from '~/features/orders/order-list';
import { isStatusKey, StatusTabs, type TabKey } from '~/features/orders/status';
import { documentLocale } from '~/shared/i18n';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/order-history';

export const meta = titleMeta('page.order_history');

const PER_PAGE = 10;

/** The list's address: `status` (a tab) and `page`. */
function listOf(params: URLSearchParams) {
  const raw = params.get('status');
  const status: TabKey = isStatusKey(raw) ? raw : 'all';
  return { status, page: Math.max(1, Number(params.get('page')) || 1) };
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => {
  const { status, page } = listOf(new URL(request.url).searchParams);
  return loadAccount(() =>
    fetchOrders({ status: status === 'all' ? null : status, page, perPage: PER_PAGE }, documentLocale(), request.signal),
  );
};

export function HydrateFallback() {
  return <OrderHistory />;
}

/** /order-history?status=&page=: the customer's orders by status, newest first. */
export default function OrderHistoryPage({ loaderData }: Route.ComponentProps) {
  return <OrderHistory loaded={loaderData ?? undefined} />;
}

function OrderHistory({ loaded }: { loaded?: PageData<OrdersAnswer> }) {
  const { t } = useSite();
  const [params] = useSearchParams();
  const { status, page } = listOf(params);
  // Another tab or page of the list on its way.
  const loading = useNavigation().location?.pathname === '/order-history';
  const data = loaded?.data;

  const hrefFor = (tab: TabKey, p = 1) => {
    const q = new URLSearchParams();
    if (tab !== 'all') q.set('status', tab);
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return `/order-history${s ? `?${s}` : ''}`;
  };

  return (
    <div data-testid="order-history">
      <AccountHeading title={t('account.order_history')}>
        {data ? <span className="muted">{t('orders.orders_n', { count: data.status_wise_orders.all })}</span> : null}
      </AccountHeading>
      <StatusTabs counts={data?.status_wise_orders} current={status} hrefFor={(k) => hrefFor(k)} />
      {loaded?.error !== undefined ? (
        <LoadFailed message={loaded.error} />
      ) : loading || !data ? (
        <OrderListSkeleton />
      ) : data.orders.length === 0 && data.total > 0 ? (
        // A page past the last one (an old link): say so, and lead back.
        <div className="acc-empty" data-testid="orders-page-past-end">
          <h2 className="acc-empty__title">{t('orders.page_past_end')}</h2>
          <Link to={hrefFor(status, 1)} className="btn btn-primary">
            {t('orders.first_page')}
          </Link>
          <Pagination page={page} total={data.total} perPage={PER_PAGE} hrefFor={(p) => hrefFor(status, p)} />
        </div>
      ) : data.orders.length === 0 ? (
        <div className="acc-empty" data-testid="orders-empty">
          <span className="circle acc-empty__icon">
            <BagIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t(status === 'all' ? 'orders.empty' : 'orders.empty_status')}</h2>
          <p className="muted">{t('orders.empty_text')}</p>
          <Link to="/products" className="btn btn-primary">
            {t('account.browse_products')}
          </Link>
        </div>
      ) : (
        <>
          <OrderList orders={data.orders} hrefFor={(o) => `/order-history/${o.id}`} />
          <Pagination page={page} total={data.total} perPage={PER_PAGE} hrefFor={(p) => hrefFor(status, p)} />
        </>
      )}
    </div>
  );
}
