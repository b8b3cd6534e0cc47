import type { SupportTicket, SupportTicketDetail, SupportTicketsAnswer } from '@souq/contracts';
import { TICKETS_PER_PAGE } from '@souq/contracts/constants';
import type { ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { TicketIcon, type PageData } from '~/features/account';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import { Conversation } from './conversation';
import { ReplyForm } from './reply-form';
import { TicketTabs, type TicketTab } from './status';
import { earlierSearch, type TicketListData, type TicketPageData } from './support-data';
import { TicketList, TicketListFailed, TicketListSkeleton, ticketListHref, ticketListParams } from './ticket-list';
import { TicketHeader, TicketSkeleton, TicketUnavailable, useRevalidateOnFocus } from './ticket-view';

/**
 * A ticket list page below its heading (the customer's, the seller's), from its loader's data: the status
 * tabs with their counts, then the failure, the skeleton (while the next tab or page loads), the empty
 * state or the tickets with their pages.
 */
export function TicketListBody<A extends SupportTicketsAnswer>({
  loaded,
  base,
  ticketHref,
  emptyTitle,
  emptyText,
  emptyAction,
}: {
  /** The loader's data; null: no session (the layout sends the visitor away). */
  loaded: PageData<TicketListData<A>> | null;
  /** The list's own address (the customer's, the seller's). */
  base: string;
  ticketHref(ticket: SupportTicket): string;
  emptyTitle: string;
  emptyText: string;
  emptyAction?: ReactNode;
}) {
  const { t } = useSite();
  const location = useLocation();
  const navigation = useNavigation();
  const moving = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const data = loaded?.data;
  // The tab of the address, also when the list failed to load.
  const { status, page } = data ?? ticketListParams(new URLSearchParams(location.search));
  const href = (tab: TicketTab, p = 1) => ticketListHref(base, tab, p);
  return (
    <>
      <TicketTabs counts={data?.answer} current={status} hrefFor={(k) => href(k)} />
      {loaded?.error !== undefined && !moving ? (
        <TicketListFailed error={loaded.error} />
      ) : moving || !data ? (
        <TicketListSkeleton />
      ) : data.answer.support_tickets.length === 0 ? (
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
          <TicketList tickets={data.answer.support_tickets} hrefFor={ticketHref} />
          <Pagination page={page} total={data.answer.total} perPage={TICKETS_PER_PAGE} hrefFor={(p) => href(status, p)} />
        </>
      )}
    </>
  );
}

/**
 * A ticket page (the customer's, the seller's), from its loader's data: not found or failed, the
 * skeleton, or the ticket's header, its conversation and, while it runs, the answer form (the page's
 * action, `intent=reply`); `children` follow (the seller's dialog). The loader runs again when the
 * window comes back to the foreground.
 */
export function TicketScreen({
  loaded,
  testId,
  title,
  backHref,
  notFound,
  notFoundText,
  orderHref,
  who,
  actions,
  replyLabel,
  children,
}: {
  /** The loader's data; null: no session (the layout sends the visitor away). */
  loaded: PageData<TicketPageData> | null;
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
  children?(ticket: SupportTicketDetail): ReactNode;
}) {
  useRevalidateOnFocus();
  if (loaded?.error !== undefined) {
    return (
      <TicketUnavailable
        error={loaded.error}
        notFound={notFound(loaded.status)}
        notFoundText={notFoundText}
        title={title}
        backHref={backHref}
      />
    );
  }
  if (!loaded) return <TicketSkeleton />;
  const { ticket, messages, total, pages } = loaded.data;

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
        messages={messages}
        side={who === 'shop' ? 'customer' : 'seller'}
        earlier={messages.length < total ? earlierSearch(pages) : null}
      />
      {ticket.can_reply ? <ReplyForm label={replyLabel} /> : null}
      {children?.(ticket)}
    </div>
  );
}
