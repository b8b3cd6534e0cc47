import type { AdminCurrency, AdminVatTaxes } from '@souq/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useFetcher, useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import {
  adminCurrenciesAction,
  currencyBody,
  currencyFormOf,
  loadAdminCurrencies,
  type CurrenciesActionResult,
  type CurrencyForm,
} from '~/features/admin/settings-data';
import { sellerMeta } from '~/features/seller/meta';
import { useSite, useT } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Dialog } from '~/shared/ui/dialog';
import { SelectField, SubmitButton, TextField, useSubmission } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/currencies';

export const meta = sellerMeta('page.admin_currencies');

export const clientLoader = loadAdminCurrencies;
export const clientAction = adminCurrenciesAction;

export function HydrateFallback() {
  const t = useT();
  return (
    <div className="admin-currencies" data-testid="admin-currencies">
      <AccountHeading title={t('admin.currencies.title')} />
      <div className="skeleton admin-settings__skeleton" aria-busy="true" />
    </div>
  );
}

/** /admin/currencies: the currencies with their rates (exactly one default) and the VAT the checkout charges. */
export default function AdminCurrenciesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { currencies, vat } = loaderData;
  return (
    <div className="admin-currencies" data-testid="admin-currencies">
      <AccountHeading title={t('admin.currencies.title')} />
      <p className="muted seller-lead">{t('admin.currencies.lead')}</p>
      {currencies.error !== undefined ? (
        <LoadFailed message={currencies.error} />
      ) : (
        <Currencies list={currencies.data.currencies} />
      )}
      {vat.error !== undefined ? <LoadFailed message={vat.error} /> : <Vat data={vat.data} />}
    </div>
  );
}

