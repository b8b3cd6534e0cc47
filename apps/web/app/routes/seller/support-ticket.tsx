import type { SupportTicketDetail } from '@souq/contracts';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { loadSeller } from '~/features/seller/data';
import { sellerMeta } from '~/features/seller/meta';
import { sellerOrdersHref } from '~/features/seller/orders-data';
import { useSeller } from '~/features/seller/store';
import { replyAsSeller, sellerTicketCalls, setSellerTicketStatus } from '~/features/seller/tickets-api';
import { TicketScreen } from '~/features/support';
import { loadTicketPage, replyAction, ticketNumberOf } from '~/features/support/support-data';
import { TicketSkeleton } from '~/features/support/ticket-view';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { actionResult, useOnAnswer, type ActionResult } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/support-ticket';

export const meta = sellerMeta('page.seller_ticket');

type Closing = 'completed' | 'cancel';

export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  loadSeller(() => loadTicketPage(sellerTicketCalls, ticketNumberOf(params), request), request);

/** The shop's answer (`intent=reply`, text and files) or Solved / Cancel (`intent=status`); the ticket is loaded again after either. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const ticketNo = ticketNumberOf(params);
  const form = await request.formData();
  if (form.get('intent') !== 'status') return replyAction(form, (body) => replyAsSeller(ticketNo, body));
  const status: Closing = form.get('status') === 'cancel' ? 'cancel' : 'completed';
  return actionResult(() => setSellerTicketStatus(ticketNo, status));
}

export function HydrateFallback() {
  return <TicketSkeleton />;
}

/** Solved / Cancel of a running ticket, each asked first. */
function CloseTicket({ ticket, closing, onClose }: { ticket: SupportTicketDetail; closing: Closing | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult<SupportTicketDetail>>();
  useOnAnswer(fetcher.data, (answer) => {
    if (answer.ok) toast.success(t('seller.ticket_updated'));
    onClose();
  });
  return (
    <ConfirmDialog
      open={closing !== null}
      title={t(closing === 'cancel' ? 'seller.ticket_cancel_title' : 'seller.ticket_complete_title')}
      busy={fetcher.state !== 'idle'}
      onConfirm={() => closing && void fetcher.submit({ intent: 'status', status: closing }, { method: 'post' })}
      onClose={onClose}
      testId="ticket-status-dialog"
    >
      {t(closing === 'cancel' ? 'seller.ticket_cancel_text' : 'seller.ticket_complete_text', { code: ticket.ticket_no })}
    </ConfirmDialog>
  );
}

/** /seller/support-tickets/:ticketNumber: the conversation, the shop's answer, and Solved / Cancel while it runs. */
export default function SellerTicketPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const shop = useSeller((s) => s.shop);
  const [closing, setClosing] = useState<Closing | null>(null);

  return (
    <TicketScreen
      loaded={loaderData}
      testId="seller-ticket"
      title={t('page.seller_ticket')}
      backHref="/seller/support-tickets"
      notFound={(status) => status === 404}
      orderHref={(orderId) => sellerOrdersHref('all', 1, orderId)}
      who="customer"
      actions={(ticket) =>
        ticket.status === 'running' ? (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setClosing('completed')}
              data-testid="ticket-complete"
            >
              {t('seller.ticket_complete')}
            </button>
            <button
              type="button"
              className="btn btn-sm acc-btn-danger-outline"
              onClick={() => setClosing('cancel')}
              data-testid="ticket-cancel"
            >
              {t('seller.ticket_cancel')}
            </button>
          </>
        ) : null
      }
      replyLabel={shop ? t('seller.ticket_answer_as', { shop: shop.name }) : t('ticket.reply')}
    >
      {(ticket) => <CloseTicket ticket={ticket} closing={closing} onClose={() => setClosing(null)} />}
    </TicketScreen>
  );
}
