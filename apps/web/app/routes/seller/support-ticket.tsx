import { useState } from 'react';
import { sellerMeta } from '~/features/seller/meta';
import { useSeller } from '~/features/seller/store';
import {
  fetchSellerTicket,
  fetchSellerTicketMessages,
  replyAsSeller,
  setSellerTicketStatus,
} from '~/features/seller/tickets-api';
import { TicketScreen, useRouteTicket } from '~/features/support';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { toast } from '~/shared/ui/toast';

export const meta = sellerMeta('page.seller_ticket');

const calls = { ticket: fetchSellerTicket, messages: fetchSellerTicketMessages };

/** /seller/support-tickets/:ticketNumber: the conversation, the shop's answer, and Solved / Cancel while it runs. */
export default function SellerTicketPage() {
  const { t, locale } = useSite();
  const token = useSeller((s) => s.token);
  const shop = useSeller((s) => s.shop);
  const [closing, setClosing] = useState<'completed' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const { ticketNo, view } = useRouteTicket(calls, Boolean(token));

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

  return (
    <TicketScreen
      view={view}
      testId="seller-ticket"
      title={t('page.seller_ticket')}
      backHref="/seller/support-tickets"
      notFound={(status) => status === 404}
      orderHref={(orderId) => `/seller?order=${orderId}`}
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
      send={(ticket, form) => replyAsSeller(ticket.ticket_no, form, locale)}
    >
      {(ticket) => (
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
      )}
    </TicketScreen>
  );
}
