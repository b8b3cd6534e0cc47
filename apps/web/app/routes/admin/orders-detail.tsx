import type { AdminOrder } from '@souq/contracts';
import { orderStatusKeyOf } from '@souq/contracts/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { ADMIN_ORDERS, adminOrderAction, isNotFound, loadAdminOrder } from '~/features/admin/orders-data';
import { MethodName, Omr, RefundBadge, RefundDialog, useMethodName, useOmr } from '~/features/admin/orders-parts';
import { sellerMeta } from '~/features/seller/meta';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import type { Route } from './+types/orders-detail';

export const meta = sellerMeta('page.admin_order_detail');

export const clientLoader = loadAdminOrder;
export const clientAction = adminOrderAction;

function Back() {
  const { t } = useSite();
  return (
    <Link to={ADMIN_ORDERS} className="admin-orders__back" data-testid="admin-order-back">
      {t('admin_orders.back')}
    </Link>
  );
}

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="admin-order" data-testid="admin-order">
      <Back />
      <AccountHeading title={t('page.admin_orders')} />
      <div className="skeleton admin-orders__skeleton" aria-busy="true" />
    </div>
  );
}

/** A label and its value, in a definition list. */
function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="admin-order__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The refund panel: what was paid and refunded, the button (or why there is none), the history. */
function RefundPanel({ order }: { order: AdminOrder }) {
  const { t, locale } = useSite();
  const omr = useOmr();
  const methodName = useMethodName();
  const [open, setOpen] = useState(false);
  const r = order.refund;
  return (
    <section className="admin-order__card admin-order__refund" aria-labelledby="refund-title" data-testid="admin-order-refund">
      <h2 id="refund-title" className="admin-order__title">
        {t('admin_orders.refund.title')}
      </h2>
      <dl className="admin-order__list">
        <Row label={t('admin_orders.refund.state')}>
          <RefundBadge status={r.status} />
        </Row>
        <Row label={t('admin_orders.refund.paid')}>
          <Omr amount={r.paid_amount} />
        </Row>
        <Row label={t('admin_orders.refund.refunded')} testId="admin-order-refunded">
          <Omr amount={r.refunded_amount} />
        </Row>
        <Row label={t('admin_orders.refund.left')}>
          <Omr amount={r.refundable} />
        </Row>
      </dl>
      {r.can_refund ? (
        <button type="button" className="btn btn-primary" onClick={() => setOpen(true)} data-testid="admin-refund-open">
          {t(r.method === 'gateway' ? 'admin_orders.refund.open' : 'admin_orders.refund.record')}
        </button>
      ) : r.blocked_reason ? (
        <p className="muted" data-testid="admin-refund-blocked">
          {r.blocked_reason}
        </p>
      ) : null}
      <h3 className="admin-order__subtitle">{t('admin_orders.refund.history')}</h3>
      {r.refunds.length === 0 ? (
        <p className="muted">{t('admin_orders.refund.history_empty')}</p>
      ) : (
        <ol className="admin-order__refunds" data-testid="admin-refund-history">
          {r.refunds.map((x) => (
            <li key={x.id} className="admin-order__refund-item" data-testid="admin-refund-item" data-status={x.status}>
              <div className="admin-order__refund-head">
                <strong>{omr(x.amount)}</strong>
                <span className={`admin-orders__badge admin-orders__badge--${x.status === 'succeeded' ? 'refunded' : x.status}`}>
                  {t(`admin_orders.refund.row_status.${x.status}`)}
                </span>
                <span className="muted">
                  {x.method === 'gateway' ? methodName(x.gateway ?? '') : t('admin_orders.refund.manual')}
                </span>
              </div>
              <p className="admin-order__refund-reason" dir="auto">
                {x.reason}
              </p>
              {x.failure ? (
                <p className="acc-error" dir="auto">
                  {x.failure}
                </p>
              ) : null}
              <p className="muted admin-order__refund-meta">
                <time dateTime={x.created_at}>{formatDateTime(x.created_at, locale)}</time> ·{' '}
                {t('admin_orders.refund.by', { name: x.operator.name })}
                {x.gateway_refund_id ? (
                  <>
                    {' '}
                    · <code dir="ltr">{x.gateway_refund_id}</code>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      <RefundDialog order={order} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

/** /admin/orders/:id: one order with its items, shop, customer, payments and refunds. */
export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { order } = loaderData;
  if (order.error !== undefined)
    return (
      <div className="admin-order" data-testid="admin-order">
        <Back />
        <AccountHeading title={t('page.admin_orders')} />
        {isNotFound(order) ? (
          <div className="acc-empty" data-testid="admin-order-missing">
            <h2 className="acc-empty__title">{t('admin_orders.not_found')}</h2>
          </div>
        ) : (
          <LoadFailed message={order.error} />
        )}
      </div>
    );
  const o = order.data;
  const a = o.address;
  const address = [a.name, a.phone, a.flat_no, a.address_line, a.address_line2, a.area, a.post_code]
    .filter(Boolean)
    .join(locale === 'ar' ? '، ' : ', ');
  return (
    <div className="admin-order" data-testid="admin-order" data-order={o.order_code}>
      <Back />
      <AccountHeading title={t('page.admin_order', { code: o.order_code })} />
      <div className="admin-order__grid">
        <section className="admin-order__card" aria-labelledby="summary-title">
          <h2 id="summary-title" className="admin-order__title">
            {t('admin_orders.summary')}
          </h2>
          <dl className="admin-order__list">
            <Row label={t('admin_orders.col_status')} testId="admin-order-status">
              {t(`orders.status.${orderStatusKeyOf(o.order_status)}`)}
            </Row>
            <Row label={t('admin_orders.col_payment')}>
              <MethodName method={o.payment_method} /> · {t(`admin_orders.${o.payment_status === 'Paid' ? 'paid' : 'unpaid'}`)}
            </Row>
            <Row label={t('admin_orders.placed_at')}>
              <time dateTime={o.created_at}>{formatDateTime(o.created_at, locale)}</time>
            </Row>
            {o.paid_at ? (
              <Row label={t('admin_orders.paid_at')}>
                <time dateTime={o.paid_at}>{formatDateTime(o.paid_at, locale)}</time>
              </Row>
            ) : null}
            <Row label={t('admin_orders.shop_label')}>
              <bdi>{o.shop.name}</bdi>
              <span className="admin-order__sub">
                {t('admin_orders.shop')}: <bdi>{o.shop.id}</bdi>
              </span>
            </Row>
            <Row label={t('admin_orders.customer')}>
              <bdi>{o.customer.name}</bdi>
              {o.customer.phone ? (
                <span className="admin-order__sub">
                  <bdi dir="ltr">{o.customer.phone}</bdi>
                </span>
              ) : null}
              {o.customer.email ? (
                <span className="admin-order__sub">
                  <bdi dir="ltr">{o.customer.email}</bdi>
                </span>
              ) : null}
            </Row>
            <Row label={t('admin_orders.address')}>
              <bdi>{address}</bdi>
            </Row>
            {o.note ? (
              <Row label={t('admin_orders.note')}>
                <bdi>{o.note}</bdi>
              </Row>
            ) : null}
          </dl>
        </section>

        <RefundPanel order={o} />

        <section className="admin-order__card" aria-labelledby="items-title">
          <h2 id="items-title" className="admin-order__title">
            {t('admin_orders.items')}
          </h2>
          <ul className="admin-order__items">
            {o.products.map((p) => (
              <li key={p.line_id} className="admin-order__item">
                <span dir="auto">{p.name}</span>
                <span className="muted">{t('admin_orders.qty', { count: p.quantity })}</span>
                <Omr amount={p.total} />
              </li>
            ))}
          </ul>
          <dl className="admin-order__list admin-order__totals">
            <Row label={t('admin_orders.subtotal')}>
              <Omr amount={o.total_amount} />
            </Row>
            <Row label={t('admin_orders.delivery')}>
              <Omr amount={o.delivery_charge} />
            </Row>
            {o.coupon_discount > 0 ? (
              <Row label={t('admin_orders.discount')}>
                <Omr amount={-o.coupon_discount} />
              </Row>
            ) : null}
            <Row label={t('admin_orders.tax')}>
              <Omr amount={o.order_tax_amount} />
            </Row>
            <Row label={t('admin_orders.payable')} testId="admin-order-payable">
              <strong>
                <Omr amount={o.payable_amount} />
              </strong>
            </Row>
          </dl>
        </section>

        <section className="admin-order__card" aria-labelledby="payments-title">
          <h2 id="payments-title" className="admin-order__title">
            {t('admin_orders.payments')}
          </h2>
          {o.payments.length === 0 ? (
            <p className="muted">{t('admin_orders.payments_none')}</p>
          ) : (
            <ul className="admin-order__plain">
              {o.payments.map((p) => (
                <li key={p.id}>
                  <PaymentLine gateway={p.gateway} amount={p.amount} status={p.status} />
                </li>
              ))}
            </ul>
          )}
          <h3 className="admin-order__subtitle">{t('admin_orders.history')}</h3>
          <ol className="admin-order__plain">
            {o.status_history.map((h, i) => (
              <li key={i}>
                {t(`orders.status.${orderStatusKeyOf(h.status)}`)} ·{' '}
                <time dateTime={h.created_at}>{formatDateTime(h.created_at, locale)}</time>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

function PaymentLine({ gateway, amount, status }: { gateway: string; amount: number; status: string }) {
  const { t } = useSite();
  const omr = useOmr();
  const methodName = useMethodName();
  return (
    <>
      {t('admin_orders.payment_row', {
        gateway: methodName(gateway),
        amount: omr(amount),
        status: t(`admin_orders.payment_state.${status}`),
      })}
    </>
  );
}
