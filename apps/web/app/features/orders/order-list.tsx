import type { OrderSummary } from '@souq/contracts';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { formatDateTime, PaymentStatusBadge, paymentMethodLabel, StatusBadge } from './status';

/** Orders as rows (a table-like grid on wide screens, cards on phones), each opening its details. */
export function OrderList({ orders, hrefFor }: { orders: OrderSummary[]; hrefFor(order: OrderSummary): string }) {
  const { t, money, locale, master } = useSite();
  return (
    <div className="ord-list" role="table" aria-label={t('orders.list')} data-testid="order-list">
      <div className="ord-row ord-row--head" role="row">
        <span role="columnheader">{t('orders.order_code')}</span>
        <span role="columnheader">{t('orders.date')}</span>
        <span role="columnheader">{t('orders.quantity')}</span>
        <span role="columnheader">{t('orders.amount')}</span>
        <span role="columnheader">{t('orders.payment')}</span>
        <span role="columnheader">{t('orders.status_label')}</span>
        <span role="columnheader">
          <span className="sr-only">{t('orders.details')}</span>
        </span>
      </div>
      {orders.map((o) => (
        <div className="ord-row" role="row" key={o.id} data-testid="order-row" data-order-code={o.order_code}>
          <span role="cell" className="ord-row__code">
            <Link to={hrefFor(o)} className="ord-row__link">
              <bdi dir="ltr">#{o.order_code}</bdi>
            </Link>
          </span>
          <span role="cell" className="ord-row__date muted">
            {formatDateTime(o.created_at, locale)}
          </span>
          <span role="cell" className="ord-row__qty">
            <span className="ord-row__label">{t('orders.quantity')}: </span>
            {t('orders.items_n', { count: o.quantity })}
          </span>
          <span role="cell" className="ord-row__amount">
            <bdi>{money(o.amount)}</bdi>
          </span>
          <span role="cell" className="ord-row__pay">
            <span>{paymentMethodLabel(t, o.payment_method, master.payment_gateways)}</span>
            <PaymentStatusBadge status={o.payment_status} />
          </span>
          <span role="cell" className="ord-row__status">
            <StatusBadge status={o.order_status} />
          </span>
          <span role="cell" className="ord-row__go">
            <Link to={hrefFor(o)} className="btn btn-sm" data-testid="order-view">
              {t('orders.view')}
            </Link>
          </span>
        </div>
      ))}
    </div>
  );
}

export function OrderListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="ord-list" aria-busy="true" data-testid="order-list-loading">
      {Array.from({ length: rows }, (_, i) => (
        <div className="skeleton ord-row-skeleton" key={i} />
      ))}
    </div>
  );
}
