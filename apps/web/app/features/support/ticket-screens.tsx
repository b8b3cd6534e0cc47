import type { SupportTicket, SupportTicketDetail, SupportTicketsAnswer, TicketMessage } from '@souq/contracts';
import { TICKETS_PER_PAGE } from '@souq/contracts/constants';
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { TicketIcon } from '~/features/account';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { TicketMessagesCall, TicketsQuery } from './api';
import { Conversation } from './conversation';
import { ReplyForm } from './reply-form';
import { TicketTabs, type TicketTab } from './status';
import { TicketList, TicketListFailed, TicketListSkeleton, ticketListHref, useTicketListParams } from './ticket-list';
import { TicketHeader, TicketSkeleton, TicketUnavailable, useTicket } from './ticket-view';

/**
 * A ticket list page's data (the customer's, the seller's): the tab and page of the address, read again
 * when they, the language or the signed-in token change. `load` must keep its identity (a module function).
 * `clearOnLoad`: the last answer goes while the next loads (its counts with it); otherwise it stays.
 */
export function useTicketListPage<A extends SupportTicketsAnswer>(
  load: (q: TicketsQuery, locale: string, signal?: AbortSignal) => Promise<A>,
  token: string | null,
  clearOnLoad: boolean,
) {
  const { locale } = useSite();
  const { status, page } = useTicketListParams();
  const [data, setData] = useState<A | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    if (clearOnLoad) setData(null);
    setLoading(true);
    load({ status: status === 'all' ? null : status, page, perPage: TICKETS_PER_PAGE }, locale, ctrl.signal)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [load, clearOnLoad, token, status, page, locale, attempt]);

  return { status, page, data, error, loading, reload: () => setAttempt((n) => n + 1) };
}

/**
 * A ticket list page below its heading: the status tabs with their counts, then the failure, the
 * skeleton, the empty state or the tickets with their pages.
 */
export function TicketListBody<A extends SupportTicketsAnswer>({
  list,
  base,
  ticketHref,
  emptyTitle,
  emptyText,
  emptyAction,
}: {
  list: ReturnType<typeof useTicketListPage<A>>;
  /** The list's own address (the customer's, the seller's). */
  base: string;
  ticketHref(ticket: SupportTicket): string;
  emptyTitle: string;
  emptyText: string;
  emptyAction?: ReactNode;
}) {
  const { t } = useSite();
  const { status, page, data, error, loading } = list;
  const href = (tab: TicketTab, p = 1) => ticketListHref(base, tab, p);
  return (
    <>
      <TicketTabs counts={data ?? undefined} current={status} hrefFor={(k) => href(k)} />
      {error && !data ? (
        <TicketListFailed error={error} onRetry={list.reload} />
      ) : loading || !data ? (
        <TicketListSkeleton />
      ) : data.support_tickets.length === 0 ? (
        <div className="acc-empty" data-testid="tickets-empty">
          <span className="circle acc-empty__icon">
            <TicketIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{status === 'all' ? emptyTitle : t('tickets.empty_status')}</h2>
          <p className="muted">{emptyText}</p>
          {emptyAction}
        </div>
      ) : (
        <>
          <TicketList tickets={data.support_tickets} hrefFor={ticketHref} />
          <Pagination page={page} total={data.total} perPage={TICKETS_PER_PAGE} hrefFor={(p) => href(status, p)} />
        </>
      )}
    </>
  );
}

/** One side's ticket calls, by the ticket's number. */
export interface TicketApi {
  ticket(ticketNo: string, locale: string, signal?: AbortSignal): Promise<SupportTicketDetail>;
  messages: TicketMessagesCall;
}

/** The ticket of the address (`:ticketNumber`), loaded with one side's calls once signed in. */
export function useRouteTicket(calls: TicketApi, enabled: boolean) {
  const { locale } = useSite();
  const ticketNo = (useParams().ticketNumber ?? '').toUpperCase();
  const view = useTicket(
    `${ticketNo}|${locale}`,
    {
      ticket: (signal) => calls.ticket(ticketNo, locale, signal),
      messages: (page, perPage, signal) => calls.messages(ticketNo, page, perPage, locale, signal),
    },
    enabled,
  );
  return { ticketNo, view };
}

/**
 * A ticket page (the customer's, the seller's): not found or failed, the skeleton, or the ticket's
 * header, its conversation and, while it runs, the answer form; `children` follow (the seller's dialog).
 */
export function TicketScreen({
  view,
  testId,
  title,
  backHref,
  notFound,
  notFoundText,
  orderHref,
  who,
  actions,
  replyLabel,
  send,
  children,
}: {
  view: ReturnType<typeof useTicket>;
  testId: string;
  /** The page's heading when the call failed. */
  title: string;
  backHref: string;
  /** Which failed statuses mean there is no such ticket (for this side). */
  notFound(status: number | undefined): boolean;
  notFoundText?: string;
  orderHref(orderId: number): string;
  who: 'shop' | 'customer';
  actions?(ticket: SupportTicketDetail): ReactNode;
  replyLabel?: string;
  send(ticket: SupportTicketDetail, form: FormData): Promise<TicketMessage>;
  children?(ticket: SupportTicketDetail): ReactNode;
}) {
  if (view.error && !view.ticket) {
    return (
      <TicketUnavailable
        error={view.error}
        notFound={notFound(view.error.status)}
        notFoundText={notFoundText}
        title={title}
        backHref={backHref}
        onRetry={view.retry}
      />
    );
  }
  if (!view.ticket) return <TicketSkeleton />;
  const ticket = view.ticket;

  return (
    <div className="tk-page" data-testid={testId}>
      <TicketHeader
        ticket={ticket}
        backHref={backHref}
        orderHref={ticket.order_id ? orderHref(ticket.order_id) : null}
        who={who}
        actions={actions?.(ticket)}
      />
      <Conversation
        messages={view.messages}
        side={who === 'shop' ? 'customer' : 'seller'}
        hasEarlier={view.hasEarlier}
        loadingEarlier={view.loadingEarlier}
        onEarlier={view.loadEarlier}
      />
      {ticket.can_reply ? (
        <ReplyForm label={replyLabel} send={(form) => send(ticket, form)} onSent={view.add} onClosed={view.retry} />
      ) : null}
      {children?.(ticket)}
    </div>
  );
}
