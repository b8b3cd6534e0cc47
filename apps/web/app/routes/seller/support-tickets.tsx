import { AccountHeading } from '~/features/account';
import { loadSeller } from '~/features/seller/data';
import { sellerMeta } from '~/features/seller/meta';
import { fetchSellerTickets } from '~/features/seller/tickets-api';
import { TicketListBody } from '~/features/support';
import { loadTicketList } from '~/features/support/support-data';
import { TicketListSkeleton } from '~/features/support/ticket-list';
import { useSite, useT } from '~/shared/site';
import type { Route } from './+types/support-tickets';

export const meta = sellerMeta('page.seller_tickets');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadSeller(() => loadTicketList(request, fetchSellerTickets), request);

function Page({ children }: { children: React.ReactNode }) {
  const t = useT();
  return (
    <div className="seller-tickets" data-testid="seller-tickets">
      <AccountHeading title={t('page.seller_tickets')} />
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <TicketListSkeleton />
    </Page>
  );
}

/** /seller/support-tickets?status=&page=: the tickets customers opened about the shop's orders. */
export default function SellerTicketsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return (
    <Page>
      <TicketListBody
        loaded={loaderData}
        base="/seller/support-tickets"
        ticketHref={(tk) => `/seller/support-tickets/${tk.ticket_no}`}
        emptyTitle={t('seller.tickets_empty')}
        emptyText={t('seller.tickets_empty_text')}
      />
    </Page>
  );
}
