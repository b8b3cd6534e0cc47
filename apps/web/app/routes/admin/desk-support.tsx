import type { AdminTicket } from '@souq/contracts';
import { ADMIN_TICKETS_PER_PAGE } from '@souq/contracts/admin-desk-constants';
import { Form, Link, useNavigation } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { DESK_HOME, deskHref, deskTicketHref, loadDeskList } from '~/features/admin/desk-data';
import { sellerMeta } from '~/features/seller/meta';
import { TicketStatusBadge, TicketTabs } from '~/features/support/status';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { SearchIcon } from '~/shared/ui/icons';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/desk-support';

export const meta = sellerMeta('page.admin_support');

export const clientLoader = loadDeskList;

function Skeleton() {
  return <div className="skeleton admin-audit__skeleton" aria-busy="true" data-testid="desk-loading" />;
}

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="admin-desk" data-testid="admin-desk">
      <AccountHeading title={t('admin.desk.title')} />
      <Skeleton />
    </div>
  );
}

/** The search box: a GET form (Enter or the button), kept in the address with the status. */
function DeskSearch({ search, status }: { search: string; status: string }) {
  const { t } = useSite();
  return (
    <Form method="get" action={DESK_HOME} className="desk-search" role="search" aria-label={t('admin.desk.search')}>
      {status !== 'all' ? <input type="hidden" name="status" value={status} /> : null}
      <div className="desk-search__box">
        <SearchIcon size={18} aria-hidden="true" />
        <label htmlFor="desk-search" className="sr-only">
          {t('admin.desk.search')}
        </label>
        <input
          id="desk-search"
          type="search"
          name="q"
          className="field__input"
          defaultValue={search}
          key={search}
          maxLength={100}
          placeholder={t('admin.desk.search_placeholder')}
          data-testid="desk-search"
        />
      </div>
      <button type="submit" className="btn" data-testid="desk-search-submit">
        {t('admin.desk.search_submit')}
      </button>
    </Form>
  );
}

function TicketRow({ ticket }: { ticket: AdminTicket }) {
  const { t, locale } = useSite();
  return (
    <tr data-testid="desk-ticket" data-ticket={ticket.ticket_no}>
      <td>
        <Link
          to={deskTicketHref(ticket.ticket_no)}
          className="tk-link"
          aria-label={t('admin.desk.open', { code: ticket.ticket_no })}
          data-testid="desk-ticket-link"
        >
          <bdi dir="ltr">#{ticket.ticket_no}</bdi>
        </Link>
      </td>
      <td className="desk-table__subject">
        <bdi>{ticket.subject}</bdi>
        {ticket.issue_type ? <span className="admin-audit__role">{ticket.issue_type}</span> : null}
      </td>
      <td>
        <bdi>{ticket.customer.name}</bdi>
      </td>
      <td>
        {ticket.shop ? <bdi>{ticket.shop.name}</bdi> : <span className="muted">{t('admin.desk.no_shop')}</span>}
        <span className="admin-audit__role">
          {ticket.order_number ? <bdi dir="ltr">#{ticket.order_number}</bdi> : t('admin.desk.no_order')}
        </span>
      </td>
      <td>
        <TicketStatusBadge status={ticket.status} />
      </td>
      <td className="admin-audit__when">
        <time dateTime={ticket.last_message_at}>{formatDateTime(ticket.last_message_at, locale)}</time>
      </td>
    </tr>
  );
}

/** /admin/support?status=&q=&page=: every ticket, with or without an order, newest activity first. */
export default function AdminSupportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { status, search, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === DESK_HOME;
  const filtered = Boolean(search) || status !== 'all';
  return (
    <div className="admin-desk" data-testid="admin-desk">
      <AccountHeading title={t('admin.desk.title')} />
      <p className="muted seller-lead">{t('admin.desk.lead')}</p>
      <DeskSearch search={search} status={status} />
      <TicketTabs counts={list.data} current={status} hrefFor={(tab) => deskHref({ status: tab, search })} />
      {loading ? (
        <Skeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.support_tickets.length === 0 ? (
        <div className="acc-empty" data-testid="desk-empty">
          <h2 className="acc-empty__title">{t(filtered ? 'admin.desk.empty_filtered' : 'admin.desk.empty')}</h2>
          {filtered ? null : <p className="muted">{t('admin.desk.empty_text')}</p>}
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite" data-testid="desk-count">
            {t('admin.desk.count', { count: list.data.total })}
          </p>
          {/* A wide table scrolls inside its box, never the page; the box is focusable so a keyboard can scroll it. */}
          <div className="admin-audit__scroll" tabIndex={0} role="region" aria-label={t('admin.desk.title')}>
            <table className="admin-audit__table desk-table" data-testid="desk-table">
              <thead>
                <tr>
                  <th scope="col">{t('tickets.ticket_no')}</th>
                  <th scope="col">{t('tickets.subject')}</th>
                  <th scope="col">{t('tickets.customer')}</th>
                  <th scope="col">{t('admin.desk.shop')}</th>
                  <th scope="col">{t('admin.desk.status')}</th>
                  <th scope="col">{t('tickets.last_reply')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.support_tickets.map((ticket) => (
                  <TicketRow key={ticket.id} ticket={ticket} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={ADMIN_TICKETS_PER_PAGE}
            hrefFor={(p) => deskHref({ status, search, page: p })}
          />
        </>
      )}
    </div>
  );
}
