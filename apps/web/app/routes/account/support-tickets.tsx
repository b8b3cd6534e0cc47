import type { SupportTicketsAnswer } from '@souq/contracts';
import { TICKETS_PER_PAGE } from '@souq/contracts/constants';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountHeading, TicketIcon } from '~/features/account';
import { PlusIcon } from '~/features/account/icons';
import { fetchTickets } from '~/features/support/api';
import { NewTicketDialog } from '~/features/support/new-ticket-dialog';
import { TicketTabs, type TicketTab } from '~/features/support/status';
import {
  TicketList,
  TicketListFailed,
  TicketListSkeleton,
  ticketListHref,
  useTicketListParams,
} from '~/features/support/ticket-list';
import { useAuth } from '~/shared/auth-store';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';

export const meta = titleMeta('page.support_tickets');

/** /support-tickets?status=&page=: the customer's tickets by status, most recently active first, and "New ticket". */
export default function SupportTicketsPage() {
  const { t, locale } = useSite();
  const token = useAuth((s) => s.token);
  const navigate = useNavigate();
  const { status, page } = useTicketListParams();
  const [data, setData] = useState<SupportTicketsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    setLoading(true);
    fetchTickets({ status: status === 'all' ? null : status, page, perPage: TICKETS_PER_PAGE }, locale, ctrl.signal)
      .then((d) => {
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [token, status, page, locale, attempt]);

  const hrefFor = (tab: TicketTab, p = 1) => ticketListHref('/support-tickets', tab, p);
  const all = data ? data.running + data.completed + data.cancel : 0;

  return (
    <div data-testid="support-tickets">
      <AccountHeading title={t('account.support_tickets')}>
        {data ? <span className="muted">{t('tickets.count', { count: all })}</span> : null}
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)} data-testid="new-ticket">
          <PlusIcon size={16} />
          {t('tickets.new')}
        </button>
      </AccountHeading>
      <TicketTabs counts={data ?? undefined} current={status} hrefFor={(k) => hrefFor(k)} />
      {error && !data ? (
        <TicketListFailed error={error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : loading || !data ? (
        <TicketListSkeleton />
      ) : data.support_tickets.length === 0 ? (
        <div className="acc-empty" data-testid="tickets-empty">
          <span className="acc-empty__icon">
            <TicketIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t(status === 'all' ? 'tickets.empty' : 'tickets.empty_status')}</h2>
          <p className="muted">{t('tickets.empty_text')}</p>
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            {t('tickets.new')}
          </button>
        </div>
      ) : (
        <>
          <TicketList tickets={data.support_tickets} hrefFor={(tk) => `/support-ticket/${tk.ticket_no}`} />
          <Pagination page={page} total={data.total} perPage={TICKETS_PER_PAGE} hrefFor={(p) => hrefFor(status, p)} />
        </>
      )}
      <NewTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          // The new ticket is the most recently active: it heads the first page of "all".
          if (status === 'all' && page === 1) setAttempt((n) => n + 1);
          else navigate(hrefFor('all'));
        }}
      />
    </div>
  );
}
