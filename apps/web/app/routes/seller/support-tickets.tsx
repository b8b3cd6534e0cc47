import type { SellerSupportTicketsAnswer } from '@souq/contracts';
import { TICKETS_PER_PAGE } from '@souq/contracts/constants';
import { useEffect, useState } from 'react';
import { AccountHeading, TicketIcon } from '~/features/account';
import { sellerMeta } from '~/features/seller/meta';
import { useSeller } from '~/features/seller/store';
import { fetchSellerTickets } from '~/features/seller/tickets-api';
import { TicketTabs, type TicketTab } from '~/features/support/status';
import {
  TicketList,
  TicketListFailed,
  TicketListSkeleton,
  ticketListHref,
  useTicketListParams,
} from '~/features/support/ticket-list';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';

export const meta = sellerMeta('page.seller_tickets');

/** /seller/support-tickets?status=&page=: the tickets customers opened about the shop's orders. */
export default function SellerTicketsPage() {
  const { t, locale } = useSite();
  const token = useSeller((s) => s.token);
  const { status, page } = useTicketListParams();
  const [data, setData] = useState<SellerSupportTicketsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    setData(null);
    fetchSellerTickets({ status: status === 'all' ? null : status, page, perPage: TICKETS_PER_PAGE }, locale, ctrl.signal)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
    return () => ctrl.abort();
  }, [token, status, page, locale, attempt]);

  const href = (tab: TicketTab, p = 1) => ticketListHref('/seller/support-tickets', tab, p);

  return (
    <div className="seller-tickets" data-testid="seller-tickets">
      <AccountHeading title={t('page.seller_tickets')} />
      <TicketTabs counts={data ?? undefined} current={status} hrefFor={(k) => href(k)} />
      {error && !data ? (
        <TicketListFailed error={error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : !data ? (
        <TicketListSkeleton />
      ) : data.support_tickets.length === 0 ? (
        <div className="acc-empty" data-testid="tickets-empty">
          <span className="acc-empty__icon">
            <TicketIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t(status === 'all' ? 'seller.tickets_empty' : 'tickets.empty_status')}</h2>
          <p className="muted">{t('seller.tickets_empty_text')}</p>
        </div>
      ) : (
        <>
          <TicketList tickets={data.support_tickets} hrefFor={(tk) => `/seller/support-tickets/${tk.ticket_no}`} />
          <Pagination page={page} total={data.total} perPage={TICKETS_PER_PAGE} hrefFor={(p) => href(status, p)} />
        </>
      )}
    </div>
  );
}
