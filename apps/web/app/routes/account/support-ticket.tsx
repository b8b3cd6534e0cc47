import { TicketScreen, useRouteTicket } from '~/features/support';
import { fetchTicket, fetchTicketMessages, replyToTicket } from '~/features/support/api';
import { useAuth } from '~/shared/auth-store';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';

export const meta = titleMeta('page.support_ticket');

const calls = { ticket: fetchTicket, messages: fetchTicketMessages };

/** /support-ticket/:ticketNumber: the ticket, its conversation with the files, and the answer form while it runs. */
export default function SupportTicketPage() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const { view } = useRouteTicket(calls, Boolean(token));

  return (
    <TicketScreen
      view={view}
      testId="support-ticket"
      title={t('page.support_ticket')}
      backHref="/support-tickets"
      notFound={(status) => status === 404 || status === 422}
      notFoundText={t('ticket.not_found_text')}
      orderHref={(orderId) => `/order-history/${orderId}`}
      who="shop"
      send={(ticket, form) => {
        form.set('ticket_number', ticket.ticket_no);
        return replyToTicket(form, locale);
      }}
    />
  );
}
