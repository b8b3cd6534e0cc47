import type { OrderStatusKey, OrderStatusName, StatusWiseOrders } from '@souq/contracts';
import { orderStatusKeyOf, orderStatuses, orderStatusKeys } from '@souq/contracts/constants';
import { Link } from 'react-router';
import { formatDateTime } from '~/shared/dates';
import type { Translate } from '~/shared/i18n';
import { useT } from '~/shared/site';

export type TabKey = 'all' | OrderStatusKey;
export const TAB_KEYS: readonly TabKey[] = ['all', ...orderStatusKeys];

export const isStatusKey = (v: string | null): v is OrderStatusKey =>
  v !== null && (orderStatusKeys as readonly string[]).includes(v);

/** The status after this one in the chain, or null at the end (and after Cancelled). */
export function nextStatus(name: OrderStatusName): OrderStatusName | null {
  const i = orderStatuses.indexOf(name);
  return i >= 0 && i < 5 ? orderStatuses[i + 1]! : null;
}
/** A seller may cancel before Pickup. */
export const sellerMayCancel = (name: OrderStatusName) => ['Pending', 'Confirm', 'Processing'].includes(name);

export const statusLabel = (t: Translate, name: OrderStatusName) => t(`orders.status.${orderStatusKeyOf(name)}`);

export function StatusBadge({ status }: { status: OrderStatusName }) {
  const t = useT();
  return (
    <span className={`ord-badge ord-badge--${orderStatusKeyOf(status)}`} data-testid="order-status">
      {statusLabel(t, status)}
    </span>
  );
}

export function PaymentStatusBadge({ status }: { status: 'Paid' | 'Unpaid' }) {
  const t = useT();
  return (
    <span className={`ord-pay ord-pay--${status.toLowerCase()}`} data-testid="payment-status">
      {t(status === 'Paid' ? 'orders.paid' : 'orders.unpaid')}
    </span>
  );
}

/** The name of a payment method: cash, bank, or a gateway's title from settings. */
export function paymentMethodLabel(
  t: Translate,
  method: string,
  gateways: ReadonlyArray<{ name: string; title: string }>,
): string {
  if (method === 'cash') return t('orders.method.cash');
  if (method === 'bank') return t('orders.method.bank');
  return gateways.find((g) => g.name === method)?.title ?? method;
}

/** Date and time in Oman's time (shared/dates.ts). */
export { formatDateTime };

/** The tabs all, pending … cancelled with their counts; each a link that keeps the list's address. */
export function StatusTabs({
  counts,
  current,
  hrefFor,
}: {
  counts: StatusWiseOrders | undefined;
  current: TabKey;
  hrefFor(tab: TabKey): string;
}) {
  const t = useT();
  return (
    <nav className="ord-tabs" aria-label={t('orders.filter_by_status')}>
      <ul className="ord-tabs__list">
        {TAB_KEYS.map((k) => (
          <li key={k}>
            <Link
              to={hrefFor(k)}
              className={`ord-tab${k === current ? ' is-active' : ''}`}
              aria-current={k === current ? 'page' : undefined}
              data-testid={`status-tab-${k}`}
              preventScrollReset
            >
              <span>{t(k === 'all' ? 'orders.all' : `orders.status.${k}`)}</span>
              <span className="ord-tab__count" data-testid="tab-count">
                {counts ? counts[k] : '–'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
