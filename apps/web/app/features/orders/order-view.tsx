import type { CustomerOrderDetail, OrderDetail } from '@souq/contracts';
import type { ReactNode } from 'react';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';
import { CheckIcon } from '~/shared/ui/icons';
import { orderStatuses } from '@souq/contracts/constants';
import { formatDateTime, PaymentStatusBadge, paymentMethodLabel, statusLabel } from './status';

/**
 * The customer's order or the seller's: both carry our payment values in `payment_state` and
 * `payment_method_code` (the customer's `payment_status`/`payment_method` are the original web client's words).
 */
type Order = OrderDetail | CustomerOrderDetail;

/**
 * The order's path: the six steps of the chain, each done one with its time; a cancelled order shows
 * the steps it went through and then Cancelled.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const { t, locale } = useSite();
  const times = new Map(order.status_history.map((h) => [h.status, h.created_at]));
  const cancelled = order.order_status === 'Cancelled';
  const steps = cancelled ? order.status_history.map((h) => h.status) : orderStatuses.filter((s) => s !== 'Cancelled');
  const currentIndex = steps.indexOf(order.order_status);
  return (
    <ol
      className={`ord-timeline${cancelled ? ' is-cancelled' : ''}`}
      aria-label={t('orders.timeline')}
      data-testid="order-timeline"
    >
      {steps.map((s, i) => {
        const at = times.get(s);
        const state = i < currentIndex || (at && i !== currentIndex) ? 'done' : i === currentIndex ? 'current' : 'todo';
        return (
          <li
            key={s}
            className={`ord-step ord-step--${state}${s === 'Cancelled' ? ' ord-step--cancelled' : ''}`}
            data-testid="timeline-step"
            data-status={s}
            aria-current={i === currentIndex ? 'step' : undefined}
          >
            <span className="circle ord-step__dot" aria-hidden="true">
              {state === 'todo' ? null : <CheckIcon size={14} />}
            </span>
            <span className="ord-step__text">
              <span className="ord-step__name">{statusLabel(t, s)}</span>
              {at ? (
                <time className="ord-step__time muted" dateTime={at} data-testid="timeline-time">
                  {formatDateTime(at, locale)}
                </time>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** `lineExtra`: what a screen adds under a line (the customer's review of a delivered product). */
export function OrderItems({ order, lineExtra }: { order: Order; lineExtra?: (item: Order['products'][number]) => ReactNode }) {
  const { t, money } = useSite();
  return (
    <ul className="ord-items" data-testid="order-items">
      {order.products.map((p) => (
        <li className="ord-item" key={p.line_id} data-testid="order-item">
          <Img src={p.thumbnail} alt={p.name} width={72} height={72} className="ord-item__img" />
          <div className="ord-item__body">
            <p className="ord-item__name">{p.name}</p>
            <p className="ord-item__opts muted">
              {p.color_detail ? (
                <span className="ord-item__opt">
                  <span className="ord-item__swatch" style={{ background: p.color_detail.color_code }} aria-hidden="true" />
                  {t('orders.colour')}: {p.color}
                </span>
              ) : null}
              {p.size ? (
                <span className="ord-item__opt">
                  {t('orders.size')}: {p.size}
                </span>
              ) : null}
              <span className="ord-item__opt">
                {t('orders.qty')}: <bdi>{p.quantity}</bdi>
              </span>
            </p>
            <p className="ord-item__unit">
              <bdi>{money(p.unit_price)}</bdi>
              {p.price > p.unit_price ? (
                <del className="muted">
                  <bdi>{money(p.price)}</bdi>
                </del>
              ) : null}
              <span className="muted"> × {p.quantity}</span>
            </p>
            {lineExtra?.(p)}
          </div>
          <strong className="ord-item__total">
            <bdi>{money(p.total)}</bdi>
          </strong>
        </li>
      ))}
    </ul>
  );
}

