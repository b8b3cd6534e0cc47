import type { OrderDetail, OrderStatusName } from '@souq/contracts';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { AccountHeading } from '~/features/account';
import { formatDateTime, nextStatus, OrderBody, sellerMayCancel, StatusBadge, statusLabel } from '~/features/orders';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { useOnAnswer } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { SellerOrderAnswer } from './orders-data';

/** The panel of an order not shown yet (its loader runs), or one that could not be read. */
export function SellerOrderPending({ error }: { error?: string }) {
  return error !== undefined ? (
    <p className="acc-error" role="alert" data-testid="seller-order-error">
      {error}
    </p>
  ) : (
    <div className="skeleton ord-skel ord-skel--body" aria-busy="true" />
  );
}

/**
 * One order of the shop with the buttons for its next status, Cancel (before Pickup) and, for a bank
 * transfer awaited, "transfer received". Each is the page's action (`intent`), after which the order and
 * the list are loaded again; a refusal shows in the order.
 */
export function SellerOrder({ order }: { order: OrderDetail }) {
  const { t, locale, money } = useSite();
  const fetcher = useFetcher<SellerOrderAnswer>();
  const [asking, setAsking] = useState<'cancel' | 'paid' | null>(null);
  const busy = fetcher.state !== 'idle';
  const moving = busy && fetcher.formData?.get('status') !== 'Cancelled' && fetcher.formData?.get('intent') === 'status';
  const error = fetcher.state === 'idle' ? fetcher.data?.error : undefined;

  useOnAnswer(fetcher.data, (answer) => {
    setAsking(null);
    if (!answer.error) toast.success(t(answer.intent === 'paid' ? 'seller.payment_recorded' : 'seller.status_updated'));
  });
  const move = (status: OrderStatusName) => void fetcher.submit({ intent: 'status', id: order.id, status }, { method: 'post' });
  const markPaid = () => void fetcher.submit({ intent: 'paid', id: order.id }, { method: 'post' });

  // A bank transfer the shop is waiting for (decision 023).
  const awaitingTransfer =
    order.payment_method === 'bank' && order.payment_status === 'Unpaid' && order.order_status !== 'Cancelled';
  // An online payment not made yet: the order is not the shop's to take on (the server refuses it too).
  const awaitingOnline = order.payment_method !== 'cash' && order.payment_method !== 'bank' && order.payment_status === 'Unpaid';
  const next = awaitingOnline ? null : nextStatus(order.order_status);
  return (
    <article className="seller-order" data-testid="seller-order" aria-labelledby="seller-order-title">
      <AccountHeading
        title={
          <span id="seller-order-title">
            {t('orders.order_n', { code: '' })}
            <bdi dir="ltr">{order.order_code}</bdi>
          </span>
        }
      >
        <StatusBadge status={order.order_status} />
      </AccountHeading>
      <p className="muted acc-lead">
        {formatDateTime(order.created_at, locale)} · {t('seller.customer')}: <bdi>{order.customer.name}</bdi>
        {order.customer.phone ? (
          <>
            {' '}
            <bdi dir="ltr">{order.customer.phone}</bdi>
          </>
        ) : null}
      </p>
      {error ? (
        <p className="acc-error" role="alert" data-testid="seller-order-error">
          {error}
        </p>
      ) : null}
      <div className="ord-actions">
        {next ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => move(next)} data-testid="seller-next">
            {moving ? <span className="spinner" aria-hidden="true" /> : null}
            {t('seller.move_to', { status: statusLabel(t, next) })}
          </button>
        ) : null}
        {sellerMayCancel(order.order_status) ? (
          <button
            type="button"
            className="btn acc-btn-danger-outline"
            disabled={busy}
            onClick={() => setAsking('cancel')}
            data-testid="seller-cancel"
          >
            {t('seller.cancel_order')}
          </button>
        ) : null}
        {awaitingTransfer ? (
          <button type="button" className="btn" disabled={busy} onClick={() => setAsking('paid')} data-testid="seller-mark-paid">
            {t('seller.mark_paid')}
          </button>
        ) : null}
        {awaitingOnline && order.order_status === 'Pending' ? (
          <p className="muted" data-testid="seller-awaiting-payment">
            {t('seller.awaiting_online_payment')}
          </p>
        ) : null}
        {!next && !sellerMayCancel(order.order_status) && !awaitingTransfer ? (
          <p className="muted">{t('seller.no_actions')}</p>
        ) : null}
        <Link to={`/seller/orders/${order.id}/invoice`} className="btn" data-testid="seller-invoice">
          {t('invoice.open')}
        </Link>
      </div>
      <OrderBody order={order} showBank={false} />
      <ConfirmDialog
        open={asking === 'cancel'}
        title={t('seller.cancel_title')}
        busy={busy}
        onConfirm={() => move('Cancelled')}
        onClose={() => setAsking(null)}
        testId="seller-cancel-dialog"
      >
        {t('seller.cancel_text', { code: order.order_code })}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'paid'}
        title={t('seller.mark_paid_title')}
        busy={busy}
        onConfirm={markPaid}
        onClose={() => setAsking(null)}
        testId="seller-paid-dialog"
      >
        {t('seller.mark_paid_text', { code: order.order_code, amount: money(order.payable_amount) })}
      </ConfirmDialog>
    </article>
  );
}
