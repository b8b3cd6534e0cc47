import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { loadAuthOverlays } from '~/features/auth';
import { ACCOUNT_MENU } from '~/shared/account-pages';
import { useAuth } from '~/shared/auth-store';
import { cartStore } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { CartIcon, HeartIcon, LogoutIcon, StoreIcon, UserIcon } from '~/shared/ui/icons';
import { Avatar } from './account-menu';
import type { ChromeCategory } from '~/shared/layout-data';
import { MenuLink } from './nav-link';
import { closeOverlay, openOverlay, useOverlay, type Overlay } from '~/shared/ui-store';

/**
 * The sign-in dialogs (forms, one-time codes, social buttons) are a chunk of their own, fetched while the
 * page is idle after hydration and rendered the first time one of them is opened (decision 012).
 */
const AuthOverlays = lazy(() => loadAuthOverlays().then((m) => ({ default: m.AuthOverlays })));
const AUTH_OVERLAYS: ReadonlySet<Overlay> = new Set(['login', 'register', 'forgot', 'otp', 'reset', 'logout']);

function LazyAuthOverlays() {
  const overlay = useOverlay();
  const [needed, setNeeded] = useState(false);
  if (!needed && AUTH_OVERLAYS.has(overlay)) setNeeded(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    // eslint-disable-next-line souq/no-api-in-effect -- code loading: the dialogs' chunk, no data
    idle(() => void loadAuthOverlays());
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <AuthOverlays />
    </Suspense>
  ) : null;
}

function SideDrawer({ categories }: { categories: ChromeCategory[] }) {
  const { master, t } = useSite();
  const overlay = useOverlay();
  const user = useAuth((s) => s.user);
  const close = useCallback(() => closeOverlay('drawer'), []);
  return (
    <Dialog open={overlay === 'drawer'} onClose={close} title={master.app_name} placement="start" testId="side-menu">
      <nav className="drawer-nav" aria-label={t('chrome.main_menu')}>
        {user ? (
          <div className="drawer-nav__user">
            <Avatar photo={user.profile_photo} name={user.name} size={40} />
            <div>
              <strong>{user.name}</strong>
              {user.phone ? (
                <div className="muted">
                  <bdi dir="ltr">{user.phone}</bdi>
                </div>
              ) : null}
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-primary btn-block" onClick={() => openOverlay('login')}>
            <UserIcon size={18} /> {t('chrome.login')}
          </button>
        )}
        <ul className="drawer-nav__list">
          <li>
            <Link to="/wishlist" onClick={close} className="drawer-nav__item">
              <HeartIcon size={18} /> {t('chrome.wishlist')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="drawer-nav__item"
              onClick={() => {
                close();
                cartStore.set({ open: true });
              }}
            >
              <CartIcon size={18} /> {t('chrome.my_cart')}
            </button>
          </li>
          {master.multi_vendor ? (
            <li>
              <Link to="/shop/register" onClick={close} className="drawer-nav__item" data-testid="drawer-become-seller">
                <StoreIcon size={18} /> {t('chrome.become_seller')}
              </Link>
            </li>
          ) : null}
          {user
            ? ACCOUNT_MENU.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} onClick={close} className="drawer-nav__item">
                    {t(l.key)}
                  </Link>
                </li>
              ))
            : null}
          {user ? (
            <li>
              <button
                type="button"
                className="drawer-nav__item menu__item--danger"
                onClick={() => openOverlay('logout')}
                data-testid="drawer-logout"
              >
                <LogoutIcon size={18} /> {t('account.logout')}
              </button>
            </li>
          ) : null}
        </ul>
        {master.menus.length ? (
          <>
            <h3 className="drawer-nav__heading">{t('chrome.menus')}</h3>
            <ul className="drawer-nav__list">
              {master.menus.map((m) => (
                <li key={m.id}>
                  <MenuLink item={m} className="drawer-nav__item" onClick={close} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {categories.length ? (
          <>
            <h3 className="drawer-nav__heading">{t('chrome.categories')}</h3>
            <ul className="drawer-nav__list">
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={`/categories/${c.slug}`} onClick={close} className="drawer-nav__item">
                    {c.thumbnail ? <img src={c.thumbnail} alt="" width={24} height={24} loading="lazy" /> : null}
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </nav>
    </Dialog>
  );
}

export function ChromeOverlays({ categories }: { categories: ChromeCategory[] }) {
  return (
    <>
      <SideDrawer categories={categories} />
      <LazyAuthOverlays />
    </>
  );
}
