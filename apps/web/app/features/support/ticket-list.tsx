import type { SupportTicket } from '@souq/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ChevronIcon } from '~/shared/ui/icons';
import { TicketStatusBadge } from './status';

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
