import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BellIcon } from '~/features/account/icons';
import { ADMIN_AUDIT_LOG, ADMIN_LOGIN, adminLoginHref, adminReturnTo } from '~/features/admin/data';
import { TicketIcon, UsersIcon } from '~/features/admin/desk-icons';
import { useAdmin, useAdminBootstrap } from '~/features/admin/store';
import { BoltIcon, BoxIcon, DashboardIcon, ReceiptIcon, StarIcon, StoreIcon, TagIcon } from '~/features/seller/icons';
import { CoinsIcon, SlidersIcon } from '~/features/admin/settings-icons';
import { BannerIcon, CatalogueIcon } from '~/features/admin/taxonomy-icons';
import { useSite } from '~/shared/site';
import { UserIcon } from '~/shared/ui/icons';
import { ToastContainer } from '~/shared/ui/toast';
import { BackOfficeFrame } from './back-office-frame';

/** The console's sections in their order (BACKOFFICE.md "Operator console"); each joins with one line. */
const ADMIN_NAV = [
  { to: '/admin', label: 'admin.nav_dashboard', icon: DashboardIcon, end: true, testId: 'admin-nav-dashboard' },
  { to: '/admin/shops', label: 'admin.nav_shops', icon: StoreIcon, end: false, testId: 'admin-nav-shops' },
  { to: '/admin/catalogue', label: 'admin.nav_catalogue', icon: CatalogueIcon, end: false, testId: 'admin-nav-catalogue' },
  { to: '/admin/banners', label: 'admin.nav_banners', icon: BannerIcon, end: false, testId: 'admin-nav-banners' },
  { to: '/admin/settings', label: 'admin.nav_settings', icon: SlidersIcon, end: false, testId: 'admin-nav-settings' },
  { to: '/admin/currencies', label: 'admin.nav_currencies', icon: CoinsIcon, end: false, testId: 'admin-nav-currencies' },
  {
    to: '/admin/flash-sales',
    label: 'admin_content.nav_flash_sales',
    icon: BoltIcon,
    end: false,
    testId: 'admin-nav-flash-sales',
  },
  { to: '/admin/blog', label: 'admin_content.nav_blog', icon: TagIcon, end: false, testId: 'admin-nav-blog' },
  { to: '/admin/pages', label: 'admin_content.nav_pages', icon: BoxIcon, end: false, testId: 'admin-nav-pages' },
  { to: '/admin/support', label: 'admin.nav_support', icon: TicketIcon, end: false, testId: 'admin-nav-support' },
  { to: '/admin/customers', label: 'admin.nav_customers', icon: UsersIcon, end: false, testId: 'admin-nav-customers' },
  { to: '/admin/orders', label: 'admin.nav_orders', icon: BoxIcon, end: false, testId: 'admin-nav-orders' },
  { to: '/admin/reviews', label: 'admin.nav_reviews', icon: StarIcon, end: false, testId: 'admin-nav-reviews' },
  {
    to: '/admin/notifications',
    label: 'admin.nav_notifications',
    icon: BellIcon,
    end: false,
    testId: 'admin-nav-notifications',
  },
  // The audit log stays last.
  { to: ADMIN_AUDIT_LOG, label: 'admin.nav_audit_log', icon: ReceiptIcon, end: false, testId: 'admin-nav-audit-log' },
] as const;

/**
 * The operator console's frame (the seller centre's look: a bar with the brand, the area, the language
 * and sign out; the sections beside or above the page). The pages' loaders send an operator without a
 * session to /admin/login; here, a session that ends while a page is open does the same, and one that
 * begins on the sign-in (another tab) opens the page asked for (`?next=`) or the dashboard.
 */
export default function AdminLayout() {
  const { t } = useSite();
  useAdminBootstrap();
  const ready = useAdmin((s) => s.ready);
  const token = useAdmin((s) => s.token);
  const operator = useAdmin((s) => s.operator);
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // In the narrow bar (it scrolls sideways on its own, never the page), the current section is kept in view.
  useEffect(() => {
    const bar = list.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current || bar.scrollWidth <= bar.clientWidth) return;
    const outer = bar.getBoundingClientRect();
    const inner = current.getBoundingClientRect();
    const gap = 24;
    if (inner.left < outer.left) bar.scrollBy({ left: inner.left - outer.left - gap });
    else if (inner.right > outer.right) bar.scrollBy({ left: inner.right - outer.right + gap });
  }, [pathname, ready, token]);
  return (
    <BackOfficeFrame
      area="admin"
      barClassName="admin-bar"
      ready={ready}
      signedIn={Boolean(token)}
      loginPath={ADMIN_LOGIN}
      loginHref={adminLoginHref}
      returnTo={adminReturnTo}
      brandTitle={t('admin.back_to_store')}
      areaIcon={<UserIcon size={16} />}
      who={operator ? <bdi data-testid="admin-operator">{operator.name}</bdi> : null}
      areaLabel={t('admin.area')}
      signedInAs={operator ? t('admin.signed_in_as', { name: operator.name }) : undefined}
      signOutLabel={t('admin.sign_out')}
      after={<ToastContainer closeLabel={t('common.close')} />}
      nav={
        <nav className="seller-nav" aria-label={t('admin.nav')} data-testid="admin-nav">
          <ul className="seller-nav__list" ref={list}>
            {ADMIN_NAV.map((l) => (
              <li key={l.to} className="seller-nav__item">
                <NavLink
                  to={l.to}
                  end={l.end}
                  className={({ isActive }) => `seller-nav__link${isActive ? ' is-active' : ''}`}
                  data-testid={l.testId}
                >
                  <l.icon size={20} />
                  <span className="seller-nav__label">{t(l.label)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      }
    />
  );
}