function Currencies({ list }: { list: AdminCurrency[] }) {
  const { t, locale } = useSite();
  const [editing, setEditing] = useState<AdminCurrency | 'new' | null>(null);
  const [promote, setPromote] = useState<AdminCurrency | null>(null);
  const fetcher = useFetcher<CurrenciesActionResult>();
  const busy = fetcher.state !== 'idle';
  const def = list.find((c) => c.is_default);
  const nameOf = (c: AdminCurrency) => (locale === 'ar' && c.name_ar) || c.name;

  useSubmission(fetcher, {
    onDone(done) {
      if (done.intent !== 'default') return;
      setPromote(null);
      toast.success(t('admin.currencies.now_default', { code: done.code ?? '' }));
    },
  });

  return (
    <section className="acc-card admin-settings__section" aria-labelledby="currencies-title">
      <div className="admin-currencies__head">
        <h2 className="admin-settings__section-title" id="currencies-title">
          {t('admin.currencies.heading')}
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="currency-add">
          {t('admin.currencies.add')}
        </button>
      </div>
      {list.length === 0 ? (
        <p className="muted" data-testid="currencies-empty">
          {t('admin.currencies.empty')}
        </p>
      ) : (
        <>
          <p className="muted" data-testid="currencies-count">
            {t('admin.currencies.count', { count: list.length })}
          </p>
          <div className="admin-audit__scroll" tabIndex={0} role="region" aria-label={t('admin.currencies.table')}>
            <table className="admin-currencies__table" data-testid="currencies-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.currencies.code')}</th>
                  <th scope="col">{t('admin.currencies.col_name')}</th>
                  <th scope="col">{t('admin.currencies.rate')}</th>
                  <th scope="col">{t('admin.currencies.decimals')}</th>
                  <th scope="col">{t('admin.currencies.status')}</th>
                  <th scope="col">{t('admin.currencies.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id} data-testid="currency-row" data-code={c.code}>
                    <th scope="row">
                      <bdi dir="ltr">{c.code}</bdi>{' '}
                      <span className="muted" dir="auto">
                        {(locale === 'ar' && c.symbol_ar) || c.symbol}
                      </span>
                    </th>
                    <td dir="auto">{nameOf(c)}</td>
                    <td dir="ltr" className="admin-currencies__num" data-testid="currency-rate">
                      {c.rate_from_default}
                    </td>
                    <td className="admin-currencies__num">{c.decimals}</td>
                    <td>
                      {c.is_default ? (
                        <span className="admin-settings__badge is-set" data-testid="currency-default">
                          {t('admin.currencies.default')}
                        </span>
                      ) : (
                        <span className={`admin-settings__badge${c.is_active ? ' is-on' : ''}`}>
                          {t(c.is_active ? 'admin.currencies.status_active' : 'admin.currencies.status_inactive')}
                        </span>
                      )}
                    </td>
                    <td>
                      <div className="admin-currencies__actions">
                        <button
                          type="button"
                          className="btn btn-sm"
                          onClick={() => setEditing(c)}
                          aria-label={`${t('admin.currencies.edit')} ${c.code}`}
                          data-testid="currency-edit"
                        >
                          {t('admin.currencies.edit')}
                        </button>
                        {c.is_default ? null : (
                          <button
                            type="button"
                            className="btn btn-sm"
                            onClick={() => setPromote(c)}
                            aria-label={`${t('admin.currencies.make_default')}: ${c.code}`}
                            data-testid="currency-make-default"
                          >
                            {t('admin.currencies.make_default')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <CurrencyDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        currency={editing === 'new' ? null : editing}
        open={editing !== null}
        defaultCode={def?.code ?? ''}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={promote !== null}
        title={t('admin.currencies.make_default_title', { code: promote?.code ?? '' })}
        tone="primary"
        busy={busy}
        onConfirm={() =>
          promote && void fetcher.submit({ intent: 'default', id: String(promote.id), body: '{}' }, { method: 'post' })
        }
        onClose={() => setPromote(null)}
        testId="currency-default-dialog"
      >
        {t('admin.currencies.make_default_text', { code: promote?.code ?? '', old: def?.code ?? '' })}
      </ConfirmDialog>
    </section>
  );
}

const CURRENCY_FIELDS = [
  'code',
  'name',
  'name_ar',
  'symbol',
  'symbol_ar',
  'rate_from_default',
  'decimals',
  'position',
  'is_active',
];

/** Add a currency, or edit one (only the fields changed are sent). */
function CurrencyDialog({
  currency,
  open,
  defaultCode,
  onClose,
}: {
  currency: AdminCurrency | null;
  open: boolean;
  defaultCode: string;
  onClose(): void;
}) {
  const t = useT();
  const fetcher = useFetcher<CurrenciesActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<CurrencyForm>(() => currencyFormOf(currency));
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(done) {
      toast.success(t(done.intent === 'create' ? 'admin.currencies.added' : 'admin.currencies.saved'));
      onClose();
    },
  });
  const set = <K extends keyof CurrencyForm>(key: K, value: CurrencyForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  const isDefault = currency?.is_default === true;
  const text = (key: 'code' | 'name' | 'name_ar' | 'symbol' | 'symbol_ar' | 'rate_from_default' | 'decimals') => ({
    id: `currency-${key}`,
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    'data-testid': `currency-${key}`,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string | undefined> = {};
    for (const key of CURRENCY_FIELDS)
      if (typeof form[key as keyof CurrencyForm] === 'string' && !String(form[key as keyof CurrencyForm]).trim())
        local[key] = t('admin.settings.error.required');
    if (!check(local)) return;
    const body = currencyBody(form, currency);
    if (currency && Object.keys(body).length === 0) {
      onClose();
      return;
    }
    void fetcher.submit(
      { intent: currency ? 'update' : 'create', id: String(currency?.id ?? ''), body: JSON.stringify(body) },
      { method: 'post' },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={currency ? t('admin.currencies.edit_title', { code: currency.code }) : t('admin.currencies.add_title')}
      testId="currency-dialog"
      className="admin-currencies__dialog"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="admin-currencies__form" data-testid="currency-form">
        {/* Only the error of a field the dialog shows goes under it; any other is toasted (formErrors). */}
        <TextField
          label={t('admin.currencies.code')}
          required
          maxLength={3}
          dir="ltr"
          autoCapitalize="characters"
          {...text('code')}
        />
        <div className="admin-currencies__pair">
          <TextField label={t('admin.currencies.name')} required dir="ltr" maxLength={100} {...text('name')} />
          <TextField label={t('admin.currencies.name_ar')} required dir="rtl" lang="ar" maxLength={100} {...text('name_ar')} />
        </div>
        <div className="admin-currencies__pair">
          <TextField label={t('admin.currencies.symbol')} required dir="ltr" maxLength={10} {...text('symbol')} />
          <TextField label={t('admin.currencies.symbol_ar')} required dir="rtl" lang="ar" maxLength={10} {...text('symbol_ar')} />
        </div>
        <div className="admin-currencies__pair">
          <TextField
            label={t('admin.currencies.rate')}
            hint={isDefault ? t('admin.currencies.default_locked') : t('admin.currencies.rate_hint', { code: defaultCode })}
            required
            inputMode="decimal"
            dir="ltr"
            readOnly={isDefault}
            {...text('rate_from_default')}
          />
          <TextField
            label={t('admin.currencies.decimals')}
            required
            type="number"
            min={0}
            max={4}
            dir="ltr"
            {...text('decimals')}
          />
        </div>
        <SelectField
          label={t('admin.currencies.position')}
          id="currency-position"
          value={form.position}
          error={errors.position}
          onChange={(e) => set('position', e.target.value === 'prefix' ? 'prefix' : 'suffix')}
          data-testid="currency-position"
        >
          <option value="prefix">{t('admin.currencies.position_prefix')}</option>
          <option value="suffix">{t('admin.currencies.position_suffix')}</option>
        </SelectField>
        <div className="field">
          <label className="admin-settings__switch" htmlFor="currency-active">
            <input
              id="currency-active"
              type="checkbox"
              role="switch"
              checked={form.is_active}
              disabled={isDefault}
              onChange={(e) => set('is_active', e.target.checked)}
              aria-describedby={errors.is_active ? 'currency-active-error' : undefined}
              aria-invalid={errors.is_active ? true : undefined}
              data-testid="currency-is_active"
            />
            <span>{t('admin.currencies.active')}</span>
          </label>
          {errors.is_active ? (
            <p className="field__error" id="currency-active-error">
              <bdi>{errors.is_active}</bdi>
            </p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={busy} testId="currency-save">
            {t('admin.currencies.save')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

interface VatRow {
  id?: number;
  name: string;
  name_ar: string;
  percentage: string;
  is_active: boolean;
}
const vatRowsOf = (d: AdminVatTaxes): VatRow[] =>
  d.vat_taxes.map((v) => ({
    id: v.id,
    name: v.name,
    name_ar: v.name_ar ?? '',
    percentage: String(v.percentage),
    is_active: v.is_active,
  }));

/** The VAT taxes: each row's changed fields are sent, new rows are added; one save for all. */
function Vat({ data }: { data: AdminVatTaxes }) {
  const t = useT();
  const fetcher = useFetcher<CurrenciesActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const saved = vatRowsOf(data);
  const [rows, setRows] = useState<VatRow[]>(saved);
  const [base, setBase] = useState(data);
  // The loader brought the saved taxes again (after this save or another): the form starts from them.
  if (base !== data && navigation.state === 'idle') {
    setBase(data);
    setRows(saved);
  }
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t('admin.vat.saved'));
    },
  });
  const set = (i: number, patch: Partial<VatRow>) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
    for (const k of Object.keys(patch)) clear(`vat_taxes.${i}.${k}`);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string | undefined> = {};
    const items: Array<Record<string, unknown>> = [];
    rows.forEach((r, i) => {
      const pct = Number(r.percentage.trim().replace(',', '.'));
      if (r.percentage.trim() === '' || !Number.isFinite(pct) || pct < 0 || pct > 100 || Math.round(pct * 100) !== pct * 100)
        local[`vat_taxes.${i}.percentage`] = t('admin.vat.error.percentage');
      if (!r.name.trim()) local[`vat_taxes.${i}.name`] = t('admin.settings.error.required');
      if (!r.name_ar.trim()) local[`vat_taxes.${i}.name_ar`] = t('admin.settings.error.required');
      const was = saved.find((s) => s.id !== undefined && s.id === r.id);
      const item: Record<string, unknown> = r.id ? { id: r.id } : {};
      if (!was || was.name !== r.name) item.name = r.name;
      if (!was || was.name_ar !== r.name_ar) item.name_ar = r.name_ar;
      if (!was || was.percentage !== r.percentage) item.percentage = pct;
      if (!was || was.is_active !== r.is_active) item.is_active = r.is_active;
      if (Object.keys(item).length > (r.id ? 1 : 0)) items.push(item);
    });
    if (!check(local)) return;
    if (!items.length) {
      toast.info(t('admin.settings.nothing_changed'));
      return;
    }
    void fetcher.submit({ intent: 'vat', body: JSON.stringify({ vat_taxes: items }) }, { method: 'post' });
  };

  return (
    <section className="acc-card admin-settings__section" aria-labelledby="vat-title" data-testid="vat-section">
      <h2 className="admin-settings__section-title" id="vat-title">
        {t('admin.vat.heading')}
      </h2>
      <p className="muted">{t('admin.vat.lead')}</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="vat-form">
        {rows.length === 0 ? <p className="muted">{t('admin.vat.empty')}</p> : null}
        {rows.map((r, i) => (
          <div key={r.id ?? `new-${i}`} className="admin-vat__row" data-testid="vat-row">
            <TextField
              label={t('admin.vat.name')}
              id={`vat-${i}-name`}
              dir="ltr"
              value={r.name}
              maxLength={100}
              error={errors[`vat_taxes.${i}.name`]}
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <TextField
              label={t('admin.vat.name_ar')}
              id={`vat-${i}-name_ar`}
              dir="rtl"
              lang="ar"
              value={r.name_ar}
              maxLength={100}
              error={errors[`vat_taxes.${i}.name_ar`]}
              onChange={(e) => set(i, { name_ar: e.target.value })}
            />
            <TextField
              label={t('admin.vat.percentage')}
              id={`vat-${i}-percentage`}
              dir="ltr"
              inputMode="decimal"
              value={r.percentage}
              error={errors[`vat_taxes.${i}.percentage`]}
              onChange={(e) => set(i, { percentage: e.target.value })}
              data-testid="vat-percentage"
            />
            <div className="field admin-vat__active">
              <label className="admin-settings__switch" htmlFor={`vat-${i}-active`}>
                <input
                  id={`vat-${i}-active`}
                  type="checkbox"
                  role="switch"
                  checked={r.is_active}
                  onChange={(e) => set(i, { is_active: e.target.checked })}
                />
                <span>{t('admin.vat.active')}</span>
              </label>
              {r.id === undefined ? (
                <button type="button" className="btn btn-sm" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                  {t('admin.vat.remove_new')}
                </button>
              ) : null}
            </div>
          </div>
        ))}
        <div className="admin-currencies__head">
          <button
            type="button"
            className="btn"
            onClick={() => setRows((rs) => [...rs, { name: '', name_ar: '', percentage: '', is_active: true }])}
            data-testid="vat-add"
          >
            {t('admin.vat.add')}
          </button>
          <SubmitButton busy={busy} testId="vat-save">
            {t('admin.vat.save')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
