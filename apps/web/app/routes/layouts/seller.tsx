import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguagePicker } from '~/features/chrome/top-bar';
import { sellerLogout } from '~/features/seller/api';
import { useSellerChatBootstrap, useSellerUnread } from '~/features/seller/chat';
import { useSeller, useSellerBootstrap } from '~/features/seller/store';
import { useSite } from '~/shared/site';
import { LogoutIcon, StoreIcon } from '~/shared/ui/icons';
import { ToastContainer } from '~/shared/ui/toast';

/** The seller area's sections: orders, messages (with the unread count), support tickets. */
function SellerNav({ unread }: { unread: number }) {
  const { t } = useSite();
  const links = [
    { to: '/seller', label: t('seller.nav_orders'), end: true, testId: undefined, badge: 0 },
    { to: '/seller/messages', label: t('seller.messages'), end: false, testId: 'seller-nav-messages', badge: unread },
    { to: '/seller/support-tickets', label: t('seller.nav_tickets'), end: false, testId: undefined, badge: 0 },
  ];
  return (
    <nav className="seller-nav" aria-label={t('seller.nav')} data-testid="seller-nav">
      {links.map((l) => (
        <NavLink
          key={l.to}
          to={l.to}
          end={l.end}
          className={({ isActive }) => `seller-nav__link${isActive ? ' is-active' : ''}`}
          data-testid={l.testId}
        >
          {l.label}
          {l.badge > 0 ? (
            <span className="badge" aria-label={t('account.unread', { count: l.badge })} data-testid="seller-unread-badge">
              {l.badge}
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * The seller area's own frame (not the shopper's header and account sidebar): the shop, the language,
 * sign out. Signed out, every page but /seller/login sends the seller there; signed in, the login page
 * sends them to their orders.
 */
export default function SellerLayout() {
  const { t, master, locale } = useSite();
  useSellerBootstrap();
  useSellerChatBootstrap();
  const unread = useSellerUnread();
  const ready = useSeller((s) => s.ready);
  const token = useSeller((s) => s.token);
  const shop = useSeller((s) => s.shop);
  const seller = useSeller((s) => s.seller);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onLogin = pathname.replace(/\/$/, '') === '/seller/login';

  useEffect(() => {
    if (!ready) return;
    if (!token && !onLogin) navigate('/seller/login', { replace: true });
    else if (token && onLogin) navigate('/seller', { replace: true });
  }, [ready, token, onLogin, navigate]);

  return (
    <>
      <header className="seller-bar" data-testid="seller-bar">
        <div className="container seller-bar__inner">
          <Link to="/" className="seller-bar__brand" title={t('seller.back_to_store')}>
            {master.app_name}
          </Link>
          <span className="seller-bar__area">
            <StoreIcon size={16} />
            {shop && token ? <bdi data-testid="seller-shop">{shop.name}</bdi> : t('seller.area')}
          </span>
          <span className="seller-bar__end">
            <LanguagePicker />
            {token ? (
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => void sellerLogout(locale)}
                data-testid="seller-logout"
                title={seller ? t('seller.signed_in_as', { name: seller.name }) : undefined}
              >
                <LogoutIcon size={16} />
                <span className="seller-bar__label">{t('seller.sign_out')}</span>
              </button>
            ) : null}
          </span>
        </div>
      </header>
      <main id="main" className="site-main seller-main">
        <div className="container">
          {ready && token && !onLogin ? <SellerNav unread={unread} /> : null}
          {ready && (token ? !onLogin : onLogin) ? <Outlet /> : <div className="skeleton seller-skeleton" aria-busy="true" />}
        </div>
      </main>
      <ToastContainer closeLabel={t('common.close')} />
    </>
  );
}
