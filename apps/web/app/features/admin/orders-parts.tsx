import type { AdminOrder, RefundStatus } from '@souq/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { formatNumber } from '~/shared/money';
import { useSite } from '~/shared/site';
import { TextField, useOnAnswer, useSubmission } from '~/shared/ui/form';
import { Dialog } from '~/shared/ui/dialog';
import { toast } from '~/shared/ui/toast';
import { parseAmount, type RefundAnswer } from './orders-data';

/** The console's order screens' small pieces: amounts in OMR, payment methods, refund states, the refund dialog. */

const KNOWN_METHODS = ['cash', 'bank', 'thawani', 'stripe'];

/** An amount in the default currency, as the API gives it: "12.500 OMR" (Arabic: "12.500 ر.ع."). */
export function useOmr() {
  const { t } = useSite();
  return (amount: number) => t('admin_orders.omr', { amount: formatNumber(amount, 3) });
}

export function Omr({ amount }: { amount: number }) {
  const omr = useOmr();
  return <bdi className="admin-orders__omr">{omr(amount)}</bdi>;
}

export function useMethodName() {
  const { t } = useSite();
  return (method: string) => (KNOWN_METHODS.includes(method) ? t(`admin_orders.method.${method}`) : method);
}

export function MethodName({ method }: { method: string }) {
  return <>{useMethodName()(method)}</>;
}

export function RefundBadge({ status }: { status: RefundStatus }) {
  const { t } = useSite();
  return (
    <span className={`admin-orders__badge admin-orders__badge--${status}`} data-testid="admin-refund-status" data-status={status}>
      {t(`admin_orders.refund_status.${status}`)}
    </span>
  );
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? `refund-${crypto.randomUUID()}`
    : `refund-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The refund dialog: the amount (all that is left, unless changed) and the reason, and one sentence that
 * says exactly what will happen ("This will refund 12.500 OMR to the customer's card through Thawani").
 * Each opening has its own Idempotency-Key, kept across a double submit and renewed after a failure.
 */
export function RefundDialog({ order, open, onClose }: { order: AdminOrder; open: boolean; onClose(): void }) {
  const { t } = useSite();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('admin_orders.refund.dialog_title', { code: order.order_code })}
      testId="admin-refund-dialog"
      className="admin-refund-dialog"
    >
      {open ? <RefundForm order={order} onDone={onClose} /> : null}
    </Dialog>
  );
}

function RefundForm({ order, onDone }: { order: AdminOrder; onDone(): void }) {
  const { t } = useSite();
  const omr = useOmr();
  const methodName = useMethodName();
  const r = order.refund;
  const [amount, setAmount] = useState(() => r.refundable.toFixed(3));
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const fetcher = useFetcher<RefundAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(data) {
      const gateway = methodName(order.payment_method);
      toast.success(
        r.method === 'gateway'
          ? t('admin_orders.refund.done_gateway', { amount: omr(data.amount), gateway })
          : t('admin_orders.refund.done_manual', { amount: omr(data.amount) }),
      );
      onDone();
    },
  });
  useOnAnswer(fetcher.data, (a) => {
    if (!a.ok) setKey(newKey());
  });

  const parsed = parseAmount(amount);
  const shown = Number.isFinite(parsed) && parsed > 0 ? omr(parsed) : omr(r.refundable);
  const what =
    r.method === 'gateway'
      ? t('admin_orders.refund.what_gateway', { amount: shown, gateway: methodName(order.payment_method) })
      : t('admin_orders.refund.what_manual', { amount: shown, method: methodName(order.payment_method) });
  const stepped = r.step > 0.001;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = parseAmount(amount);
    const local = {
      amount: !(value > 0)
        ? t('admin_orders.refund.error_amount')
        : value > r.refundable + 1e-9
          ? t('admin_orders.refund.error_max', { max: omr(r.refundable) })
          : undefined,
      reason: reason.trim() ? undefined : t('admin_orders.refund.error_reason'),
    };
    if (!check(local)) return;
    // All that is left goes without an amount: the server refunds what is left then.
    const all = Math.abs(value - r.refundable) < 1e-9;
    void fetcher.submit({ amount: all ? '' : String(value), reason: reason.trim(), key }, { method: 'post' });
  };

  return (
    <form ref={formRef} className="acc-form admin-refund" onSubmit={submit} noValidate data-testid="admin-refund-form">
      <p className="admin-refund__what" aria-live="polite" data-testid="admin-refund-what">
        {what}
      </p>
      <TextField
        id="refund-amount"
        name="amount"
        label={t('admin_orders.refund.amount')}
        hint={
          stepped
            ? t('admin_orders.refund.amount_step_hint', { max: omr(r.refundable), step: formatNumber(r.step, 3) })
            : t('admin_orders.refund.amount_hint', { max: omr(r.refundable) })
        }
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          clear('amount');
        }}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        error={errors.amount}
        required
        data-testid="admin-refund-amount"
      />
      <TextField
        id="refund-reason"
        name="reason"
        label={t(r.method === 'gateway' ? 'admin_orders.refund.reason' : 'admin_orders.refund.note')}
        hint={t('admin_orders.refund.reason_hint')}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          clear('reason');
        }}
        maxLength={500}
        autoComplete="off"
        error={errors.reason}
        required
        data-testid="admin-refund-reason"
      />
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onDone} disabled={busy} data-testid="admin-refund-cancel">
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-danger"
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="admin-refund-submit"
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t(r.method === 'gateway' ? 'admin_orders.refund.submit_gateway' : 'admin_orders.refund.submit_manual', {
            amount: shown,
          })}
        </button>
      </div>
    </form>
  );
}
