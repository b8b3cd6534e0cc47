import type { OrderSummary, PaymentStatusAnswer } from '@souq/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '~/shared/api';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { cancelOrder, fetchPaymentStatus } from './api';
import { formatDateTime, PaymentStatusBadge, StatusBadge } from './status';

/** While the gateway has not confirmed, the success page asks again every 2 s, for 30 s at most. */
export const POLL_MS = 2000;
export const POLL_LIMIT = 15;

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; answer: PaymentStatusAnswer };

/** What the page says: paid, still being confirmed (and whether we stopped asking), or not paid. */
export type ReturnState = 'paid' | 'pending' | 'slow' | 'failed';

export function returnState(
  kind: 'success' | 'cancel',
  status: PaymentStatusAnswer['payment_status'],
  polls: number,
): ReturnState {
  if (status === 'paid') return 'paid';
  // The gateway sent the customer to the cancel address: not paid, whatever it has recorded yet.
  if (status === 'cancelled' || kind === 'cancel') return 'failed';
  return polls >= POLL_LIMIT ? 'slow' : 'pending';
}

/** Sum of 3-decimal amounts in whole baisa, so no float error creeps into the total. */
const totalOf = (orders: OrderSummary[]) => orders.reduce((s, o) => s + Math.round(o.amount * 1000), 0) / 1000;

