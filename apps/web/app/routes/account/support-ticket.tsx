import { Link, useParams } from 'react-router';
import { TicketIcon } from '~/features/account';
import { fetchTicket, fetchTicketMessages, replyToTicket } from '~/features/support/api';
import { Conversation } from '~/features/support/conversation';
import { ReplyForm } from '~/features/support/reply-form';
import { TicketHeader, TicketSkeleton, useTicket } from '~/features/support/ticket-view';
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
    return view.error.status === 404 || view.error.status === 422 ? (
      <div className="acc-empty" data-testid="ticket-not-found">
        <span className="acc-empty__icon">
          <TicketIcon size={36} />
        </span>
        <h1 className="acc-empty__title">{t('ticket.not_found')}</h1>
        <p className="muted">{t('ticket.not_found_text')}</p>
        <Link to="/support-tickets" className="btn btn-primary">
          {t('ticket.back')}
        </Link>
      </div>
    ) : (
      <div className="acc-empty" data-testid="ticket-error">
        <h1 className="acc-empty__title">{t('page.support_ticket')}</h1>
        <p className="acc-error" role="alert">
          <bdi>{view.error.message}</bdi>
        </p>
        <button type="button" className="btn" onClick={view.retry}>
          {t('account.retry')}
        </button>
      </div>
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
