import { Form, Link, useNavigation } from 'react-router';
import { ADMIN_ORDERS_PER_PAGE, PAYMENT_STATUS_KEYS } from '@souq/contracts/admin-orders-constants';
import { orderStatusKeyOf, orderStatusKeys } from '@souq/contracts/constants';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { ADMIN_ORDERS, loadAdminOrders, ordersHref } from '~/features/admin/orders-data';
import { MethodName, Omr, RefundBadge } from '~/features/admin/orders-parts';
import { sellerMeta } from '~/features/seller/meta';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { SelectField, TextField } from '~/shared/ui/form';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/orders';

export const meta = sellerMeta('page.admin_orders');

export const clientLoader = loadAdminOrders;

function Skeleton() {
  return <div className="skeleton admin-orders__skeleton" aria-busy="true" />;
}

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="admin-orders" data-testid="admin-orders">
      <AccountHeading title={t('admin_orders.title')} />
      <Skeleton />
    </div>
  );
}

/** /admin/orders?q=&status=&payment=&shop=&page=: every shop's orders, newest first (BACKOFFICE.md "Operator console"). */
export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { status, payment, shop, q, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === ADMIN_ORDERS;
  const filtered = Boolean(status || payment || shop || q);
  const formKey = `${q}|${status ?? ''}|${payment ?? ''}|${shop ?? ''}`;

  return (
    <div className="admin-orders" data-testid="admin-orders">
      <AccountHeading title={t('admin_orders.title')} />
      <p className="muted seller-lead">{t('admin_orders.lead')}</p>
      <Form
        method="get"
        action={ADMIN_ORDERS}
        className="admin-audit__filters admin-orders__filters"
        aria-label={t('admin_orders.filters')}
        role="search"
        key={formKey}
      >
        <TextField
          label={t('admin_orders.search_hint')}
          fieldClassName="admin-orders__search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          autoComplete="off"
          data-testid="admin-orders-search"
        />
        <SelectField
          label={t('admin_orders.order_status')}
          fieldClassName="admin-audit__filter"
          name="status"
          defaultValue={status ?? ''}
          data-testid="admin-orders-status"
        >
          <option value="">{t('admin_orders.any')}</option>
          {orderStatusKeys.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin_orders.payment_status')}
          fieldClassName="admin-audit__filter"
          name="payment"
          defaultValue={payment ?? ''}
          data-testid="admin-orders-payment"
        >
          <option value="">{t('admin_orders.any')}</option>
          {PAYMENT_STATUS_KEYS.map((p) => (
            <option key={p} value={p}>
              {t(`admin_orders.${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('admin_orders.shop')}
          fieldClassName="admin-orders__shop"
          name="shop"
          inputMode="numeric"
          pattern="[0-9]*"
          defaultValue={shop ? String(shop) : ''}
          dir="ltr"
          data-testid="admin-orders-shop"
        />
        <div className="admin-orders__buttons">
          <button type="submit" className="btn btn-primary" data-testid="admin-orders-apply">
            {t('admin_orders.apply')}
          </button>
          {filtered ? (
            <Link to={ADMIN_ORDERS} className="btn" data-testid="admin-orders-clear">
              {t('admin_orders.clear')}
            </Link>
          ) : null}
        </div>
      </Form>
      {loading ? (
        <Skeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.orders.length === 0 ? (
        <div className="acc-empty" data-testid="admin-orders-empty">
          <h2 className="acc-empty__title">{t(filtered ? 'admin_orders.empty_filtered' : 'admin_orders.empty')}</h2>
          {filtered ? null : <p className="muted">{t('admin_orders.empty_text')}</p>}
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite" data-testid="admin-orders-count">
            {t('admin_orders.count', { count: list.data.total })}
          </p>
          {/* A wide table scrolls inside its box, never the page; the box is focusable so a keyboard can scroll it. */}
          <div className="admin-audit__scroll" tabIndex={0} role="region" aria-label={t('admin_orders.title')}>
            <table className="admin-audit__table admin-orders__table" data-testid="admin-orders-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin_orders.col_order')}</th>
                  <th scope="col">{t('admin_orders.col_date')}</th>
                  <th scope="col">{t('admin_orders.col_shop')}</th>
                  <th scope="col">{t('admin_orders.col_customer')}</th>
                  <th scope="col">{t('admin_orders.col_amount')}</th>
                  <th scope="col">{t('admin_orders.col_payment')}</th>
                  <th scope="col">{t('admin_orders.col_status')}</th>
                  <th scope="col">{t('admin_orders.col_refund')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.orders.map((o) => (
                  <tr key={o.id} data-testid="admin-order-row" data-order={o.order_code}>
                    <th scope="row">
                      <Link
                        to={`${ADMIN_ORDERS}/${o.id}`}
                        className="admin-orders__code"
                        dir="ltr"
                        data-testid="admin-order-link"
                      >
                        {o.order_code}
                      </Link>
                    </th>
                    <td className="admin-audit__when">
                      <time dateTime={o.created_at}>{formatDateTime(o.created_at, locale)}</time>
                    </td>
                    <td>
                      <bdi>{o.shop.name}</bdi>
                    </td>
                    <td>
                      <bdi>{o.customer.name}</bdi>
                      {o.customer.phone ? (
                        <span className="admin-audit__role">
                          <bdi dir="ltr">{o.customer.phone}</bdi>
                        </span>
                      ) : null}
                    </td>
                    <td className="admin-orders__money">
                      <Omr amount={o.amount} />
                    </td>
                    <td>
                      <MethodName method={o.payment_method} />
                      <span className="admin-audit__role">
                        {t(`admin_orders.${o.payment_status === 'Paid' ? 'paid' : 'unpaid'}`)}
                      </span>
                    </td>
                    <td>{t(`orders.status.${orderStatusKeyOf(o.order_status)}`)}</td>
                    <td>
                      <RefundBadge status={o.refund_status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={ADMIN_ORDERS_PER_PAGE}
            hrefFor={(p) => ordersHref({ status, payment, shop, q, page: p })}
          />
        </>
      )}
    </div>
  );
}
