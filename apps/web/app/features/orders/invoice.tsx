import type { CustomerOrderDetail, OrderDetail } from '@souq/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '~/shared/money';
import { useSite } from '~/shared/site';
import { formatDateTime, paymentMethodLabel } from './status';

/**
 * An order's tax invoice (issue 39), printable on one A4 page per order in either language: the shop,
 * the order's code and date, the customer and delivery address, each line with quantity, unit price and
 * total, the voucher, delivery, each VAT rate with its amount, and the payable total. Amounts are in the
 * marketplace's default currency (the order's), whatever currency the visitor browses in. The page's
 * print style leaves only this on paper (invoice.css, imported by styles.css).
 */
/** The page's frame: its one landmark (the skip link's target elsewhere), no site header or footer. */
function Page({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <main id="main" className="invoice-page" aria-busy={busy || undefined} data-testid="invoice-page">
      {children}
    </main>
  );
}

export function InvoiceSkeleton() {
  return (
    <Page busy>
      <div className="skeleton invoice-skeleton" data-testid="invoice-loading" />
    </Page>
  );
}

/** No invoice to show: not signed in, not found, or the order could not be read. */
export function InvoiceMissing({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page>
      <div className="acc-empty" data-testid="invoice-missing">
        <h1 className="acc-empty__title">{title}</h1>
        {children}
      </div>
    </Page>
  );
}

/** The customer's order or the seller's: our payment values are read from `payment_state`/`payment_method_code`. */
export function Invoice({ order, back }: { order: OrderDetail | CustomerOrderDetail; back: { to: string; label: string } }) {
  const { t, locale, master, dir } = useSite();
  const amount = (n: number) => formatMoney(n, master.currency, locale);
  const a = order.address;
  const sep = locale === 'ar' ? '، ' : ', ';
  const address = [a.flat_no, a.address_line, a.address_line2, a.area, a.post_code].filter(Boolean).join(sep);
  return (
    <Page>
      <div className="invoice-tools">
        <Link to={back.to} className="ord-back">
          {back.label}
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()} data-testid="invoice-print">
          {t('invoice.print')}
        </button>
      </div>
      <article className="invoice" dir={dir} aria-labelledby="invoice-title" data-testid="invoice">
        <header className="invoice__head">
          <div>
            <h1 className="invoice__title" id="invoice-title">
              {t('invoice.title')}
            </h1>
            <p className="invoice__meta">
              {t('invoice.number')}: <bdi dir="ltr">{order.order_code}</bdi>
            </p>
            <p className="invoice__meta">
              {t('invoice.date')}: <bdi>{formatDateTime(order.created_at, locale)}</bdi>
            </p>
          </div>
          <div className="invoice__seller">
            <p className="invoice__label">{t('invoice.seller')}</p>
            <p className="invoice__strong">
              <bdi>{order.shop.name}</bdi>
            </p>
            {order.shop.address ? <p>{order.shop.address}</p> : null}
            <p className="invoice__market">{t('invoice.marketplace', { name: master.app_name })}</p>
          </div>
        </header>

        <section className="invoice__parties" aria-label={t('invoice.bill_to')}>
          <div>
            <p className="invoice__label">{t('invoice.bill_to')}</p>
            <p className="invoice__strong">
              <bdi>{order.customer.name}</bdi>
            </p>
            {order.customer.phone ? (
              <p>
                <bdi dir="ltr">{order.customer.phone}</bdi>
              </p>
            ) : null}
          </div>
          <div>
            <p className="invoice__label">{t('invoice.ship_to')}</p>
            <p>
              <bdi>{a.name}</bdi>
            </p>
            <p>{address}</p>
          </div>
          <div>
            <p className="invoice__label">{t('invoice.payment')}</p>
            <p>{paymentMethodLabel(t, order.payment_method_code, master.payment_gateways)}</p>
            <p>{t(order.payment_state === 'Paid' ? 'invoice.paid' : 'invoice.unpaid')}</p>
          </div>
        </section>

        <div className="invoice__scroll" tabIndex={0} role="region" aria-label={t('invoice.lines')}>
          <table className="invoice__lines" data-testid="invoice-lines">
            <caption className="sr-only">{t('invoice.lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('invoice.item')}</th>
                <th scope="col" className="invoice__num">
                  {t('invoice.qty')}
                </th>
                <th scope="col" className="invoice__num">
                  {t('invoice.unit_price')}
                </th>
                <th scope="col" className="invoice__num">
                  {t('invoice.line_total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.products.map((p) => (
                <tr key={p.line_id} data-testid="invoice-line">
                  <td>
                    <bdi>{p.name}</bdi>
                    {p.color || p.size ? (
                      <span className="invoice__opts">
                        {[
                          p.color ? `${t('orders.colour')}: ${p.color}` : null,
                          p.size ? `${t('orders.size')}: ${p.size}` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    ) : null}
                  </td>
                  <td className="invoice__num">
                    <bdi>{p.quantity}</bdi>
                  </td>
                  <td className="invoice__num">
                    <bdi>{amount(p.unit_price)}</bdi>
                  </td>
                  <td className="invoice__num">
                    <bdi>{amount(p.total)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <dl className="invoice__sums" data-testid="invoice-sums">
          <div>
            <dt>{t('orders.subtotal')}</dt>
            <dd>
              <bdi>{amount(order.total_amount)}</bdi>
            </dd>
          </div>
          {order.coupon_discount > 0 ? (
            <div>
              <dt>
                {t('orders.voucher_discount')}
                {order.coupon ? (
                  <>
                    {' '}
                    <bdi dir="ltr">{order.coupon.code}</bdi>
                  </>
                ) : null}
              </dt>
              <dd>
                <bdi>-{amount(order.coupon_discount)}</bdi>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('orders.delivery')}</dt>
            <dd>
              <bdi>{amount(order.delivery_charge)}</bdi>
            </dd>
          </div>
          {order.taxes.map((tax) => (
            <div key={tax.id} data-testid="invoice-vat">
              <dt>{t('invoice.vat', { name: tax.name, rate: tax.percentage })}</dt>
              <dd>
                <bdi>{amount(tax.amount)}</bdi>
              </dd>
            </div>
          ))}
          <div className="invoice__total" data-testid="invoice-total">
            <dt>{t('orders.payable')}</dt>
            <dd>
              <bdi>{amount(order.payable_amount)}</bdi>
            </dd>
          </div>
        </dl>
        <p className="invoice__foot muted">{t('invoice.footer')}</p>
      </article>
    </Page>
  );
}