function OrdersPaid({ orders }: { orders: OrderSummary[] }) {
  const { t, money } = useSite();
  return (
    <section className="pay-return__orders" aria-labelledby="pay-orders-title">
      <h2 id="pay-orders-title" className="pay-return__subtitle">
        {t('payment.orders')}
      </h2>
      <ul className="pay-return__list">
        {orders.map((o) => (
          <li key={o.id} className="pay-return__order" data-testid="payment-order" data-order-code={o.order_code}>
            <Link to={`/order-history/${o.id}`} className="ord-link pay-return__code">
              <bdi dir="ltr">#{o.order_code}</bdi>
            </Link>
            <span className="pay-return__badges">
              <PaymentStatusBadge status={o.payment_status} />
              <StatusBadge status={o.order_status} />
            </span>
            <strong className="pay-return__amount">
              <bdi>{money(o.amount)}</bdi>
            </strong>
          </li>
        ))}
      </ul>
      {orders.length > 1 ? (
        <p className="pay-return__total">
          <span>{t('payment.total')}</span>
          <strong>
            <bdi>{money(totalOf(orders))}</bdi>
          </strong>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The payment-cancel modal: the payment was not made, so the orders are unpaid; they are kept until the
 * unpaid-order timeout (then withdrawn by the server), or the customer cancels them now.
 */
/** The ways on from a payment's return: the order history (the main action when `primary`) and the shop. */
function ReturnLinks({ primary }: { primary: boolean }) {
  const { t } = useSite();
  return (
    <>
      <Link to="/order-history" className={primary ? 'btn btn-primary' : 'btn'}>
        {t('payment.view_orders')}
      </Link>
      <Link to="/" className="btn btn-ghost">
        {t('payment.continue')}
      </Link>
    </>
  );
}

function PaymentCancelDialog({
  open,
  answer,
  onClose,
  onChanged,
}: {
  open: boolean;
  answer: PaymentStatusAnswer;
  onClose(next?: string): void;
  onChanged(): void;
}) {
  const { t, locale } = useSite();
  const [busy, setBusy] = useState(false);
  const open_ = answer.orders.filter((o) => o.order_status === 'Pending' && o.payment_status === 'Unpaid');
  const withdrawn = answer.orders.every((o) => o.order_status === 'Cancelled');
  const cancelAll = async () => {
    if (busy) return;
    setBusy(true);
    try {
      for (const o of open_) await cancelOrder(o.id, locale);
      toast.success(t('payment.orders_cancelled'));
      onChanged();
      onClose();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={() => onClose()}
      title={t('payment.cancel_title')}
      testId="payment-cancel"
      className="pay-cancel"
    >
      <p>{t('payment.cancel_text')}</p>
      {open_.length && answer.expires_at ? (
        <p className="muted" data-testid="payment-kept">
          {t('payment.kept_until', { time: formatDateTime(answer.expires_at, locale) })}
        </p>
      ) : withdrawn ? (
        <p className="muted">{t('payment.withdrawn')}</p>
      ) : null}
      <ul className="pay-cancel__codes">
        {answer.orders.map((o) => (
          <li key={o.id}>
            <bdi dir="ltr">#{o.order_code}</bdi> <StatusBadge status={o.order_status} />
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => onClose('/order-history')}
          disabled={busy}
          data-testid="payment-cancel-orders-link"
        >
          {t('payment.view_orders')}
        </button>
        {open_.length ? (
          <button
            type="button"
            className="btn acc-btn-danger-outline"
            onClick={() => void cancelAll()}
            disabled={busy}
            aria-busy={busy || undefined}
            data-testid="payment-cancel-orders"
          >
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {t('payment.cancel_orders')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

const ICONS: Record<ReturnState, string> = { paid: '✓', pending: '', slow: '…', failed: '!' };

/**
 * /payment/success and /payment/cancel, where the gateway sends the customer back: the payment's state
 * from GET /payment/status (asked again while it is being confirmed), the orders it pays, and — when it
 * was not made — the payment-cancel modal.
 */
export function PaymentReturn({ kind }: { kind: 'success' | 'cancel' }) {
  const { t, locale, money } = useSite();
  const navigate = useNavigate();
  const ready = useAuth((s) => s.ready);
  const token = useAuth((s) => s.token);
  const [params] = useSearchParams();
  const sessionId = (params.get('session_id') ?? '').trim();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [polls, setPolls] = useState(0);
  const [modal, setModal] = useState(false);
  const modalShown = useRef(false);

  useEffect(() => {
    if (!ready || !token) return;
    if (!sessionId) {
      setLoad({ state: 'missing' });
      return;
    }
    const ctrl = new AbortController();
    fetchPaymentStatus(sessionId, locale, ctrl.signal)
      .then((answer) => setLoad({ state: 'ready', answer }))
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        if (e instanceof ApiError && (e.status === 404 || e.status === 422)) setLoad({ state: 'missing' });
        else if (!(e instanceof ApiError && e.status === 401))
          setLoad({ state: 'error', message: e instanceof Error ? e.message : String(e) });
      });
    return () => ctrl.abort();
  }, [ready, token, sessionId, locale, attempt, polls]);

  const view = load.state === 'ready' ? returnState(kind, load.answer.payment_status, polls) : null;

  // Pending: ask again a little later (each answer re-runs the effect above through `polls`).
  useEffect(() => {
    if (view !== 'pending') return;
    const timer = setTimeout(() => setPolls((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [view, load]);

  // Not paid: the payment-cancel modal opens by itself, once.
  useEffect(() => {
    if (view === 'failed' && !modalShown.current) {
      modalShown.current = true;
      setModal(true);
    }
  }, [view]);

  // Leaving from the modal: it closes first (its close event comes back here without `next`), then the
  // page changes, so the dialog never goes away still open.
  const nextPath = useRef<string | null>(null);
  const closeModal = useCallback(
    (next?: string) => {
      setModal(false);
      if (next) {
        nextPath.current = next;
        return;
      }
      const to = nextPath.current;
      nextPath.current = null;
      if (to) navigate(to);
    },
    [navigate],
  );
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  if (ready && !token)
    return (
      <div className="container pay-return" data-testid="payment-return" data-state="signed-out">
        <h1 className="pay-return__title">{t(kind === 'success' ? 'page.payment_success' : 'page.payment_cancel')}</h1>
        <p className="muted">{t('account.login_first')}</p>
        <button type="button" className="btn btn-primary" onClick={() => openOverlay('login')}>
          {t('chrome.login')}
        </button>
      </div>
    );
  if (load.state === 'missing')
    return (
      <div className="container pay-return" data-testid="payment-return" data-state="missing">
        <h1 className="pay-return__title">{t('payment.missing_title')}</h1>
        <p className="muted">{t('payment.missing_text')}</p>
        <div className="pay-return__actions">
          <ReturnLinks primary />
        </div>
      </div>
    );
  if (load.state === 'error')
    return (
      <div className="container pay-return" data-testid="payment-return" data-state="error">
        <h1 className="pay-return__title">{t(kind === 'success' ? 'page.payment_success' : 'page.payment_cancel')}</h1>
        <p className="acc-error" role="alert">
          {load.message}
        </p>
        <button type="button" className="btn btn-primary" onClick={refresh}>
          {t('account.retry')}
        </button>
      </div>
    );
  if (load.state === 'loading' || !view)
    return (
      <div className="container pay-return" aria-busy="true" data-testid="payment-return" data-state="loading">
        <h1 className="sr-only">{t(kind === 'success' ? 'page.payment_success' : 'page.payment_cancel')}</h1>
        <div className="skeleton pay-return__skel-icon" />
        <div className="skeleton pay-return__skel-line" />
        <div className="skeleton pay-return__skel-line pay-return__skel-line--short" />
        <div className="skeleton pay-return__skel-block" />
      </div>
    );

  const { answer } = load;
  const total = money(totalOf(answer.orders));
  const text = {
    paid: t('payment.paid_text', { amount: total }),
    pending: t('payment.pending_text'),
    slow: t('payment.slow_text'),
    failed: t('payment.failed_text'),
  }[view];
  return (
    <div className="container pay-return" data-testid="payment-return" data-state={view}>
      <div className={`result-icon pay-return__icon pay-return__icon--${view}`} aria-hidden="true">
        {view === 'pending' ? <span className="spinner" /> : ICONS[view]}
      </div>
      <div role="status" className="pay-return__head">
        <h1 className="pay-return__title" data-testid="payment-title">
          {t(`payment.${view}_title`)}
        </h1>
        <p className="muted">{text}</p>
      </div>
      <OrdersPaid orders={answer.orders} />
      <div className="pay-return__actions">
        {view === 'slow' ? (
          <button type="button" className="btn btn-primary" onClick={() => setPolls(0)} data-testid="payment-check-again">
            {t('payment.check_again')}
          </button>
        ) : null}
        {view === 'failed' ? (
          <button type="button" className="btn btn-primary" onClick={() => setModal(true)} data-testid="payment-options">
            {t('payment.options')}
          </button>
        ) : null}
        <ReturnLinks primary={view === 'paid'} />
      </div>
      {view === 'failed' ? <PaymentCancelDialog open={modal} answer={answer} onClose={closeModal} onChanged={refresh} /> : null}
    </div>
  );
}
