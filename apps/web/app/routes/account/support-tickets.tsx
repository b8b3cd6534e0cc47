import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountHeading } from '~/features/account';
import { loadAccount } from '~/features/account/api';
import { PlusIcon } from '~/features/account/icons';
import { TicketListBody } from '~/features/support';
import { fetchTickets } from '~/features/support/api';
import { NewTicketDialog } from '~/features/support/new-ticket-dialog';
import { createTicketAction, loadTicketList } from '~/features/support/support-data';
import { TicketListSkeleton } from '~/features/support/ticket-list';
import { titleMeta } from '~/shared/page';
import { useSite, useT } from '~/shared/site';
import type { Route } from './+types/support-tickets';

export const meta = titleMeta('page.support_tickets');

const BASE = '/support-tickets';

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadAccount(() => loadTicketList(request, fetchTickets));

/** Opens a ticket (the new-ticket dialog); the list is loaded again after it. */
export const clientAction = createTicketAction;

export function HydrateFallback() {
  const t = useT();
  return (
    <div data-testid="support-tickets">
      <AccountHeading title={t('account.support_tickets')} />
      <TicketListSkeleton />
    </div>
  );
}

/** /support-tickets?status=&page=: the customer's tickets by status, most recently active first, and "New ticket". */
export default function SupportTicketsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const data = loaderData?.data;
  const all = data ? data.answer.running + data.answer.completed + data.answer.cancel : 0;

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
        loaded={loaderData}
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
          // The new ticket is the most recently active: it heads the first page of "all" (reloaded after the action).
          if (data && (data.status !== 'all' || data.page !== 1)) void navigate(BASE);
        }}
      />
    </div>
  );
}
