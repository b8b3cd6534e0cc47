import type { OrdersAnswer, User } from '@souq/contracts';
import { Link } from 'react-router';
import { accountCall, loadAccount, type AddressesData, type UserData } from '~/features/account/api';
import { JoinedParts } from '~/features/account/address-type';
import { AccountHeading } from '~/features/account/heading';
import { BagIcon, ChatIcon, LockIcon, PinIcon, ProfileIcon, TicketIcon } from '~/features/account/icons';
import { afterSessionRead, setAuth, useAuth } from '~/shared/auth-store';
import { documentLocale } from '~/shared/i18n';
import { Avatar } from '~/features/chrome/account-menu';
import { useSite } from '~/shared/site';
import { HeartIcon, MailIcon, PhoneIcon } from '~/shared/ui/icons';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/dashboard';
import { fetchOrders } from '~/features/orders/api';
import { OrderList, OrderListSkeleton } from '~/features/orders/order-list';

export const meta = titleMeta('page.dashboard');

interface DashboardData {
  user: User | null;
  addresses: AddressesData | null;
  orders: OrdersAnswer | null;
}

const QUICK_LINKS = [
  { to: '/order-history', key: 'account.order_history', icon: BagIcon },
  { to: '/wishlist', key: 'account.wishlist', icon: HeartIcon },
  { to: '/massages', key: 'account.messages', icon: ChatIcon },
  { to: '/profile', key: 'account.profile', icon: ProfileIcon },
  { to: '/manage-address', key: 'account.addresses', icon: PinIcon },
  { to: '/support-tickets', key: 'account.support_tickets', icon: TicketIcon },
  { to: '/change-password', key: 'account.change_password', icon: LockIcon },
] as const;

/**
 * The customer's figures: profile, addresses, the wishlist's total and the latest orders, each on its own
 * (one failing leaves its figure out, not the page).
 */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAccount(async (): Promise<DashboardData> => {
    const signal = request.signal;
    const [profile, addresses, wishlist, orders] = await Promise.allSettled([
      accountCall<UserData>('/profile', { signal }),
      accountCall<AddressesData>('/addresses', { signal }),
      accountCall<{ total: number }>('/favorite-products', { query: { per_page: 1 }, signal }),
      fetchOrders({ page: 1, perPage: 5 }, documentLocale(), signal),
    ]);
    const value = <T,>(r: PromiseSettledResult<T>) => (r.status === 'fulfilled' ? r.value : null);
    const wishTotal = value(wishlist)?.total;
    // The server's count keeps the header badge honest.
    if (wishTotal !== undefined) afterSessionRead(() => setAuth({ favoriteCount: wishTotal }));
    return { user: value(profile)?.user ?? null, addresses: value(addresses), orders: value(orders) };
  });

export function HydrateFallback() {
  return <Dashboard />;
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <Dashboard loaded={loaderData?.data} />;
}

function Dashboard({ loaded }: { loaded?: DashboardData }) {
  const { t, locale } = useSite();
  const stored = useAuth((s) => s.user);
  const favorites = useAuth((s) => s.favoriteCount);
  const orders = loaded?.orders;
  const ordersFailed = loaded !== undefined && !orders;
  const counts = orders?.status_wise_orders;
  const user = loaded?.user ?? stored;
  const addresses = loaded?.addresses;
  const defaultAddress = addresses?.addresses.find((a) => a.is_default) ?? addresses?.addresses[0];

  return (
    <div className="acc-dashboard" data-testid="account-dashboard">
      <AccountHeading title={t('account.dashboard')} />
      <p className="muted acc-lead">{t('account.welcome', { name: user?.name ?? '' })}</p>

      <section className="acc-card acc-summary" aria-label={t('account.profile_summary')}>
        <Avatar photo={user?.profile_photo} name={user?.name ?? ''} size={72} />
        <div className="acc-summary__body">
          <h2 className="acc-summary__name">{user?.name}</h2>
          <ul className="acc-summary__facts">
            {user?.phone ? (
              <li>
                <PhoneIcon size={16} />
                <bdi dir="ltr">
                  {user.phone_code ?? ''} {user.phone}
                </bdi>
              </li>
            ) : null}
            {user?.email ? (
              <li>
                <MailIcon size={16} />
                <bdi dir="ltr">{user.email}</bdi>
              </li>
            ) : null}
            {defaultAddress ? (
              <li>
                <PinIcon size={16} />
                <span>
                  <JoinedParts
                    parts={[defaultAddress.address_line, defaultAddress.area]}
                    separator={locale === 'ar' ? '، ' : ', '}
                  />
                </span>
              </li>
            ) : null}
          </ul>
        </div>
        <Link to="/profile" className="btn btn-sm acc-summary__edit">
          {t('account.edit_profile')}
        </Link>
      </section>

      <div className="ord-dash-stats" data-testid="dashboard-order-counts">
        {(['all', 'pending', 'on_the_way', 'delivered'] as const).map((k) => (
          <Link
            key={k}
            to={k === 'all' ? '/order-history' : `/order-history?status=${k}`}
            className="acc-stat"
            data-testid={`dash-count-${k}`}
          >
            <BagIcon size={22} />
            <span className="acc-stat__value">{counts ? counts[k] : '–'}</span>
            <span className="acc-stat__label">{t(k === 'all' ? 'orders.total_orders' : `orders.status.${k}`)}</span>
          </Link>
        ))}
        <Link to="/wishlist" className="acc-stat">
          <HeartIcon size={22} />
          <span className="acc-stat__value">{favorites}</span>
          <span className="acc-stat__label">{t('account.wishlist')}</span>
        </Link>
        <Link to="/manage-address" className="acc-stat">
          <PinIcon size={22} />
          <span className="acc-stat__value">{addresses ? addresses.total : '–'}</span>
          <span className="acc-stat__label">{t('account.saved_addresses')}</span>
        </Link>
      </div>

      <div className="acc-heading ord-dash-recent">
        <h2 className="acc-subtitle">{t('orders.recent')}</h2>
        {orders?.orders.length ? (
          <Link to="/order-history" className="ord-link">
            {t('orders.see_all')}
          </Link>
        ) : null}
      </div>
      {orders ? (
        orders.orders.length ? (
          <OrderList orders={orders.orders} hrefFor={(o) => `/order-history/${o.id}`} />
        ) : (
          <p className="muted" data-testid="dashboard-no-orders">
            {t('orders.empty_text')}
          </p>
        )
      ) : ordersFailed ? null : (
        <OrderListSkeleton rows={2} />
      )}

      <h2 className="acc-subtitle">{t('account.quick_links')}</h2>
      <ul className="acc-quick grid-cols">
        {QUICK_LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="acc-quick__link">
              <l.icon size={20} />
              <span>{t(l.key)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
