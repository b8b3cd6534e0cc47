import type { Checkout } from '@souq/contracts';
import { useMemo } from 'react';
import { Form, useNavigation } from 'react-router';
import { useSite } from '~/shared/site';

/** The payment methods the settings enable (decision 018): cash, bank, and active online gateways. */
export function usePaymentMethods(): Array<{ id: string; label: string }> {
  const { master, t } = useSite();
  return useMemo(() => {
    const list: Array<{ id: string; label: string }> = [];
    if (master.cash_on_delivery) list.push({ id: 'cash', label: t('checkout.cash') });
    if (master.bank_transfer) list.push({ id: 'bank', label: t('checkout.bank') });
    if (master.online_payment)
      for (const g of master.payment_gateways) if (g.is_active) list.push({ id: g.name.toLowerCase(), label: g.title || g.name });
    return list;
  }, [master, t]);
}

/**
 * The coupon code: a GET form, so applying it puts `?coupon=` in the address and the checkout's loader
 * asks the amounts with it (a refused one comes back as `error`, and the amounts without it).
 */
export function CouponForm({ applied, error }: { applied: string | null; error: string | null }) {
  const { t } = useSite();
  const navigation = useNavigation();
  const applying = navigation.state === 'loading' && navigation.location.search.includes('coupon=');
  return (
    <>
      <Form method="get" replace preventScrollReset className="coupon-form">
        <label htmlFor="coupon-code" className="sr-only">
          {t('checkout.coupon_code')}
        </label>
        <input
          id="coupon-code"
          name="coupon"
          className="input"
          defaultValue={applied ?? ''}
          placeholder={t('checkout.coupon_code')}
          maxLength={50}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-error' : undefined}
        />
        <button type="submit" className="btn btn-ghost" disabled={applying} aria-busy={applying || undefined}>
          {t('checkout.apply')}
        </button>
      </Form>
      {error ? (
        <p className="field-error" id="coupon-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function SummaryRows({ checkout }: { checkout: Checkout['checkout'] }) {
  const { t, money } = useSite();
  return (
    <dl className="summary">
      <div>
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{money(checkout.total_amount)}</dd>
      </div>
      <div>
        <dt>{t('checkout.delivery')}</dt>
        <dd data-testid="summary-delivery">
          {checkout.delivery_charge > 0 ? money(checkout.delivery_charge) : t('checkout.free')}
        </dd>
      </div>
      {checkout.coupon_discount > 0 ? (
        <div className="summary__discount">
          <dt>{t('checkout.discount')}</dt>
          <dd data-testid="summary-discount">−{money(checkout.coupon_discount)}</dd>
        </div>
      ) : null}
      {checkout.all_vat_taxes.map((tax) => (
        <div key={tax.id}>
          <dt>{t('checkout.vat', { name: tax.name, percentage: tax.percentage })}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      <div className="summary__total">
        <dt>{t('checkout.payable')}</dt>
        <dd data-testid="summary-payable">{money(checkout.payable_amount)}</dd>
      </div>
    </dl>
  );
}

/** The shop's bank account, shown when paying by bank transfer. */
export function BankDetails() {
  const { t, master } = useSite();
  return (
    <dl className="bank-details" data-testid="bank-details">
      <div>
        <dt>{t('checkout.bank_name')}</dt>
        <dd>{master.bank.bank_name}</dd>
      </div>
      <div>
        <dt>{t('checkout.account_name')}</dt>
        <dd>{master.bank.account_name}</dd>
      </div>
      <div>
        <dt>{t('checkout.account_number')}</dt>
        <dd>
          <bdi dir="ltr">{master.bank.account_number}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t('checkout.iban')}</dt>
        <dd>
          <bdi dir="ltr">{master.bank.iban}</bdi>
        </dd>
      </div>
      {master.bank.note ? <p className="muted">{master.bank.note}</p> : null}
    </dl>
  );
}

/** The payment methods as a radio group, and the bank's details under a bank transfer. */
export function PaymentMethods({ method, onChange }: { method: string | null; onChange(id: string): void }) {
  const { t } = useSite();
  const methods = usePaymentMethods();
  return (
    <>
      {methods.length ? (
        <div className="pay-methods" role="radiogroup" aria-labelledby="co-payment">
          {methods.map((m) => (
            <label key={m.id} className={m.id === method ? 'pay-method is-selected' : 'pay-method'}>
              <input type="radio" name="payment" value={m.id} checked={m.id === method} onChange={() => onChange(m.id)} />
              {m.label}
            </label>
          ))}
        </div>
      ) : (
        <p className="muted">{t('checkout.no_payment')}</p>
      )}
      {method === 'bank' ? <BankDetails /> : null}
    </>
  );
}
