import type { SupportTicket } from '@souq/contracts';
import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ChevronIcon } from '~/shared/ui/icons';
import { isTicketStatus, TicketStatusBadge, type TicketTab } from './status';

/** A ticket list's address: its tab (`?status=`, absent for all) and page (`?page=`, absent for 1). */
export function ticketListParams(params: URLSearchParams): { status: TicketTab; page: number } {
  const raw = params.get('status');
  return { status: isTicketStatus(raw) ? raw : 'all', page: Math.max(1, Number(params.get('page')) || 1) };
}

/** The address of a ticket list (`base`: the customer's or the seller's) at a tab and page. */
export function ticketListHref(base: string, tab: TicketTab, page = 1): string {
  const q = new URLSearchParams();
  if (tab !== 'all') q.set('status', tab);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `${base}${s ? `?${s}` : ''}`;
}

/** The list could not be read: the error and a retry (the page's loader again). */
export function TicketListFailed({ error }: { error: string }) {
  const { t } = useSite();
  const revalidator = useRevalidator();
  const busy = revalidator.state !== 'idle';
  return (
    <div className="acc-empty" data-testid="tickets-error">
      <p className="acc-error" role="alert">
        {t('tickets.load_failed')} <bdi>{error}</bdi>
      </p>
      <button
        type="button"
        className="btn"
        onClick={() => void revalidator.revalidate()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t('account.retry')}
      </button>
    </div>
  );
}

/** Tickets as cards: subject and status, then number, issue type, order, customer (seller) and last activity. */
export function TicketList({
  tickets,
  hrefFor,
}: {
  tickets: Array<SupportTicket & { customer_name?: string }>;
  hrefFor(ticket: SupportTicket): string;
}) {
  const { t, locale } = useSite();
  const fact = (label: string, value: ReactNode) => (
    <div className="tk-card__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <ul className="tk-list" aria-label={t('tickets.list')} data-testid="ticket-list">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="tk-card" data-testid="ticket-row" data-ticket-no={ticket.ticket_no}>
          <div className="tk-card__head">
            <h2 className="tk-card__subject">
              <Link to={hrefFor(ticket)} className="tk-card__link" data-testid="ticket-link">
                <bdi>{ticket.subject}</bdi>
              </Link>
            </h2>
            <TicketStatusBadge status={ticket.status} />
          </div>
          <dl className="tk-card__facts">
            {fact(
              t('tickets.ticket_no'),
              <bdi dir="ltr" className="tk-code">
                #{ticket.ticket_no}
              </bdi>,
            )}
            {ticket.issue_type ? fact(t('tickets.issue_type'), ticket.issue_type) : null}
            {ticket.order_number
              ? fact(
                  t('tickets.order'),
                  <bdi dir="ltr" className="tk-code">
                    #{ticket.order_number}
                  </bdi>,
                )
              : null}
            {ticket.customer_name ? fact(t('tickets.customer'), <bdi>{ticket.customer_name}</bdi>) : null}
            {fact(t('tickets.last_reply'), formatDateTime(ticket.last_message_at, locale))}
          </dl>
          <ChevronIcon className="tk-card__go" size={18} />
        </li>
      ))}
    </ul>
  );
}

export function TicketListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="tk-list" aria-busy="true" data-testid="ticket-list-loading">
      {Array.from({ length: rows }, (_, i) => (
        <div className="skeleton tk-card-skeleton" key={i} />
      ))}
    </div>
  );
}
