import { TICKET_STATUSES, type TicketStatusName } from '@souq/contracts/constants';
import { Link } from 'react-router';
import { useT } from '~/shared/site';

export type TicketTab = 'all' | TicketStatusName;
export const TICKET_TABS: readonly TicketTab[] = ['all', ...TICKET_STATUSES];
export const isTicketStatus = (v: string | null): v is TicketStatusName =>
  v !== null && (TICKET_STATUSES as readonly string[]).includes(v);

export interface TicketCounts {
  running: number;
  completed: number;
  cancel: number;
}

export function TicketStatusBadge({ status }: { status: TicketStatusName }) {
  const t = useT();
  return (
    <span className={`tk-badge tk-badge--${status}`} data-testid="ticket-status" data-status={status}>
      {t(`tickets.status.${status}`)}
    </span>
  );
}

/** All, open, solved, cancelled, with their counts; each a link that keeps the list's address. */
export function TicketTabs({
  counts,
  current,
  hrefFor,
}: {
  counts: TicketCounts | undefined;
  current: TicketTab;
  hrefFor(tab: TicketTab): string;
}) {
  const t = useT();
  const count = (k: TicketTab) => (counts ? (k === 'all' ? counts.running + counts.completed + counts.cancel : counts[k]) : null);
  return (
    <nav className="ord-tabs" aria-label={t('tickets.filter')}>
      <ul className="ord-tabs__list">
        {TICKET_TABS.map((k) => (
          <li key={k}>
            <Link
              to={hrefFor(k)}
              className={`ord-tab${k === current ? ' is-active' : ''}`}
              aria-current={k === current ? 'page' : undefined}
              data-testid={`ticket-tab-${k}`}
              preventScrollReset
            >
              <span>{t(k === 'all' ? 'tickets.all' : `tickets.status.${k}`)}</span>
              <span className="ord-tab__count" data-testid="tab-count">
                {count(k) ?? '–'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
