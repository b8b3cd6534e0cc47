import { useParams } from 'react-router';
import { fetchTicket, fetchTicketMessages, replyToTicket } from '~/features/support/api';
import { Conversation } from '~/features/support/conversation';
import { ReplyForm } from '~/features/support/reply-form';
import { TicketHeader, TicketSkeleton, TicketUnavailable, useTicket } from '~/features/support/ticket-view';
import { useAuth } from '~/shared/auth-store';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';

export const meta = titleMeta('page.support_ticket');

/** /support-ticket/:ticketNumber: the ticket, its conversation with the files, and the answer form while it runs. */
export default function SupportTicketPage() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const ticketNo = (useParams().ticketNumber ?? '').toUpperCase();
  const view = useTicket(
    `${ticketNo}|${locale}`,
    {
      ticket: (signal) => fetchTicket(ticketNo, locale, signal),
      messages: (page, perPage, signal) => fetchTicketMessages(ticketNo, page, perPage, locale, signal),
    },
    Boolean(token),
  );

  if (view.error && !view.ticket) {
    return (
      <TicketUnavailable
        error={view.error}
        notFound={view.error.status === 404 || view.error.status === 422}
        notFoundText={t('ticket.not_found_text')}
        title={t('page.support_ticket')}
        backHref="/support-tickets"
        onRetry={view.retry}
      />
    );
  }
  if (!view.ticket) return <TicketSkeleton />;
  const ticket = view.ticket;

  return (
    <div className="tk-page" data-testid="support-ticket">
      <TicketHeader
        ticket={ticket}
        backHref="/support-tickets"
        orderHref={ticket.order_id ? `/order-history/${ticket.order_id}` : null}
        who="shop"
      />
      <Conversation
        messages={view.messages}
        side="customer"
        hasEarlier={view.hasEarlier}
        loadingEarlier={view.loadingEarlier}
        onEarlier={view.loadEarlier}
      />
      {ticket.can_reply ? (
        <ReplyForm
          send={(form) => {
            form.set('ticket_number', ticket.ticket_no);
            return replyToTicket(form, locale);
          }}
          onSent={view.add}
          onClosed={view.retry}
        />
      ) : null}
    </div>
  );
}
