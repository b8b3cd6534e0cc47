import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { sellerMeta } from '~/features/seller/meta';
import { useSeller } from '~/features/seller/store';
import {
  fetchSellerTicket,
  fetchSellerTicketMessages,
  replyAsSeller,
  setSellerTicketStatus,
} from '~/features/seller/tickets-api';
import { Conversation } from '~/features/support/conversation';
import { ReplyForm } from '~/features/support/reply-form';
import { TicketHeader, TicketSkeleton, TicketUnavailable, useTicket } from '~/features/support/ticket-view';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';

export const meta = sellerMeta('page.seller_ticket');

/** /seller/support-tickets/:ticketNumber: the conversation, the shop's answer, and Solved / Cancel while it runs. */
export default function SellerTicketPage() {
  const { t, locale } = useSite();
  const token = useSeller((s) => s.token);
  const shop = useSeller((s) => s.shop);
  const ticketNo = (useParams().ticketNumber ?? '').toUpperCase();
  const [closing, setClosing] = useState<'completed' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const view = useTicket(
    `${ticketNo}|${locale}`,
    {
      ticket: (signal) => fetchSellerTicket(ticketNo, locale, signal),
      messages: (page, perPage, signal) => fetchSellerTicketMessages(ticketNo, page, perPage, locale, signal),
    },
    Boolean(token),
  );

  const close = async () => {
    if (!closing) return;
    setBusy(true);
    try {
      view.setTicket(await setSellerTicketStatus(ticketNo, closing, locale));
      toast.success(t('seller.ticket_updated'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
      setClosing(null);
    }
  };

  if (view.error && !view.ticket) {
    return (
      <TicketUnavailable
        error={view.error}
        notFound={view.error.status === 404}
        title={t('page.seller_ticket')}
        backHref="/seller/support-tickets"
        onRetry={view.retry}
      />
    );
  }
  if (!view.ticket) return <TicketSkeleton />;
  const ticket = view.ticket;

  return (
    <div className="tk-page" data-testid="seller-ticket">
      <TicketHeader
        ticket={ticket}
        backHref="/seller/support-tickets"
        orderHref={ticket.order_id ? `/seller?order=${ticket.order_id}` : null}
        who="customer"
        actions={
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
      />
      <Conversation
        messages={view.messages}
        side="seller"
        hasEarlier={view.hasEarlier}
        loadingEarlier={view.loadingEarlier}
        onEarlier={view.loadEarlier}
      />
      {ticket.can_reply ? (
        <ReplyForm
          label={shop ? t('seller.ticket_answer_as', { shop: shop.name }) : t('ticket.reply')}
          send={(form) => replyAsSeller(ticket.ticket_no, form, locale)}
          onSent={view.add}
          onClosed={view.retry}
        />
      ) : null}
      <ConfirmDialog
        open={closing !== null}
        title={t(closing === 'cancel' ? 'seller.ticket_cancel_title' : 'seller.ticket_complete_title')}
        busy={busy}
        onConfirm={() => void close()}
        onClose={() => setClosing(null)}
        testId="ticket-status-dialog"
      >
        {t(closing === 'cancel' ? 'seller.ticket_cancel_text' : 'seller.ticket_complete_text', { code: ticket.ticket_no })}
      </ConfirmDialog>
    </div>
  );
}
