import type { NotificationsAnswer } from '@souq/contracts';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { loadAccount, type PageData } from '~/features/account/api';
import { AccountHeading } from '~/features/account/heading';
import { BellIcon } from '~/features/account/icons';
import { LoadFailed } from '~/features/account/load-failed';
import { fetchNotifications } from '~/features/notifications/api';
import { NotificationList, NotificationListSkeleton } from '~/features/notifications/notification-list';
import { documentLocale } from '~/shared/i18n';
import { titleMeta } from '~/shared/page';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/notifications';

export const meta = titleMeta('page.notifications');

/** The API's page size (NOTIFICATIONS_PER_PAGE). */
const PER_PAGE = 20;
const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);
const hrefFor = (p: number) => (p > 1 ? `/notifications?page=${p}` : '/notifications');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => {
  const page = pageOf(new URL(request.url).searchParams);
  return loadAccount(() => fetchNotifications({ page, perPage: PER_PAGE }, documentLocale(), request.signal));
};

export function HydrateFallback() {
  return <Notifications />;
}

/** /notifications?page=: what the customer was told by e-mail or SMS about their orders and tickets, newest first. */
export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  return <Notifications loaded={loaderData ?? undefined} />;
}

function Notifications({ loaded }: { loaded?: PageData<NotificationsAnswer> }) {
  const { t } = useSite();
  const [params] = useSearchParams();
  const page = pageOf(params);
  const loading = useNavigation().location?.pathname === '/notifications';
  const data = loaded?.data;

  return (
    <div data-testid="notifications">
      <AccountHeading title={t('account.notifications')}>
        {data ? <span className="muted">{t('notifications.count', { count: data.total })}</span> : null}
      </AccountHeading>
      <p className="muted acc-lead">{t('notifications.lead')}</p>
      {loaded?.error !== undefined ? (
        <LoadFailed message={loaded.error} />
      ) : loading || !data ? (
        <NotificationListSkeleton />
      ) : data.notifications.length === 0 && data.total > 0 ? (
        <div className="acc-empty" data-testid="notifications-page-past-end">
          <h2 className="acc-empty__title">{t('orders.page_past_end')}</h2>
          <Link to={hrefFor(1)} className="btn btn-primary">
            {t('orders.first_page')}
          </Link>
        </div>
      ) : data.notifications.length === 0 ? (
        <div className="acc-empty" data-testid="notifications-empty">
          <span className="circle acc-empty__icon">
            <BellIcon size={36} />
          </span>
          <h2 className="acc-empty__title">{t('notifications.empty')}</h2>
          <p className="muted">{t('notifications.empty_text')}</p>
          <Link to="/products" className="btn btn-primary">
            {t('account.browse_products')}
          </Link>
        </div>
      ) : (
        <>
          <NotificationList items={data.notifications} />
          <Pagination page={page} total={data.total} perPage={PER_PAGE} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
