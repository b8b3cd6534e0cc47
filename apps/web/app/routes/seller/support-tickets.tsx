import { AccountHeading } from '~/features/account';
import { sellerMeta } from '~/features/seller/meta';
import { useSeller } from '~/features/seller/store';
import { fetchSellerTickets } from '~/features/seller/tickets-api';
import { TicketListBody, useTicketListPage } from '~/features/support';
import { useSite } from '~/shared/site';

export const meta = sellerMeta('page.seller_tickets');

/** /seller/support-tickets?status=&page=: the tickets customers opened about the shop's orders. */
export default function SellerTicketsPage() {
  const { t } = useSite();
  const token = useSeller((s) => s.token);
  const list = useTicketListPage(fetchSellerTickets, token, true);

  return (
    <div className="seller-tickets" data-testid="seller-tickets">
      <AccountHeading title={t('page.seller_tickets')} />
      <TicketListBody
        list={list}
        base="/seller/support-tickets"
        ticketHref={(tk) => `/seller/support-tickets/${tk.ticket_no}`}
        emptyTitle={t('seller.tickets_empty')}
        emptyText={t('seller.tickets_empty_text')}
      />
    </div>
  );
}
