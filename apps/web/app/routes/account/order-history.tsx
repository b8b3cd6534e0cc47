import type { OrdersAnswer } from '@souq/contracts';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AccountHeading } from '~/features/account/form';
import { BagIcon } from '~/features/account/icons';
import { fetchOrders } from '~/features/orders/api';
import { OrderList, OrderListSkeleton } from '~/features/orders/order-list';
import { isStatusKey, StatusTabs, type TabKey } from '~/features/orders/status';
import { useAuth } from '~/shared/auth-store';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';

export const meta = titleMeta('page.order_history');

const PER_PAGE = 10;

/** /order-history?status=&page=: the customer's orders by status, newest first. */
export default function OrderHistoryPage() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const [params] = useSearchParams();
  const rawStatus = params.get('status');
  const status: TabKey = isStatusKey(rawStatus) ? rawStatus : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [data, setData] = useState<OrdersAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    setLoading(true);
    fetchOrders({ status: status === 'all' ? null : status, page, perPage: PER_PAGE }, locale, ctrl.signal)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [token, status, page, locale, attempt]);

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
      {error && !data ? (
        <div className="acc-empty">
          <p className="acc-error" role="alert">
            {error}
          </p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            {t('account.retry')}
          </button>
        </div>
      ) : loading || !data ? (
        <OrderListSkeleton />
      ) : data.orders.length === 0 ? (
        <div className="acc-empty" data-testid="orders-empty">
          <span className="acc-empty__icon">
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
