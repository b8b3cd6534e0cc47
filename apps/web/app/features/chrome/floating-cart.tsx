import { CART_TOTAL_DECIMALS } from '~/shared/money';
import { useLocation } from 'react-router';
import { cartStore, useCart } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { CartIcon } from '~/shared/ui/icons';

// Buy now is the same checkout (SPEC §2), for one product.
const HIDDEN_ON = [/^\/checkout/, /^\/buynow/, /^\/blogs/, /^\/blog\//];

/** Item count and total; hidden on checkout, buy now and blog pages, and on small screens (CSS). */
export function FloatingCart() {
  const { t, money } = useSite();
  const { pathname } = useLocation();
  const count = useCart((s) => s.total);
  const amount = useCart((s) => s.amount);
  if (HIDDEN_ON.some((r) => r.test(pathname))) return null;
  return (
    <button
      type="button"
      className="floating-cart"
      onClick={() => cartStore.set({ open: true })}
      data-testid="floating-cart"
      aria-label={t('chrome.my_cart')}
    >
      <span className="floating-cart__count">
        <CartIcon size={18} />
        {t('chrome.items', { count })}
      </span>
      {/* The amount and its currency on lines of their own: the tab is narrow, and neither may break. */}
      <span className="floating-cart__total" data-testid="cart-total-amount">
        {money(amount, CART_TOTAL_DECIMALS)
          .split('\u00a0')
          .map((part, i) => (
            <span key={i} className="floating-cart__part">
              {part}
            </span>
          ))}
      </span>
    </button>
  );
}
