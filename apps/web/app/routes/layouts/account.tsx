import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Avatar } from '~/features/chrome/account-menu';
import { chromeLoader, chromeShouldRevalidate } from '~/features/chrome/layout-data';
import { SiteChrome } from '~/features/chrome/site-chrome';
import { openOverlay } from '~/features/chrome/ui-store';
import { useAuth } from '~/features/auth/store';
import { useSite } from '~/features/settings/site';
import type { Route } from './+types/account';

export const loader = chromeLoader;
export const shouldRevalidate = chromeShouldRevalidate;

const LINKS = [
  { to: '/dashboard', key: 'account.dashboard' },
  { to: '/order-history', key: 'account.order_history' },
  { to: '/wishlist', key: 'account.wishlist' },
  { to: '/massages', key: 'account.messages', badge: 'unread' },
  { to: '/profile', key: 'account.profile' },
  { to: '/manage-address', key: 'account.addresses' },
  { to: '/support-tickets', key: 'account.support_tickets' },
  { to: '/change-password', key: 'account.change_password' },
  { to: '/terms-and-conditions', key: 'page.terms' },
  { to: '/privacy-policy', key: 'page.privacy' },
] as const;

function AccountSidebar() {
  const { t } = useSite();
  const user = useAuth((s) => s.user);
  const unread = 0; // the chat capability feeds this
  return (
    <aside className="account-sidebar" aria-label={t('account.menu')}>
      <div className="account-sidebar__user">
        <Avatar photo={user?.profile_photo} name={user?.name ?? ''} size={56} />
        <div>
          <strong>{user?.name}</strong>
          {user?.phone ? (
            <div className="muted">
              <bdi dir="ltr">
                {user.phone_code ?? ''} {user.phone}
              </bdi>
            </div>
          ) : null}
        </div>
      </div>
      <nav>
        <ul className="account-sidebar__links">
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={({ isActive }) => `account-sidebar__link${isActive ? ' is-active' : ''}`}>
                <span>{t(l.key)}</span>
                {'badge' in l && unread > 0 ? <span className="badge">{unread}</span> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** Account pages need a signed-in customer: a guest is sent to / (the wishlist opens the login dialog instead). */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const ready = useAuth((s) => s.ready);
  const token = useAuth((s) => s.token);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isWishlist = pathname === '/wishlist';

  useEffect(() => {
    if (!ready || token) return;
    if (isWishlist) openOverlay('login');
    else navigate('/', { replace: true });
  }, [ready, token, isWishlist, navigate]);

  return (
    <SiteChrome variant="account" categories={loaderData.categories}>
      <div className="container account-layout">
        {ready && token ? (
          <>
            <AccountSidebar />
            <section className="account-content">
              <Outlet />
            </section>
          </>
        ) : (
          <div className="account-skeleton" aria-busy="true">
            <div className="skeleton" style={{ height: 320 }} />
            <div className="skeleton" style={{ height: 320 }} />
          </div>
        )}
      </div>
    </SiteChrome>
  );
}
