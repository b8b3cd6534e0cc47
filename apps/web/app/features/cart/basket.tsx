import { CART_TOTAL_DECIMALS } from '~/shared/money';
import type { CartShop } from '@souq/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { cartStore, toggleShop, useCart } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { StoreIcon } from '~/shared/ui/icons';
import { toast } from '~/shared/ui/toast';
import { CartLine } from './cart-line';
import { ShopChatButton } from './shop-chat-button';
import { VoucherDialog } from './voucher-dialog';

/** The shop's header in the basket: select, name, rating, chat, and the Apply Store voucher row. */
function ShopHeader({ shop, onVoucher, onSelect }: { shop: CartShop; onVoucher(): void; onSelect(): void }) {
  const { t, master } = useSite();
  const checked = useCart((s) => s.selected.includes(shop.shop_id));
  if (!master.multi_vendor) return null;
  return (
    <>
      <div className="cart-shop__head">
        <label className="cart-shop__select">
          <input
            type="checkbox"
            checked={checked}
            onChange={() => {
              toggleShop(shop.shop_id);
              onSelect();
            }}
            data-testid="shop-select"
          />
          <StoreIcon size={18} />
          <span className="cart-shop__name">{shop.shop_name}</span>
        </label>
        <span className="cart-shop__rating" aria-label={t('catalog.rating_of', { rating: shop.shop_rating.toFixed(1) })}>
          <span aria-hidden="true">★</span> {shop.shop_rating.toFixed(1)}
        </span>
        <ShopChatButton
          shop={shop}
          className="btn btn-sm btn-ghost cart-shop__chat"
          testId="cart-shop-chat"
          beforeOpen={() => cartStore.set({ open: false })}
        />
      </div>
      <button type="button" className="cart-shop__voucher" onClick={onVoucher} data-testid="apply-voucher">
        <span>{t('cart.apply_voucher')}</span>
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}

/**
 * The basket drawer (SPEC §2): My Cart with the item count, lines grouped by shop, Cart Amount and
 * Proceed to Checkout. Opening it refreshes the checkout amounts (SPEC §4).
 */
export function Basket() {
  const { t, locale, money, master } = useSite();
  const navigate = useNavigate();
  const open = useCart((s) => s.open);
  const cart = useCart((s) => s.cart);
  const total = useCart((s) => s.total);
  const amount = useCart((s) => s.amount);
  const checkout = useCart((s) => s.checkout);
  const [voucherShop, setVoucherShop] = useState<{ id: number; name: string } | null>(null);
  const close = useCallback(() => cartStore.set({ open: false }), []);
  const closeVoucher = useCallback(() => setVoucherShop(null), []);
  // The selected shops' amounts (SPEC §4): asked when the basket opens and when the selection changes; a
  // collected voucher has them asked again (routes/resources/cart-checkout.ts).
  const { load } = useFetcher({ key: 'basket-checkout' });
  const amounts = useCallback(() => void load('/resources/cart-checkout'), [load]);
  useEffect(() => {
    if (open) amounts();
  }, [open, locale, amounts]);

  const proceed = () => {
    const shops = cartStore.get().cart?.cart_items.map((s) => s.shop_id) ?? [];
    if (!master.multi_vendor) cartStore.set({ selected: shops });
    if (!cartStore.get().selected.length) {
      toast.error(t('cart.select_shop'));
      return;
    }
    close();
    void navigate('/checkout');
  };

  const shops = cart?.cart_items ?? [];
  return (
    <>
      <Dialog
        open={open}
        onClose={close}
        title={
          <>
            {t('chrome.my_cart')}{' '}
            <span className="muted" data-testid="basket-count">
              ({t('chrome.items', { count: total })})
            </span>
          </>
        }
        placement="end"
        testId="basket"
        className="basket"
      >
        {shops.length === 0 ? (
          <p className="basket__empty" data-testid="basket-empty">
            {t('cart.empty')}
          </p>
        ) : (
          <div className="basket__content">
            <div className="basket__shops">
              {shops.map((shop) => (
                <section key={shop.shop_id} className="cart-shop" data-testid="cart-shop" data-shop-id={shop.shop_id}>
                  <ShopHeader
                    shop={shop}
                    onVoucher={() => setVoucherShop({ id: shop.shop_id, name: shop.shop_name })}
                    onSelect={amounts}
                  />
                  <ul className="cart-lines">
                    {shop.products.map((p) => (
                      <CartLine key={`${p.id}-${p.color?.id ?? 0}-${p.size?.id ?? 0}`} line={p} onLink={close} />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
            <div className="basket__foot">
              <div className="basket__row">
                <span>{t('cart.amount')}</span>
                <strong data-testid="basket-amount">{money(amount, CART_TOTAL_DECIMALS)}</strong>
              </div>
              {checkout ? (
                <div className="basket__row muted">
                  <span>{t('cart.selected_payable')}</span>
                  <span data-testid="basket-payable">{money(checkout.checkout.payable_amount)}</span>
                </div>
              ) : null}
              <button type="button" className="btn btn-primary btn-block" onClick={proceed} data-testid="proceed-checkout">
                {t('cart.proceed')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
      <VoucherDialog shop={voucherShop} onClose={closeVoucher} />
    </>
  );
}
