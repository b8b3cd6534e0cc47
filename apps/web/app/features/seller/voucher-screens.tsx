import type { SellerVoucher } from '@souq/contracts';
import { VOUCHER_CODE_MAX } from '@souq/contracts/constants';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { formatDate } from '~/shared/dates';
import { formatMoney } from '~/shared/money';
import type { Translate } from '~/shared/i18n';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Dialog } from '~/shared/ui/dialog';
import { ChoiceGroup, SubmitButton, TextField, useOnAnswer, useSubmission, type FieldErrors } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import {
  checkVoucher,
  draftOf,
  emptyDraft,
  formatMoment,
  voucherBody,
  type VoucherAnswer,
  type VoucherDraft,
} from './vouchers-data';

/** Amounts of the seller centre: the default currency (what the seller types and the API answers). */
export function useShopMoney() {
  const { master, locale } = useSite();
  return (amount: number) => formatMoney(amount, master.currency, locale);
}

/** A load that failed: what went wrong and a retry (the page's loaders again). */
export function LoadFailed({ message, error, testId }: { message: string; error: string; testId: string }) {
  const { t } = useSite();
  const revalidator = useRevalidator();
  const busy = revalidator.state !== 'idle';
  return (
    <div className="acc-empty" data-testid={testId}>
      <p className="acc-error" role="alert">
        {message} <bdi>{error}</bdi>
      </p>
      <button type="button" className="btn" onClick={() => void revalidator.revalidate()} disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('seller_vouchers.retry')}
      </button>
    </div>
  );
}

export function EmptyState({ title, text, children, testId }: { title: string; text: string; children?: ReactNode; testId: string }) {
  return (
    <div className="acc-empty sv-empty" data-testid={testId}>
      <h2 className="sv-empty__title">{title}</h2>
      <p className="muted">{text}</p>
      {children}
    </div>
  );
}

/** A field error of the API said in the page's language where the screen knows the rule. */
function localised(errors: FieldErrors, t: Translate): FieldErrors {
  const out = { ...errors };
  if (out.code && /already in use/.test(out.code)) out.code = t('seller_vouchers.err.code_taken');
  const below = out.usage_limit && /below the (\d+) uses/.exec(out.usage_limit);
  if (below) out.usage_limit = t('seller_vouchers.err.limit_below_used', { count: Number(below[1]) });
  return out;
}

export function StatusBadge({ status }: { status: SellerVoucher['status'] }) {
  const { t } = useSite();
  return (
    <span className={`sv-badge sv-badge--${status}`} data-testid="voucher-status">
      {t(`seller_vouchers.status.${status}`)}
    </span>
  );
}

