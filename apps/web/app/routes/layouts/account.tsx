import { useEffect, useRef, type ComponentType } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { loadedSession } from '~/features/account/session';
import { ACCOUNT_PAGES, type AccountPath } from '~/shared/account-pages';
import { useAuth } from '~/shared/auth-store';
import {
  BagIcon,
  BellIcon,
  ChatIcon,
  DashboardIcon,
  DocIcon,
  LockIcon,
  PinIcon,
  ProfileIcon,
  ShieldIcon,
  TicketIcon,
} from '~/features/account/icons';
import { Avatar } from '~/features/chrome/account-menu';
import { useChat } from '~/features/chat';
import { chromeLoader, chromeShouldRevalidate } from '~/shared/layout-data';
import { SiteChrome } from '~/features/chrome/site-chrome';
import { openOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { HeartIcon } from '~/shared/ui/icons';
import type { Route } from './+types/account';

export const loader = chromeLoader;
export const shouldRevalidate = chromeShouldRevalidate;

interface SidebarLink {
  to: string;
  key: string;
  icon: ComponentType<{ size?: number }>;
  badge?: 'unread';
}

const ICONS: Record<AccountPath, SidebarLink['icon']> = {
  '/dashboard': DashboardIcon,
  '/order-history': BagIcon,
  '/wishlist': HeartIcon,
  '/massages': ChatIcon,
  '/profile': ProfileIcon,
  '/manage-address': PinIcon,
  '/support-tickets': TicketIcon,
  '/notifications': BellIcon,
  '/change-password': LockIcon,
  '/terms-and-conditions': DocIcon,
  '/privacy-policy': ShieldIcon,
};

/** SPEC §2: the links of the account sidebar (the ten of SPEC, and the notifications), in this order (shared/account-pages.ts). */
const LINKS: SidebarLink[] = ACCOUNT_PAGES.map((p) => ({ ...p, icon: ICONS[p.to] }));

function AccountSidebar() {
  const { t } = useSite();
  const user = useAuth((s) => s.user);
  const unread = useChat((s) => s.unreadMessages);
  const nav = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // A ticket's page (/support-ticket/…) belongs to the tickets' link (/support-tickets).
  const within = (to: string) => to === '/support-tickets' && pathname.startsWith('/support-ticket/');

  // On phones the links scroll sideways: keep the current one in view.
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('.is-active');
    const list = nav.current;
    if (!active || !list || list.scrollWidth <= list.clientWidth) return;
    active.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);

  return (
    <aside className="account-sidebar" aria-label={t('account.menu')} data-testid="account-sidebar">
      <div className="account-sidebar__user">
        <Avatar photo={user?.profile_photo} name={user?.name ?? ''} size={56} />
        <div className="account-sidebar__who">
          <strong className="account-sidebar__name" data-testid="sidebar-name">
            {user?.name}
          </strong>
          {user?.phone ? (
            <div className="muted account-sidebar__phone">
              <bdi dir="ltr">
                {user.phone_code ?? ''} {user.phone}
              </bdi>
            </div>
          ) : null}
        </div>
      </div>
      <nav aria-label={t('account.menu')}>
        <ul className="account-sidebar__links" ref={nav}>
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                end={l.to === '/dashboard'}
                className={({ isActive }) => `account-sidebar__link${isActive || within(l.to) ? ' is-active' : ''}`}
                aria-current={within(l.to) ? 'page' : undefined}
              >
                <l.icon size={18} />
                <span className="account-sidebar__label">{t(l.key)}</span>
                {l.badge && unread > 0 ? (
                  <span className="badge" aria-label={t('account.unread', { count: unread })} data-testid="unread-badge">
                    {unread}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** A guest on /wishlist gets the login dialog instead of the page (SPEC §6). */
function WishlistGuest() {
  const { t } = useSite();
  return (
    <section className="account-guest" data-testid="wishlist-guest">
      <HeartIcon size={40} />
      <h1 className="page-title">{t('account.wishlist')}</h1>
      <p className="muted">{t('account.wishlist_login')}</p>
      <button type="button" className="btn btn-primary" onClick={() => openOverlay('login')}>
        {t('chrome.login')}
      </button>
    </section>
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

  // The pages' data was loaded for another session (a sign-in from the wishlist's prompt): load it again.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (ready && token && token !== loadedSession()) void revalidate();
  }, [ready, token, revalidate]);
  // A page of the account on its way (its loader runs before it shows).
  const navigation = useNavigation();
  const moving = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  return (
    <SiteChrome variant="account" categories={loaderData.categories}>
      <div className="container account-layout">
        {ready && token ? (
          <>
            <AccountSidebar />
            <section className="account-content" aria-busy={moving || undefined}>
              <Outlet />
            </section>
          </>
        ) : ready && isWishlist ? (
          <WishlistGuest />
        ) : (
          <div className="account-skeleton" aria-busy="true">
            <div className="skeleton account-skeleton__side" />
            <div className="skeleton account-skeleton__main" />
          </div>
        )}
      </div>
    </SiteChrome>
  );
}
