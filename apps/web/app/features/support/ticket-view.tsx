import type { SupportTicketDetail } from '@souq/contracts';
import { useEffect, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { TicketIcon } from '~/features/account';
import { formatDate, formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ChevronIcon } from '~/shared/ui/icons';
import { TicketStatusBadge } from './status';

/** The ticket's heading and facts: number, subject, status, issue type, order, shop or customer, dates. */
export function TicketHeader({
  ticket,
  backHref,
  orderHref,
  who,
  actions,
}: {
  ticket: SupportTicketDetail;
  backHref: string;
  /** Where the order's number links to (the customer's order page, the seller's order); null: plain text. */
  orderHref: string | null;
  /** The other party shown: the shop (customer's page) or the customer (seller's page). */
  who: 'shop' | 'customer';
  actions?: ReactNode;
}) {
  const { t, locale } = useSite();
  const fact = (label: string, value: ReactNode) => (
    <div className="tk-facts__item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const order = ticket.order_number ? (
    <bdi dir="ltr" className="tk-code">
      #{ticket.order_number}
    </bdi>
  ) : null;
  return (
    <header className="tk-head" data-testid="ticket-header">
      <Link to={backHref} className="tk-back">
        <ChevronIcon className="tk-back__icon" size={16} />
        {t('ticket.back')}
      </Link>
      <div className="tk-head__row">
        <div className="tk-head__titles">
          <p className="muted tk-head__code">
            {t('tickets.ticket_no')}{' '}
            <bdi dir="ltr" className="tk-code" data-testid="ticket-number">
              #{ticket.ticket_no}
            </bdi>
          </p>
          <h1 className="tk-head__subject" data-testid="ticket-subject-title">
            <bdi>{ticket.subject}</bdi>
          </h1>
        </div>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <dl className="tk-facts" aria-label={t('ticket.details')}>
        {ticket.issue_type ? fact(t('tickets.issue_type'), ticket.issue_type) : null}
        {order
          ? fact(
              t('tickets.order'),
              orderHref ? (
                <Link to={orderHref} className="tk-link">
                  {order}
                </Link>
              ) : (
                order
              ),
            )
          : null}
        {who === 'shop' && ticket.shop ? fact(t('ticket.shop'), <bdi>{ticket.shop.name}</bdi>) : null}
        {who === 'customer' ? fact(t('tickets.customer'), <bdi>{ticket.customer.name}</bdi>) : null}
        {/* created_at is the customer's display text for the original web client (decision 024, issue 42). */}
        {fact(t('ticket.opened'), formatDateTime(ticket.created_at_iso, locale))}
      </dl>
      {actions ? <div className="tk-head__actions">{actions}</div> : null}
      {ticket.status !== 'running' ? (
        <p className="tk-closed" role="status" data-testid="ticket-closed">
          {t(ticket.status === 'completed' ? 'ticket.closed_completed' : 'ticket.closed_cancel', {
            date: formatDate(ticket.closed_at ?? ticket.updated_at, locale),
          })}
        </p>
      ) : null}
    </header>
  );
}

/**
 * A ticket that cannot be shown: not found (with the way back to the list), or a failed call (its
 * message and a retry).
 */
export function TicketUnavailable({
  error,
  notFound,
  notFoundText,
  title,
  backHref,
}: {
  error: string;
  notFound: boolean;
  notFoundText?: string;
  /** The page's heading when the call failed. */
  title: string;
  backHref: string;
}) {
  const { t } = useSite();
  const revalidator = useRevalidator();
  const busy = revalidator.state !== 'idle';
  return notFound ? (
    <div className="acc-empty" data-testid="ticket-not-found">
      <span className="circle acc-empty__icon">
        <TicketIcon size={36} />
      </span>
      <h1 className="acc-empty__title">{t('ticket.not_found')}</h1>
      {notFoundText ? <p className="muted">{notFoundText}</p> : null}
      <Link to={backHref} className="btn btn-primary">
        {t('ticket.back')}
      </Link>
    </div>
  ) : (
    <div className="acc-empty" data-testid="ticket-error">
      <h1 className="acc-empty__title">{title}</h1>
      <p className="acc-error" role="alert">
        <bdi>{error}</bdi>
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

export function TicketSkeleton() {
  return (
    <div aria-busy="true" data-testid="ticket-loading">
      <div className="skeleton tk-skel tk-skel--head" />
      <div className="skeleton tk-skel tk-skel--msg" />
      <div className="skeleton tk-skel tk-skel--msg tk-skel--mine" />
      <div className="skeleton tk-skel tk-skel--reply" />
    </div>
  );
}

/**
 * A ticket is kept fresh while its page is open: when the window comes back to the foreground its loader
 * runs again (new answers, a changed status, and new signed links to the files, which last half an hour).
 */
export function useRevalidateOnFocus() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'visible') void revalidate();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [revalidate]);
}