/** One voucher: code and status, its terms, and its actions (switch on/off, edit, delete). */
export function VoucherCard({ voucher: v, onEdit, onDelete }: { voucher: SellerVoucher; onEdit(): void; onDelete(): void }) {
  const { t, locale } = useSite();
  const money = useShopMoney();
  const toggle = useFetcher<VoucherAnswer>();
  const pending = toggle.formData ? toggle.formData.get('is_active') === 'true' : null;
  const on = pending ?? v.is_active;
  useOnAnswer(toggle.data, (a) => {
    if (a.ok) toast.success(t(a.data.voucher?.is_active ? 'seller_vouchers.turned_on' : 'seller_vouchers.turned_off', { code: v.code }));
  });
  const date = (iso: string | null) => (iso ? formatMoment(iso, (x) => formatDate(x, locale), locale) : '—');
  const discount =
    v.discount_type === 'Percentage' ? t('seller_vouchers.percent_off', { value: v.discount }) : t('seller_vouchers.amount_off', { value: money(v.discount) });
  return (
    <li className="sv-card" data-testid="voucher-card" data-code={v.code}>
      <div className="sv-card__head">
        <code className="sv-card__code" dir="ltr">
          {v.code}
        </code>
        <StatusBadge status={v.status} />
      </div>
      <dl className="sv-card__facts">
        <div>
          <dt>{t('seller_vouchers.discount')}</dt>
          <dd>
            <bdi>{discount}</bdi>
            {v.max_discount_amount !== null && v.discount_type === 'Percentage' ? (
              <span className="muted"> · {t('seller_vouchers.up_to', { value: money(v.max_discount_amount) })}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('seller_vouchers.min_order')}</dt>
          <dd>{v.min_order_amount > 0 ? <bdi>{money(v.min_order_amount)}</bdi> : t('seller_vouchers.no_minimum')}</dd>
        </div>
        <div>
          <dt>{t('seller_vouchers.valid')}</dt>
          <dd>{t('seller_vouchers.valid_range', { from: date(v.starts_at), to: date(v.expires_at) })}</dd>
        </div>
        <div>
          <dt>{t('seller_vouchers.usage')}</dt>
          <dd>
            {v.usage_limit === null
              ? t('seller_vouchers.used_unlimited', { used: v.used_count })
              : t('seller_vouchers.used_of', { used: v.used_count, limit: v.usage_limit })}
            <span className="muted"> · {t('seller_vouchers.collected', { count: v.collected_count })}</span>
          </dd>
        </div>
      </dl>
      <div className="sv-card__actions">
        <label className="sv-switch">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            disabled={toggle.state !== 'idle'}
            aria-label={t('seller_vouchers.toggle_named', { code: v.code })}
            data-testid="voucher-toggle"
            onChange={(e) =>
              void toggle.submit({ intent: 'toggle', id: String(v.id), code: v.code, is_active: String(e.target.checked) }, { method: 'post' })
            }
          />
          <span className="sv-switch__track" aria-hidden="true" />
          <span className="sv-switch__label">{on ? t('seller_vouchers.switch_off') : t('seller_vouchers.switch_on')}</span>
        </label>
        <span className="sv-card__buttons">
          <button type="button" className="btn btn-sm" onClick={onEdit} aria-label={t('seller_vouchers.edit_named', { code: v.code })} data-testid="voucher-edit">
            {t('seller_vouchers.edit')}
          </button>
          <button
            type="button"
            className="btn btn-sm sv-danger"
            onClick={onDelete}
            aria-label={t('seller_vouchers.delete_named', { code: v.code })}
            data-testid="voucher-delete"
          >
            {t('seller_vouchers.delete')}
          </button>
        </span>
      </div>
    </li>
  );
}

/** Delete with a question first; the answer says whether it was deleted or switched off instead. */
export function DeleteVoucher({ voucher, onClose }: { voucher: SellerVoucher | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<VoucherAnswer>();
  useOnAnswer(fetcher.data, (a) => {
    if (!a.ok) return;
    if (a.data.voucher) toast.info(t('seller_vouchers.switched_off_instead', { code: a.data.code }));
    else toast.success(t('seller_vouchers.deleted', { code: a.data.code }));
    onClose();
  });
  return (
    <ConfirmDialog
      open={!!voucher}
      title={voucher ? t('seller_vouchers.delete_title', { code: voucher.code }) : ''}
      busy={fetcher.state !== 'idle'}
      onClose={onClose}
      testId="voucher-delete-dialog"
      onConfirm={() => {
        if (voucher) void fetcher.submit({ intent: 'delete', id: String(voucher.id), code: voucher.code }, { method: 'post' });
      }}
    >
      {t('seller_vouchers.delete_text')}
    </ConfirmDialog>
  );
}

/** The create / edit dialog: `voucher` null creates one. */
export function VoucherDialog({ open, voucher, onClose }: { open: boolean; voucher: SellerVoucher | null; onClose(): void }) {
  const { t } = useSite();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={voucher ? t('seller_vouchers.edit_title', { code: voucher.code }) : t('seller_vouchers.create_title')}
      testId="seller-voucher-dialog"
      className="sv-dialog"
    >
      {open ? <VoucherForm key={voucher?.id ?? 'new'} voucher={voucher} onDone={onClose} /> : null}
    </Dialog>
  );
}

function VoucherForm({ voucher, onDone }: { voucher: SellerVoucher | null; onDone(): void }) {
  const { t, master } = useSite();
  const [initial] = useState(() => (voucher ? draftOf(voucher) : emptyDraft()));
  const [draft, setDraft] = useState<VoucherDraft>(initial);
  const fetcher = useFetcher<VoucherAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors: raw, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(data) {
      toast.success(t(voucher ? 'seller_vouchers.saved' : 'seller_vouchers.created', { code: data.voucher?.code ?? data.code }));
      onDone();
    },
  });
  const errors = localised(raw, t);
  const currency = master.currency.code;

  const set = (key: keyof VoucherDraft) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.type === 'checkbox' ? e.target.checked : e.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check(checkVoucher(draft, t, !voucher))) return;
    const body = voucherBody(draft, voucher ? initial : undefined);
    if (voucher && Object.keys(body).length === 0) return onDone();
    void fetcher.submit(
      { intent: voucher ? 'update' : 'create', id: String(voucher?.id ?? ''), code: draft.code.trim().toUpperCase(), body: JSON.stringify(body) },
      { method: 'post' },
    );
  };

  const percent = draft.discount_type === 'Percentage';
  return (
    <form ref={formRef} className="acc-form sv-form" onSubmit={submit} noValidate data-testid="voucher-form">
      <TextField
        id="voucher-code"
        label={t('seller_vouchers.code')}
        hint={t('seller_vouchers.code_hint')}
        value={draft.code}
        onChange={set('code')}
        maxLength={VOUCHER_CODE_MAX}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        className="sv-form__code"
        error={errors.code}
        required
      />
      <ChoiceGroup legend={t('seller_vouchers.type')} error={errors.discount_type}>
        {(['Percentage', 'Amount'] as const).map((type) => (
          <label key={type} className="sv-choice">
            <input
              type="radio"
              name="discount_type"
              value={type}
              checked={draft.discount_type === type}
              onChange={() => {
                setDraft((d) => ({ ...d, discount_type: type }));
                clear('discount');
              }}
              data-testid={`voucher-type-${type}`}
            />
            {t(`seller_vouchers.type.${type}`)}
          </label>
        ))}
      </ChoiceGroup>
      <div className="sv-form__pair">
        <TextField
          id="voucher-discount"
          label={percent ? t('seller_vouchers.discount_percent') : t('seller_vouchers.discount_amount', { currency })}
          value={draft.discount}
          onChange={set('discount')}
          inputMode={percent ? 'numeric' : 'decimal'}
          dir="ltr"
          error={errors.discount}
          required
        />
        {percent ? (
          <TextField
            id="voucher-max-discount"
            label={t('seller_vouchers.max_discount_label', { currency })}
            hint={t('seller_vouchers.max_discount_hint')}
            value={draft.max_discount_amount}
            onChange={set('max_discount_amount')}
            inputMode="decimal"
            dir="ltr"
            error={errors.max_discount_amount}
          />
        ) : null}
      </div>
      <TextField
        id="voucher-min-order"
        label={t('seller_vouchers.min_order_label', { currency })}
        hint={t('seller_vouchers.min_order_hint')}
        value={draft.min_order_amount}
        onChange={set('min_order_amount')}
        inputMode="decimal"
        dir="ltr"
        error={errors.min_order_amount}
      />
      <div className="sv-form__pair">
        <TextField
          id="voucher-starts"
          type="datetime-local"
          label={t('seller_vouchers.starts')}
          hint={t('seller_vouchers.time_hint')}
          value={draft.starts_at}
          onChange={set('starts_at')}
          error={errors.starts_at}
          required
        />
        <TextField
          id="voucher-ends"
          type="datetime-local"
          label={t('seller_vouchers.ends')}
          hint={t('seller_vouchers.time_hint')}
          value={draft.expires_at}
          onChange={set('expires_at')}
          error={errors.expires_at}
          required
        />
      </div>
      <div className="sv-form__pair">
        <TextField
          id="voucher-usage-limit"
          label={t('seller_vouchers.usage_limit')}
          hint={t('seller_vouchers.usage_limit_hint')}
          value={draft.usage_limit}
          onChange={set('usage_limit')}
          inputMode="numeric"
          dir="ltr"
          error={errors.usage_limit}
        />
        <TextField
          id="voucher-per-customer"
          label={t('seller_vouchers.per_customer')}
          value={draft.per_customer_limit}
          onChange={set('per_customer_limit')}
          inputMode="numeric"
          dir="ltr"
          error={errors.per_customer_limit}
          required
        />
      </div>
      <label className="sv-choice sv-form__active">
        <input type="checkbox" checked={draft.is_active} onChange={set('is_active')} data-testid="voucher-active" />
        {t('seller_vouchers.active')}
      </label>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onDone} disabled={busy}>
          {t('seller_vouchers.cancel')}
        </button>
        <SubmitButton busy={busy} testId="voucher-submit">
          {voucher ? t('seller_vouchers.save') : t('seller_vouchers.create')}
        </SubmitButton>
      </div>
    </form>
  );
}
