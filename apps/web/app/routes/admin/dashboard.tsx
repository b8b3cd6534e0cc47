import type { AdminDashboard } from '@souq/contracts';
import { Link } from 'react-router';
import { AccountHeading, LoadFailed } from '~/features/account';
import { NOTIFICATIONS_HOME } from '~/features/admin/notifications-data';
import { loadAdminDashboard, OPEN_TICKETS_HREF, REFUNDS_DUE_HREF, shopsHref } from '~/features/admin/shops-data';
import { sellerMeta } from '~/features/seller/meta';
import { useSite } from '~/shared/site';
import type { Route } from './+types/dashboard';

export const meta = sellerMeta('page.admin_dashboard');

export const clientLoader = loadAdminDashboard;

function Frame({ children, busy }: { children: React.ReactNode; busy?: boolean }) {
  const { t } = useSite();
  return (
    <div className="adm-dash" data-testid="admin-dashboard" aria-busy={busy || undefined}>
      <AccountHeading title={t('admin.dash.title')} />
      <p className="muted seller-lead">{t('admin.dash.lead')}</p>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Frame busy>
      <div className="adm-cards">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="adm-card adm-card--skeleton skeleton" />
        ))}
      </div>
    </Frame>
  );
}

interface Figure {
  key: string;
  label: string;
  value: React.ReactNode;
}

/** One card: a heading, its figures, and a way on from them. */
function Card({ id, title, figures, children }: { id: string; title: string; figures: Figure[]; children?: React.ReactNode }) {
  return (
    <section className={`adm-card adm-card--${id}`} aria-labelledby={`adm-card-${id}`} data-testid={`dash-card-${id}`}>
      <h2 className="adm-card__title" id={`adm-card-${id}`}>
        {title}
      </h2>
      <dl className="adm-card__figures">
        {figures.map((f) => (
          <div key={f.key} className="adm-card__figure" data-testid={`dash-${id}-${f.key}`}>
            <dt className="adm-card__label">{f.label}</dt>
            <dd className="adm-card__value">
              <bdi>{f.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {children ? <p className="adm-card__more">{children}</p> : null}
    </section>
  );
}

function Cards({ d }: { d: AdminDashboard }) {
  const { t, money } = useSite();
  return (
    <div className="adm-cards">
      <Card
        id="shops"
        title={t('admin.dash.shops')}
        figures={[
          { key: 'pending', label: t('admin.dash.shops_pending'), value: d.shops.pending },
          { key: 'active', label: t('admin.dash.shops_active'), value: d.shops.active },
          { key: 'suspended', label: t('admin.dash.shops_suspended'), value: d.shops.suspended },
        ]}
      >
        <Link
          to={shopsHref({ status: 'pending' })}
          className={`ord-link${d.shops.pending ? ' adm-card__cta' : ''}`}
          data-testid="dash-review-pending"
        >
          {t('admin.dash.review_pending', { count: d.shops.pending })}
        </Link>
      </Card>
      <Card
        id="orders"
        title={t('admin.dash.orders')}
        figures={[
          { key: 'today', label: t('admin.dash.orders_today'), value: d.orders.today },
          { key: 'last_30_days', label: t('admin.dash.orders_30'), value: d.orders.last_30_days },
        ]}
      />
      <Card
        id="sales"
        title={t('admin.dash.sales')}
        figures={[{ key: 'last_30_days', label: t('admin.dash.sales_30'), value: money(d.sales.last_30_days) }]}
      />
      <Card
        id="customers"
        title={t('admin.dash.customers')}
        figures={[
          { key: 'total', label: t('admin.dash.customers_total'), value: d.customers.total },
          { key: 'new', label: t('admin.dash.customers_new'), value: d.customers.new_last_30_days },
        ]}
      />
      <Card
        id="tickets"
        title={t('admin.dash.tickets')}
        figures={[{ key: 'open', label: t('admin.dash.tickets_open'), value: d.tickets.open }]}
      >
        <Link to={OPEN_TICKETS_HREF} className="ord-link" data-testid="dash-open-tickets">
          {t('admin.dash.see_tickets')}
        </Link>
      </Card>
      <Card
        id="refunds"
        title={t('admin.dash.refunds')}
        figures={[{ key: 'due', label: t('admin.dash.refunds_due'), value: d.refunds.due }]}
      >
        <Link to={REFUNDS_DUE_HREF} className="ord-link" data-testid="dash-refunds-due">
          {t('admin.dash.see_refunds')}
        </Link>
      </Card>
      <Card
        id="notifications"
        title={t('admin.dash.notifications')}
        figures={[{ key: 'failed', label: t('admin.dash.notifications_failed'), value: d.notifications.failed }]}
      >
        <Link
          to={NOTIFICATIONS_HOME}
          className={`ord-link${d.notifications.failed ? ' adm-card__cta' : ''}`}
          data-testid="dash-failed-notifications"
        >
          {t('admin.dash.see_notifications')}
        </Link>
      </Card>
    </div>
  );
}

/** /admin: the marketplace at a glance (BACKOFFICE.md "Operator console"), with ways into what waits. */
export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <Frame>{loaderData.error !== undefined ? <LoadFailed message={loaderData.error} /> : <Cards d={loaderData.data} />}</Frame>
  );
}
