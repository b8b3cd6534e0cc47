import type { AdminCustomer } from '@souq/contracts';
import { ADMIN_CUSTOMERS_PER_PAGE } from '@souq/contracts/admin-desk-constants';
import { useState } from 'react';
import { Form, useFetcher, useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { CUSTOMERS_HOME, customersAction, customersHref, loadCustomers } from '~/features/admin/desk-data';
import { sellerMeta } from '~/features/seller/meta';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { type ActionResult, useOnAnswer } from '~/shared/ui/form';
import { SearchIcon } from '~/shared/ui/icons';
import { Pagination } from '~/shared/ui/pagination';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/desk-customers';

export const meta = sellerMeta('page.admin_customers');

export const clientLoader = loadCustomers;
export const clientAction = customersAction;

function Skeleton() {
  return <div className="skeleton admin-audit__skeleton" aria-busy="true" data-testid="customers-loading" />;
}

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="admin-desk" data-testid="admin-customers">
      <AccountHeading title={t('admin.customers.title')} />
      <Skeleton />
    </div>
  );
}

/** Deactivate (every session ends at once) or activate one customer, asked first. */
function ToggleDialog({ customer, onClose }: { customer: AdminCustomer | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<AdminCustomer>>();
  // The customer asked about stays shown while the dialog closes.
  const [shown, setShown] = useState(customer);
  if (customer && customer !== shown) setShown(customer);
  useOnAnswer(fetcher.data, (answer) => {
    if (answer.ok)
      toast.success(
        t(answer.data.is_active ? 'admin.customers.activated' : 'admin.customers.deactivated', { name: answer.data.name }),
      );
    onClose();
  });
  const deactivating = shown?.is_active ?? true;
  return (
    <ConfirmDialog
      open={customer !== null}
      title={t(deactivating ? 'admin.customers.deactivate_title' : 'admin.customers.activate_title', { name: shown?.name ?? '' })}
      tone={deactivating ? 'danger' : 'primary'}
      busy={fetcher.state !== 'idle'}
      onConfirm={() =>
        customer && void fetcher.submit({ id: String(customer.id), active: customer.is_active ? '0' : '1' }, { method: 'post' })
      }
      onClose={onClose}
      testId="customer-toggle-dialog"
    >
      {t(deactivating ? 'admin.customers.deactivate_text' : 'admin.customers.activate_text')}
    </ConfirmDialog>
  );
}

/** /admin/customers?q=&page=: the customers, newest first, searched by name, phone or e-mail. */
export default function AdminCustomersPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { search, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === CUSTOMERS_HOME;
  const [asked, setAsked] = useState<AdminCustomer | null>(null);
  return (
    <div className="admin-desk" data-testid="admin-customers">
      <AccountHeading title={t('admin.customers.title')} />
      <p className="muted seller-lead">{t('admin.customers.lead')}</p>
      <Form method="get" action={CUSTOMERS_HOME} className="desk-search" role="search" aria-label={t('admin.customers.search')}>
        <div className="desk-search__box">
          <SearchIcon size={18} aria-hidden="true" />
          <label htmlFor="customers-search" className="sr-only">
            {t('admin.customers.search')}
          </label>
          <input
            id="customers-search"
            type="search"
            name="q"
            className="field__input"
            defaultValue={search}
            key={search}
            maxLength={100}
            placeholder={t('admin.customers.search_placeholder')}
            data-testid="customers-search"
          />
        </div>
        <button type="submit" className="btn" data-testid="customers-search-submit">
          {t('admin.desk.search_submit')}
        </button>
      </Form>
      {loading ? (
        <Skeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.customers.length === 0 ? (
        <div className="acc-empty" data-testid="customers-empty">
          <h2 className="acc-empty__title">{t(search ? 'admin.customers.empty_filtered' : 'admin.customers.empty')}</h2>
          {search ? null : <p className="muted">{t('admin.customers.empty_text')}</p>}
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite" data-testid="customers-count">
            {t('admin.customers.count', { count: list.data.total })}
          </p>
          <div className="admin-audit__scroll" tabIndex={0} role="region" aria-label={t('admin.customers.title')}>
            <table className="admin-audit__table desk-table" data-testid="customers-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.customers.name')}</th>
                  <th scope="col">{t('admin.customers.phone')}</th>
                  <th scope="col">{t('admin.customers.email')}</th>
                  <th scope="col">{t('admin.customers.orders')}</th>
                  <th scope="col">{t('admin.customers.joined')}</th>
                  <th scope="col">{t('admin.customers.status')}</th>
                  <th scope="col">{t('admin.customers.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.customers.map((c) => (
                  <tr key={c.id} data-testid="customer-row" data-customer={c.id}>
                    <td>
                      <bdi>{c.name}</bdi>
                    </td>
                    <td>
                      <bdi dir="ltr">{c.phone ?? '—'}</bdi>
                    </td>
                    <td>
                      <bdi dir="ltr">{c.email ?? '—'}</bdi>
                    </td>
                    <td>{c.orders_count}</td>
                    <td className="admin-audit__when">
                      <time dateTime={c.created_at}>{formatDate(c.created_at, locale)}</time>
                    </td>
                    <td>
                      <span className={`desk-pill${c.is_active ? '' : ' desk-pill--off'}`} data-testid="customer-status">
                        {t(c.is_active ? 'admin.customers.active' : 'admin.customers.inactive')}
                      </span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className={`btn btn-sm${c.is_active ? ' acc-btn-danger-outline' : ''}`}
                        aria-label={t(c.is_active ? 'admin.customers.deactivate_label' : 'admin.customers.activate_label', {
                          name: c.name,
                        })}
                        onClick={() => setAsked(c)}
                        data-testid={c.is_active ? 'customer-deactivate' : 'customer-activate'}
                      >
                        {t(c.is_active ? 'admin.customers.deactivate' : 'admin.customers.activate')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={ADMIN_CUSTOMERS_PER_PAGE}
            hrefFor={(p) => customersHref({ search, page: p })}
          />
        </>
      )}
      <ToggleDialog customer={asked} onClose={() => setAsked(null)} />
    </div>
  );
}
