import type { Notification } from '@souq/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';

/** Where a notification leads in the account area: its order or its ticket. */
const hrefOf = (n: Notification) =>
  n.order_id !== null ? `/order-history/${n.order_id}` : n.ticket_number ? `/support-ticket/${n.ticket_number}` : null;

/** The customer's notifications: what they were told, by which channel, and when (newest first). */
export function NotificationList({ items }: { items: Notification[] }) {
  const { t, locale } = useSite();
  return (
    <ul className="notif-list" data-testid="notification-list">
      {items.map((n) => {
        const href = hrefOf(n);
        return (
          <li key={n.id} className="acc-card notif" data-testid="notification">
            <div className="notif__head">
              <strong className="notif__subject">{n.subject}</strong>
              <span className={`acc-pill notif__status notif__status--${n.status}`}>{t(`notifications.status.${n.status}`)}</span>
            </div>
            <p className="notif__body">{n.body}</p>
            <div className="notif__meta muted">
              <span>{t(n.channel === 'sms' ? 'notifications.by_sms' : 'notifications.by_email')}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={n.created_at}>{formatDateTime(n.created_at, locale)}</time>
              {href ? (
                <Link to={href} className="notif__link">
                  {t(n.order_id !== null ? 'notifications.view_order' : 'notifications.view_ticket')}
                </Link>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The list while it loads. */
export function NotificationListSkeleton() {
  return (
    <ul className="notif-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="skeleton notif-skeleton" />
      ))}
    </ul>
  );
}
