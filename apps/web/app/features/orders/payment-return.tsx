import type { OrderSummary, PaymentStatusAnswer } from '@souq/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useFetcher, useNavigate, useRevalidator } from 'react-router';
import { ApiError } from '~/shared/api';
import { sessionToken, useReloadOnSessionChange } from '~/shared/auth-store';
import { documentLocale, makeTranslate, messagesOf } from '~/shared/i18n';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { useOnAnswer } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { cancelOrder, fetchPaymentStatus } from './api';
import { formatDateTime, PaymentStatusBadge, StatusBadge } from './status';

/** While the gateway has not confirmed, the success page asks again every 2 s, for 30 s at most. */
export const POLL_MS = 2000;
export const POLL_LIMIT = 15;

/** What the return pages' loader found, and for which session (null: signed out). */
export type PaymentReturnData = { token: string | null } & (
  | { state: 'signed-out' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; answer: PaymentStatusAnswer }
);

/**
 * The return pages' client loader: GET /payment/status for the reference in the address (the server
 * asks the gateway while it is pending). An unknown or missing reference is `missing`.
 */
export async function loadPaymentReturn({ request }: { request: Request }): Promise<PaymentReturnData> {
  const token = sessionToken();
  if (!token) return { token, state: 'signed-out' };
  const sessionId = (new URL(request.url).searchParams.get('session_id') ?? '').trim();
  if (!sessionId) return { token, state: 'missing' };
  try {
    return { token, state: 'ready', answer: await fetchPaymentStatus(sessionId, documentLocale(), request.signal) };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 422)) return { token, state: 'missing' };
    if (e instanceof ApiError && e.status === 401) return { token: null, state: 'signed-out' };
    return { token, state: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

/** The payment-cancel modal's action: cancels the orders named (each still Pending and Unpaid). */
export async function cancelUnpaid({ request }: { request: Request }): Promise<{ ok: boolean }> {
  const form = await request.formData();
  const locale = documentLocale();
  try {
    for (const id of String(form.get('order_ids') ?? '')
      .split(',')
      .filter(Boolean))
      await cancelOrder(Number(id), locale);
    toast.success(makeTranslate(messagesOf(locale))('payment.orders_cancelled'));
    return { ok: true };
  } catch (e) {
    toast.error(e instanceof Error ? e.message : String(e));
    return { ok: false };
  }
}

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
}: {
  open: boolean;
  answer: PaymentStatusAnswer;
  onClose(next?: string): void;
}) {
  const { t, locale } = useSite();
  // The page's action cancels them; the status is then loaded again (the orders show Cancelled).
  const fetcher = useFetcher<{ ok: boolean }>();
  const busy = fetcher.state !== 'idle';
  useOnAnswer(fetcher.data, (done) => done.ok && onClose());
  const open_ = answer.orders.filter((o) => o.order_status === 'Pending' && o.payment_status === 'Unpaid');
  const withdrawn = answer.orders.every((o) => o.order_status === 'Cancelled');
  const cancelAll = () => {
    if (!busy) void fetcher.submit({ order_ids: open_.map((o) => o.id).join(',') }, { method: 'post' });
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
            onClick={cancelAll}
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
export function PaymentReturn({ kind, data }: { kind: 'success' | 'cancel'; data: PaymentReturnData }) {
  const { t, money } = useSite();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [polls, setPolls] = useState(0);
  const [modal, setModal] = useState(false);
  const modalShown = useRef(false);
  useReloadOnSessionChange(data.token);

  const view = data.state === 'ready' ? returnState(kind, data.answer.payment_status, polls) : null;

  // Pending: ask again a little later (each answer arrives as new loader data, which sets the next timer).
  useEffect(() => {
    if (view !== 'pending') return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [view, data, revalidate]);

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

  if (data.state === 'signed-out')
    return (
      <div className="container pay-return" data-testid="payment-return" data-state="signed-out">
        <h1 className="pay-return__title">{t(kind === 'success' ? 'page.payment_success' : 'page.payment_cancel')}</h1>
        <p className="muted">{t('account.login_first')}</p>
        <button type="button" className="btn btn-primary" onClick={() => openOverlay('login')}>
          {t('chrome.login')}
        </button>
      </div>
    );
  if (data.state === 'missing')
    return (
      <div className="container pay-return" data-testid="payment-return" data-state="missing">
        <h1 className="pay-return__title">{t('payment.missing_title')}</h1>
        <p className="muted">{t('payment.missing_text')}</p>
        <div className="pay-return__actions">
          <ReturnLinks primary />
        </div>
      </div>
    );
  if (data.state === 'error')
    return (
      <div className="container pay-return" data-testid="payment-return" data-state="error">
        <h1 className="pay-return__title">{t(kind === 'success' ? 'page.payment_success' : 'page.payment_cancel')}</h1>
        <p className="acc-error" role="alert">
          {data.message}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void revalidate()}>
          {t('account.retry')}
        </button>
      </div>
    );
  if (!view) return <PaymentReturnLoading kind={kind} />;

  const { answer } = data;
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
      {view === 'failed' ? <PaymentCancelDialog open={modal} answer={answer} onClose={closeModal} /> : null}
    </div>
  );
}

/** While the status is asked (the page's HydrateFallback). */
export function PaymentReturnLoading({ kind }: { kind: 'success' | 'cancel' }) {
  const { t } = useSite();
  return (
    <div className="container pay-return" aria-busy="true" data-testid="payment-return" data-state="loading">
      <h1 className="sr-only">{t(kind === 'success' ? 'page.payment_success' : 'page.payment_cancel')}</h1>
      <div className="skeleton pay-return__skel-icon" />
      <div className="skeleton pay-return__skel-line" />
      <div className="skeleton pay-return__skel-line pay-return__skel-line--short" />
      <div className="skeleton pay-return__skel-block" />
    </div>
  );
}
