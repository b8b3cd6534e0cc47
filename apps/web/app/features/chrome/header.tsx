import { CART_TOTAL_DECIMALS } from '~/shared/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '~/shared/auth-store';
import { cartStore, useCart } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { CartIcon, HeartIcon, MenuIcon, SearchIcon, UserIcon } from '~/shared/ui/icons';
import { Dropdown } from '~/shared/ui/dropdown';
import { AccountMenu } from './account-menu';
import { SearchForm } from './search-form';
import { openOverlay } from '~/shared/ui-store';

function Badge({ count, testId }: { count: number; testId?: string }) {
  return (
    <span className={`badge badge--corner${count > 0 ? '' : ' badge--zero'}`} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

// Counts change on load too (the wishlist is read from the API after hydration): only a change after the
// visitor has pressed or clicked something (the browser's sticky user activation) is theirs, and worth
// announcing. No listener of its own for that: the page listens for no presses on the window (decision 012).
const acted = () => typeof navigator !== 'undefined' && navigator.userActivation?.hasBeenActive === true;

/**
 * A polite live region that says the wishlist and cart counts when they change without a page load
 * (the badges alone are only seen). Always in the page, empty until something changes. The cart's first
 * reading after the page loads (`cartRead` turning true) is not a change: a page reached by a link can
 * carry the browser's user activation over, so `acted()` alone would say the cart's count on every load.
 */
function CountAnnouncer({
  favorites,
  cart,
  cartRead,
  amount,
}: {
  favorites: number;
  cart: number;
  cartRead: boolean;
  amount: number;
}) {
  const { t, money } = useSite();
  const [message, setMessage] = useState('');
  const last = useRef({ favorites, cart, cartRead });
  useEffect(() => {
    const before = last.current;
    last.current = { favorites, cart, cartRead };
    if (!acted()) return;
    if (favorites !== before.favorites) setMessage(`${t('chrome.wishlist')}: ${t('chrome.items', { count: favorites })}`);
    else if (cart !== before.cart && before.cartRead && cartRead)
      setMessage(t('chrome.cart_label', { count: cart, amount: money(amount, CART_TOTAL_DECIMALS) }));
  }, [favorites, cart, cartRead, amount, t, money]);
  return (
    <p className="sr-only" role="status" data-testid="count-announcer">
      {message}
    </p>
  );
}

export function Logo() {
  const { master } = useSite();
  return (
    <Link to="/" className="logo" aria-label={master.app_name}>
      {master.web_logo ? (
        <img src={master.web_logo} alt={master.app_name} width={150} height={42} />
      ) : (
        <strong>{master.app_name}</strong>
      )}
    </Link>
  );
}

/** Below 768 px: the search form in a drop-down under the header (it works before hydration too). */
function MobileSearch() {
  const { master, t } = useSite();
  return (
    <Dropdown
      className="mobile-search show-md"
      summaryClassName="icon-btn"
      summaryTestId="mobile-search-button"
      summaryLabel={t('chrome.search')}
      summary={<SearchIcon />}
      chevron={false}
      onOpen={(details) => details.querySelector('input')?.focus()}
    >
      <div className="mobile-search__panel" data-testid="search-panel">
        <SearchForm testId="dialog-search" />
        {master.search.popular.length ? (
          <div className="chips">
            <span className="muted">{t('chrome.popular_searches')}</span>
            {master.search.popular.map((term) => (
              <Link key={term} className="chip" to={`/products?search=${encodeURIComponent(term)}`}>
                {term}
              </Link>
            ))}
          </div>
        ) : null}
      </div>
    </Dropdown>
  );
}

export function MainHeader() {
  const { t, money } = useSite();
  const user = useAuth((s) => s.user);
  const favorites = useAuth((s) => s.favoriteCount);
  const cartCount = useCart((s) => s.total);
  const cartAmount = useCart((s) => s.amount);
  const cartRead = useCart((s) => s.cart !== null);
  return (
    <div className="main-header">
      <div className="container main-header__inner">
        {/* A link to the categories until the page is hydrated (and without JavaScript); then the menu drawer. */}
        <Link
          to="/categories"
          className="icon-btn show-md"
          onClick={(e) => {
            e.preventDefault();
            openOverlay('drawer');
          }}
          aria-label={t('chrome.menu')}
          aria-haspopup="dialog"
          data-testid="menu-button"
        >
          <MenuIcon />
        </Link>
        <Logo />
        <div className="main-header__search hide-md">
          <SearchForm testId="header-search" />
        </div>
        <div className="main-header__actions">
          <MobileSearch />
          <Link to="/wishlist" className="icon-btn has-badge" aria-label={`${t('chrome.wishlist')} (${favorites})`}>
            <HeartIcon />
            <Badge count={favorites} testId="wishlist-badge" />
          </Link>
          <button
            type="button"
            className="icon-btn has-badge"
            aria-label={t('chrome.cart_label', { count: cartCount, amount: money(cartAmount, CART_TOTAL_DECIMALS) })}
            onClick={() => cartStore.set({ open: true })}
            data-testid="cart-button"
          >
            <CartIcon />
            <Badge count={cartCount} testId="cart-badge" />
          </button>
          <CountAnnouncer favorites={favorites} cart={cartCount} cartRead={cartRead} amount={cartAmount} />
          {user ? (
            <AccountMenu />
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-sm login-button"
              onClick={() => openOverlay('login')}
              data-testid="login-button"
            >
              <UserIcon size={18} />
              {/* On phones only the icon shows; the word stays the button's name. */}
              <span className="sr-only-sm">{t('chrome.login')}</span>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
