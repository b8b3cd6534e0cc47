import type { OrderDetail, OrdersAnswer, OrderStatusName } from '@souq/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { AccountHeading } from '~/features/account/heading';
import { OrderList, OrderListSkeleton } from '~/features/orders/order-list';
import { OrderBody } from '~/features/orders/order-view';
import {
  formatDateTime,
  isStatusKey,
  nextStatus,
  sellerMayCancel,
  StatusBadge,
  statusLabel,
  StatusTabs,
  type TabKey,
} from '~/features/orders/status';
import { fetchSellerOrder, fetchSellerOrders, markSellerOrderPaid, setSellerOrderStatus } from '~/features/seller/api';
import { sellerMeta } from '~/features/seller/meta';
import { useSeller } from '~/features/seller/store';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import { toast } from '~/shared/ui/toast';

export const meta = sellerMeta('page.seller_orders');

const PER_PAGE = 10;

/** One order of the shop with the buttons for its next status and Cancel (before Pickup). */
function SellerOrder({ id, onChanged }: { id: number; onChanged(): void }) {
  const { t, locale, money } = useSite();
  const [order, setOrder] = useState<OrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [confirmingPaid, setConfirmingPaid] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    setOrder(null);
    setError(null);
    fetchSellerOrder(id, locale, ctrl.signal)
      .then(setOrder)
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => ctrl.abort();
  }, [id, locale]);

  const move = async (status: OrderStatusName) => {
    setBusy(true);
    setError(null);
    try {
      setOrder(await setSellerOrderStatus(id, status, locale));
      setConfirming(false);
      toast.success(t('seller.status_updated'));
      onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const markPaid = async () => {
    setBusy(true);
    setError(null);
    try {
      setOrder(await markSellerOrderPaid(id, locale));
      toast.success(t('seller.payment_recorded'));
      onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setConfirmingPaid(false);
      setBusy(false);
    }
  };

  if (!order) {
    return error ? (
      <p className="acc-error" role="alert" data-testid="seller-order-error">
        {error}
      </p>
    ) : (
      <div className="skeleton ord-skel ord-skel--body" aria-busy="true" />
    );
  }
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
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void move(next)}
            data-testid="seller-next"
          >
            {busy && !confirming ? <span className="spinner" aria-hidden="true" /> : null}
            {t('seller.move_to', { status: statusLabel(t, next) })}
          </button>
        ) : null}
        {sellerMayCancel(order.order_status) ? (
          <button
            type="button"
            className="btn acc-btn-danger-outline"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid="seller-cancel"
          >
            {t('seller.cancel_order')}
          </button>
        ) : null}
        {awaitingTransfer ? (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => setConfirmingPaid(true)}
            data-testid="seller-mark-paid"
          >
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
      </div>
      <OrderBody order={order} showBank={false} />
      <ConfirmDialog
        open={confirming}
        title={t('seller.cancel_title')}
        busy={busy}
        onConfirm={() => void move('Cancelled')}
        onClose={() => setConfirming(false)}
        testId="seller-cancel-dialog"
      >
        {t('seller.cancel_text', { code: order.order_code })}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingPaid}
        title={t('seller.mark_paid_title')}
        busy={busy}
        onConfirm={() => void markPaid()}
        onClose={() => setConfirmingPaid(false)}
        testId="seller-paid-dialog"
      >
        {t('seller.mark_paid_text', { code: order.order_code, amount: money(order.payable_amount) })}
      </ConfirmDialog>
    </article>
  );
}

/** /seller?status=&page=&order=: the shop's orders by status; `order` opens one below the list. */
export default function SellerOrdersPage() {
  const { t, locale } = useSite();
  const token = useSeller((s) => s.token);
  const [params] = useSearchParams();
  const rawStatus = params.get('status');
  const status: TabKey = isStatusKey(rawStatus) ? rawStatus : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = /^\d{1,10}$/.test(params.get('order') ?? '') ? Number(params.get('order')) : null;
  const [data, setData] = useState<OrdersAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const panel = useRef<HTMLElement>(null);

  // An order opened from the list comes into view (below the list on phones).
  useEffect(() => {
    if (openId) panel.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [openId]);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    fetchSellerOrders({ status: status === 'all' ? null : status, page, perPage: PER_PAGE }, locale, ctrl.signal)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => ctrl.abort();
  }, [token, status, page, locale, version]);

  const href = (tab: TabKey, p = 1, order?: number) => {
    const q = new URLSearchParams();
    if (tab !== 'all') q.set('status', tab);
    if (p > 1) q.set('page', String(p));
    if (order) q.set('order', String(order));
    const s = q.toString();
    return `/seller${s ? `?${s}` : ''}`;
  };

  return (
    <div className="seller-orders" data-testid="seller-orders">
      <AccountHeading title={t('seller.orders')} />
      <StatusTabs counts={data?.status_wise_orders} current={status} hrefFor={(k) => href(k)} />
      {error ? (
        <p className="acc-error" role="alert">
          {error}
        </p>
      ) : null}
      {!data ? (
        error ? null : (
          <OrderListSkeleton />
        )
      ) : data.orders.length === 0 ? (
        <div className="acc-empty" data-testid="orders-empty">
          <h2 className="acc-empty__title">{t(status === 'all' ? 'orders.empty' : 'orders.empty_status')}</h2>
        </div>
      ) : (
        <>
          <OrderList orders={data.orders} hrefFor={(o) => href(status, page, o.id)} />
          <Pagination page={page} total={data.total} perPage={PER_PAGE} hrefFor={(p) => href(status, p)} />
        </>
      )}
      {openId ? (
        <section className="acc-card seller-order-panel" ref={panel}>
          <SellerOrder key={openId} id={openId} onChanged={() => setVersion((v) => v + 1)} />
        </section>
      ) : null}
    </div>
  );
}
