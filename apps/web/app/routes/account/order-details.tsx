import type { OrderDetail } from '@souq/contracts';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '~/features/account/confirm-dialog';
import { AccountHeading } from '~/features/account/form';
import { BagIcon } from '~/features/account/icons';
import { cancelOrder, fetchOrder, orderAgain } from '~/features/orders/api';
import { OrderBody } from '~/features/orders/order-view';
import { formatDateTime, StatusBadge } from '~/features/orders/status';
import { ApiError } from '~/shared/api';
import { useAuth } from '~/shared/auth-store';
import { cartStore } from '~/shared/cart-store';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';

export const meta = titleMeta('page.order_details');

type Load =
  { state: 'loading' } | { state: 'missing' } | { state: 'error'; message: string } | { state: 'ready'; order: OrderDetail };

/** /order-history/:id: one of the customer's orders (another customer's is "not found"). */
export default function OrderDetailsPage() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const { id } = useParams();
  const orderId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : null;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'cancel' | 'again' | null>(null);

  useEffect(() => {
    if (!token) return;
    if (!orderId) {
      setLoad({ state: 'missing' });
      return;
    }
    const ctrl = new AbortController();
    setLoad({ state: 'loading' });
    fetchOrder(orderId, locale, ctrl.signal)
      .then((order) => setLoad({ state: 'ready', order }))
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        if (e instanceof ApiError && (e.status === 404 || e.status === 422 || e.status === 403)) setLoad({ state: 'missing' });
        else setLoad({ state: 'error', message: e instanceof Error ? e.message : String(e) });
      });
    return () => ctrl.abort();
  }, [token, orderId, locale, attempt]);

  if (load.state === 'missing') {
    return (
      <div className="acc-empty" data-testid="order-not-found">
        <span className="acc-empty__icon">
          <BagIcon size={36} />
        </span>
        <h1 className="acc-empty__title">{t('orders.not_found')}</h1>
        <p className="muted">{t('orders.not_found_text')}</p>
        <Link to="/order-history" className="btn btn-primary">
          {t('orders.back')}
        </Link>
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="acc-empty">
        <p className="acc-error" role="alert">
          {load.message}
        </p>
        <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
          {t('account.retry')}
        </button>
      </div>
    );
  }
  if (load.state === 'loading') {
    return (
      <div aria-busy="true" data-testid="order-loading">
        <div className="skeleton ord-skel ord-skel--head" />
        <div className="skeleton ord-skel ord-skel--timeline" />
        <div className="skeleton ord-skel ord-skel--body" />
      </div>
    );
  }

  const order = load.order;

  const cancel = async () => {
    setBusy('cancel');
    try {
      const res = await cancelOrder(order.id, locale);
      setLoad({ state: 'ready', order: res.order });
      setConfirming(false);
      toast.success(t('orders.cancelled_toast'));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  const again = async () => {
    setBusy('again');
    try {
      const res = await orderAgain(order.id, locale);
      if (res.cart.info) toast.warning(t('orders.again_some_missing', { info: res.cart.info }));
      else toast.success(t('orders.again_added'));
      // The basket drawer reloads the cart when it opens.
      cartStore.set({ ...cartStore.get(), open: true });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="ord-details" data-testid="order-details">
      <Link to="/order-history" className="ord-back">
        {t('orders.back')}
      </Link>
      <AccountHeading
        title={
          <>
            {t('orders.order_n', { code: '' })}
            <bdi dir="ltr">{order.order_code}</bdi>
          </>
        }
      >
        <StatusBadge status={order.order_status} />
      </AccountHeading>
      <p className="muted acc-lead">
        {t('orders.placed_on', { date: formatDateTime(order.created_at, locale) })} · {t('orders.shop')}:{' '}
        <Link to={`/shops/${order.shop.id}`} className="ord-link">
          {order.shop.name}
        </Link>
      </p>

      <div className="ord-actions">
        {order.can_cancel ? (
          <button
            type="button"
            className="btn acc-btn-danger-outline"
            onClick={() => setConfirming(true)}
            disabled={busy !== null}
            data-testid="order-cancel"
          >
            {t('orders.cancel')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void again()}
          disabled={busy !== null}
          data-testid="order-again"
        >
          {busy === 'again' ? <span className="spinner" aria-hidden="true" /> : null}
          {t('orders.order_again')}
        </button>
      </div>

      <OrderBody order={order} />

      <ConfirmDialog
        open={confirming}
        title={t('orders.cancel_title')}
        busy={busy === 'cancel'}
        onConfirm={() => void cancel()}
        onClose={() => setConfirming(false)}
        testId="cancel-dialog"
      >
        {t('orders.cancel_text', { code: order.order_code })}
      </ConfirmDialog>
    </div>
  );
}
