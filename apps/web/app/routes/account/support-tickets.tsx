import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountHeading } from '~/features/account';
import { PlusIcon } from '~/features/account/icons';
import { TicketListBody, useTicketListPage } from '~/features/support';
import { fetchTickets } from '~/features/support/api';
import { NewTicketDialog } from '~/features/support/new-ticket-dialog';
import type { TicketTab } from '~/features/support/status';
import { ticketListHref } from '~/features/support/ticket-list';
import { useAuth } from '~/shared/auth-store';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';

export const meta = titleMeta('page.support_tickets');

const BASE = '/support-tickets';

/** /support-tickets?status=&page=: the customer's tickets by status, most recently active first, and "New ticket". */
export default function SupportTicketsPage() {
  const { t } = useSite();
  const token = useAuth((s) => s.token);
  const navigate = useNavigate();
  const list = useTicketListPage(fetchTickets, token, false);
  const { status, page, data } = list;
  const [creating, setCreating] = useState(false);

  const hrefFor = (tab: TicketTab, p = 1) => ticketListHref(BASE, tab, p);
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
      <TicketListBody
        list={list}
        base={BASE}
        ticketHref={(tk) => `/support-ticket/${tk.ticket_no}`}
        emptyTitle={t('tickets.empty')}
        emptyText={t('tickets.empty_text')}
        emptyAction={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            {t('tickets.new')}
          </button>
        }
      />
      <NewTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          // The new ticket is the most recently active: it heads the first page of "all".
          if (status === 'all' && page === 1) list.reload();
          else navigate(hrefFor('all'));
        }}
      />
    </div>
  );
}
