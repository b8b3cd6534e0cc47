import type { SupportTicketDetail, TicketMessage } from '@souq/contracts';
import { TICKET_MESSAGES_PER_PAGE } from '@souq/contracts/constants';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
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
        {fact(t('ticket.opened'), formatDateTime(ticket.created_at, locale))}
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
  onRetry,
}: {
  error: { message: string };
  notFound: boolean;
  notFoundText?: string;
  /** The page's heading when the call failed. */
  title: string;
  backHref: string;
  onRetry: () => void;
}) {
  const { t } = useSite();
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
        <bdi>{error.message}</bdi>
      </p>
      <button type="button" className="btn" onClick={onRetry}>
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

interface TicketCalls {
  ticket(signal: AbortSignal): Promise<SupportTicketDetail>;
  messages(page: number, perPage: number, signal?: AbortSignal): Promise<{ total: number; messages: TicketMessage[] }>;
}

/**
 * A ticket and its conversation, loaded after hydration and kept fresh: when the window comes back to
 * the foreground the ticket and the latest messages are read again (new answers, a changed status, and
 * new signed links to the files, which last half an hour). Older pages load on demand.
 */
export function useTicket(key: string, calls: TicketCalls, enabled: boolean) {
  const [ticket, setTicket] = useState<SupportTicketDetail | null>(null);
  const [messages, setMessages] = useState<TicketMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState(1);
  const [error, setError] = useState<{ status?: number; message: string } | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const callsRef = useRef(calls);
  callsRef.current = calls;

  /** Newest-first pages merged into one oldest-first list (by id, so a refresh never duplicates). */
  const merge = useCallback((incoming: TicketMessage[], replace: boolean) => {
    setMessages((current) => {
      const byId = new Map((replace ? [] : current).map((m) => [m.id, m]));
      for (const m of incoming) byId.set(m.id, m);
      return [...byId.values()].sort((a, b) => a.id - b.id);
    });
  }, []);

  const refresh = useCallback(
    async (signal: AbortSignal, replace: boolean) => {
      const [t, page] = await Promise.all([
        callsRef.current.ticket(signal),
        callsRef.current.messages(1, TICKET_MESSAGES_PER_PAGE, signal),
      ]);
      setTicket(t);
      setTotal(page.total);
      merge(page.messages, replace);
      setError(null);
    },
    [merge],
  );

  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    setTicket(null);
    setMessages([]);
    setPages(1);
    refresh(ctrl.signal, true).catch((e: unknown) => {
      if (!ctrl.signal.aborted)
        setError({ status: (e as { status?: number }).status, message: e instanceof Error ? e.message : String(e) });
    });
    const again = () => {
      if (document.visibilityState !== 'visible') return;
      refresh(ctrl.signal, false).catch(() => undefined);
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      ctrl.abort();
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [key, enabled, refresh, attempt]);

  const loadEarlier = async () => {
    setLoadingEarlier(true);
    try {
      const next = pages + 1;
      const page = await callsRef.current.messages(next, TICKET_MESSAGES_PER_PAGE);
      merge(page.messages, false);
      setTotal(page.total);
      setPages(next);
    } catch {
      /* the button stays for another try */
    } finally {
      setLoadingEarlier(false);
    }
  };

  return {
    ticket,
    setTicket,
    messages,
    hasEarlier: messages.length < total,
    loadingEarlier,
    loadEarlier: () => void loadEarlier(),
    error,
    retry: () => setAttempt((n) => n + 1),
    /** Adds a message just sent (the server's answer) at the end. */
    add: (m: TicketMessage) => {
      merge([m], false);
      setTotal((n) => n + 1);
    },
  };
}
