import { loadAccount } from '~/features/account/api';
import { TicketScreen } from '~/features/support';
import { customerTicketCalls, replyToTicket } from '~/features/support/api';
import { loadTicketPage, replyAction, ticketNumberOf } from '~/features/support/support-data';
import { TicketSkeleton } from '~/features/support/ticket-view';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import type { Route } from './+types/support-ticket';

export const meta = titleMeta('page.support_ticket');

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  loadAccount(() => loadTicketPage(customerTicketCalls, ticketNumberOf(params), request));

/** The customer's answer (text and files); the conversation is loaded again after it. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const form = await request.formData();
  form.set('ticket_number', ticketNumberOf(params));
  return replyAction(form, replyToTicket);
}

export function HydrateFallback() {
  return <TicketSkeleton />;
}

/** /support-ticket/:ticketNumber: the ticket, its conversation with the files, and the answer form while it runs. */
export default function SupportTicketPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return (
    <TicketScreen
      loaded={loaderData}
      testId="support-ticket"
      title={t('page.support_ticket')}
      backHref="/support-tickets"
      notFound={(status) => status === 404 || status === 422}
      notFoundText={t('ticket.not_found_text')}
      orderHref={(orderId) => `/order-history/${orderId}`}
      who="shop"
    />
  );
}
