import type { OrdersAnswer } from '@souq/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAccountQuery, type AddressesData, type UserData } from '~/features/account/api';
import { AccountHeading, JoinedParts } from '~/features/account/form';
import { BagIcon, ChatIcon, LockIcon, PinIcon, ProfileIcon, TicketIcon } from '~/features/account/icons';
import { setAuth, useAuth } from '~/shared/auth-store';
import { Avatar } from '~/features/chrome/account-menu';
import { useSite } from '~/shared/site';
import { HeartIcon, MailIcon, PhoneIcon } from '~/shared/ui/icons';
import { titleMeta } from '~/shared/page';
import { fetchOrders } from '~/features/orders/api';
import { OrderList, OrderListSkeleton } from '~/features/orders/order-list';

export const meta = titleMeta('page.dashboard');

const QUICK_LINKS = [
  { to: '/order-history', key: 'account.order_history', icon: BagIcon },
  { to: '/wishlist', key: 'account.wishlist', icon: HeartIcon },
  { to: '/massages', key: 'account.messages', icon: ChatIcon },
  { to: '/profile', key: 'account.profile', icon: ProfileIcon },
  { to: '/manage-address', key: 'account.addresses', icon: PinIcon },
  { to: '/support-tickets', key: 'account.support_tickets', icon: TicketIcon },
  { to: '/change-password', key: 'account.change_password', icon: LockIcon },
] as const;

export default function DashboardPage() {
  const { t, locale } = useSite();
  const stored = useAuth((s) => s.user);
  const favorites = useAuth((s) => s.favoriteCount);
  const profile = useAccountQuery<UserData>('/profile');
  const addresses = useAccountQuery<AddressesData>('/addresses');
  const wishlist = useAccountQuery<{ total: number }>('/favorite-products?per_page=1');
  const wishTotal = wishlist.data?.total;
  // The server's count keeps the header badge honest.
  useEffect(() => {
    if (wishTotal !== undefined) setAuth({ favoriteCount: wishTotal });
  }, [wishTotal]);
  const token = useAuth((s) => s.token);
  const [orders, setOrders] = useState<OrdersAnswer | null>(null);
  const [ordersFailed, setOrdersFailed] = useState(false);
  useEffect(() => {
    if (!token) return;
    const ctrl = new AbortController();
    fetchOrders({ page: 1, perPage: 5 }, locale, ctrl.signal)
      .then(setOrders)
      .catch(() => {
        if (!ctrl.signal.aborted) setOrdersFailed(true);
      });
    return () => ctrl.abort();
  }, [token, locale]);
  const counts = orders?.status_wise_orders;
  const user = profile.data?.user ?? stored;
  const defaultAddress = addresses.data?.addresses.find((a) => a.is_default) ?? addresses.data?.addresses[0];

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
          <span className="acc-stat__value">{addresses.data ? addresses.data.total : '–'}</span>
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
      <ul className="acc-quick">
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