function Line({ label, children, testId, strong }: { label: ReactNode; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={`ord-sum__line${strong ? ' ord-sum__line--total' : ''}`} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Total, delivery, voucher discount, each VAT line, payable. */
export function OrderAmounts({ order }: { order: Order }) {
  const { t, money } = useSite();
  return (
    <dl className="ord-sum" data-testid="order-amounts">
      <Line label={t('orders.subtotal')}>
        <bdi>{money(order.total_amount)}</bdi>
      </Line>
      <Line label={t('orders.delivery')}>
        {order.delivery_charge > 0 ? <bdi>{money(order.delivery_charge)}</bdi> : t('orders.free')}
      </Line>
      {order.coupon_discount > 0 ? (
        <Line
          label={
            <>
              {t('orders.voucher_discount')}
              {order.coupon ? (
                <>
                  {' '}
                  <bdi className="ord-code" dir="ltr">
                    {order.coupon.code}
                  </bdi>
                </>
              ) : null}
            </>
          }
        >
          <bdi>-{money(order.coupon_discount)}</bdi>
        </Line>
      ) : null}
      {order.taxes.map((tax) => (
        <Line key={tax.id} label={`${tax.name} (${tax.percentage}%)`}>
          <bdi>{money(tax.amount)}</bdi>
        </Line>
      ))}
      <Line label={t('orders.payable')} testId="order-payable" strong>
        <bdi>{money(order.payable_amount)}</bdi>
      </Line>
    </dl>
  );
}

export function OrderAddress({ order }: { order: Order }) {
  const { t, locale } = useSite();
  const a = order.address;
  const sep = locale === 'ar' ? '، ' : ', ';
  const parts = [a.flat_no, a.address_line, a.address_line2, a.area, a.post_code].filter(Boolean);
  return (
    <address className="ord-address" data-testid="order-address">
      <strong>{a.name}</strong>
      <span>
        {parts.map((p, i) => (
          <span key={i}>
            {i > 0 ? sep : null}
            <bdi>{p}</bdi>
          </span>
        ))}
      </span>
      <span className="muted">
        {t('orders.phone')}: <bdi dir="ltr">{a.phone}</bdi>
      </span>
    </address>
  );
}

/** The payment method and status; for a bank transfer, the bank details from settings. */
export function OrderPayment({ order, showBank = true }: { order: Order; showBank?: boolean }) {
  const { t, master, locale } = useSite();
  const bank = master.bank;
  return (
    <div className="ord-payment" data-testid="order-payment">
      <p className="ord-payment__row">
        <span>{paymentMethodLabel(t, order.payment_method_code, master.payment_gateways)}</span>
        <PaymentStatusBadge status={order.payment_state} />
      </p>
      {order.paid_at ? (
        <p className="muted">
          {t('orders.paid_at')}: {formatDateTime(order.paid_at, locale)}
        </p>
      ) : null}
      {order.refund_state !== 'none' ? (
        <p className={`ord-refund ord-refund--${order.refund_state}`} data-testid="order-refund" data-state={order.refund_state}>
          {t(order.refund_state === 'due' ? 'orders.refund_due' : 'orders.refund_done')}
        </p>
      ) : null}
      {showBank && order.payment_method_code === 'bank' && order.payment_state === 'Unpaid' ? (
        <div className="ord-bank" data-testid="bank-details">
          <p className="ord-bank__note">{t('orders.bank_note', { code: order.order_code })}</p>
          <dl className="ord-sum">
            <Line label={t('orders.bank_name')}>{bank.bank_name}</Line>
            <Line label={t('orders.account_name')}>{bank.account_name}</Line>
            <Line label={t('orders.account_number')}>
              <bdi dir="ltr">{bank.account_number}</bdi>
            </Line>
            <Line label={t('orders.iban')}>
              <bdi dir="ltr">{bank.iban}</bdi>
            </Line>
          </dl>
          {bank.note ? <p className="muted">{bank.note}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/** A titled block of the details page. */
export function OrderSection({ title, children, className = '' }: { title: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`acc-card ord-section ${className}`}>
      <h2 className="ord-section__title">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The body of an order's page, the same for its customer and its shop's seller: the timeline, the items,
 * and beside them the amounts, payment, address and note. `showBank`: the bank details for an unpaid
 * transfer (the customer's page only).
 */
export function OrderBody({
  order,
  showBank = true,
  lineExtra,
}: {
  order: Order;
  showBank?: boolean;
  lineExtra?: (item: Order['products'][number]) => ReactNode;
}) {
  const { t } = useSite();
  return (
    <>
      <OrderSection title={t('orders.timeline')}>
        <OrderTimeline order={order} />
      </OrderSection>
      <div className="ord-grid">
        <OrderSection title={t('orders.items')} className="ord-grid__main">
          <OrderItems order={order} lineExtra={lineExtra} />
        </OrderSection>
        <div className="ord-grid__side">
          <OrderSection title={t('orders.summary')}>
            <OrderAmounts order={order} />
          </OrderSection>
          <OrderSection title={t('orders.payment_method')}>
            <OrderPayment order={order} showBank={showBank} />
          </OrderSection>
          <OrderSection title={t('orders.address')}>
            <OrderAddress order={order} />
          </OrderSection>
          {order.note ? (
            <OrderSection title={t('orders.note')}>
              <p className="ord-note">{order.note}</p>
            </OrderSection>
          ) : null}
        </div>
      </div>
    </>
  );
}
