import type { Address, Checkout, OrderSummary } from '@souq/contracts';

type CheckoutShop = Checkout['checkout_items'][number];
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useFetcher, useRevalidator } from 'react-router';
import { useReloadOnSessionChange } from '~/shared/auth-store';
import { cartStore, useCart } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { useOnAnswer } from '~/shared/ui/form';
import { StoreIcon } from '~/shared/ui/icons';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { CartLine } from './cart-line';
import { CART_ACTION } from './cart-toasts';
import { AddressSection } from './checkout-address';
import type { CheckoutAnswer, CheckoutData, PlaceFields } from './checkout-data';
import { CouponForm, PaymentMethods, SummaryRows, usePaymentMethods } from './checkout-summary';
import { VerifyDialog } from './checkout-verify';
import { ShopChatButton } from './shop-chat-button';
import { VoucherDialog } from './voucher-dialog';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function Success({ orders }: { orders: OrderSummary[] }) {
  const { t, money } = useSite();
  return (
    <div className="container checkout-success" data-testid="order-success">
      <div className="result-icon" aria-hidden="true">
        ✓
      </div>
      <h1>{t('checkout.success_title')}</h1>
      <p>{t('checkout.success_text')}</p>
      <ul className="checkout-success__codes">
        {orders.map((o) => (
          <li key={o.id} data-testid="order-code">
            <bdi>{o.order_code}</bdi> — {money(o.amount)}
          </li>
        ))}
      </ul>
      <div className="checkout-success__actions">
        <Link to="/order-history" className="btn btn-primary">
          {t('checkout.view_orders')}
        </Link>
        <Link to="/" className="btn btn-ghost">
          {t('checkout.continue')}
        </Link>
      </div>
    </div>
  );
}

/** One shop's items, with its chat and (multi-vendor) its voucher row. */
function ShopItems({ shop, buyNow, onVoucher }: { shop: CheckoutShop; buyNow: boolean; onVoucher(): void }) {
  const { t, money, master } = useSite();
  return (
    <section className="checkout-card" data-testid="checkout-shop" data-shop-id={shop.shop_id}>
      <div className="checkout-card__head">
        <h2 className="checkout-shop__name">
          <StoreIcon size={18} /> {shop.shop_name}
        </h2>
        <span className="checkout-card__end">
          {master.multi_vendor ? (
            <ShopChatButton shop={shop} className="btn btn-sm btn-ghost" testId="checkout-shop-chat" />
          ) : null}
          <span className="muted">{money(shop.amounts.payable_amount)}</span>
        </span>
      </div>
      <ul className="cart-lines">
        {shop.products.map((p) => (
          <CartLine key={`${p.id}-${p.color?.id ?? 0}-${p.size?.id ?? 0}`} line={p} isBuyNow={buyNow} />
        ))}
      </ul>
      {master.multi_vendor ? (
        <div className="checkout-shop__voucher">
          {shop.coupon ? (
            <span className="voucher-applied" data-testid="voucher-applied">
              {t('checkout.voucher_applied', { code: shop.coupon.code, amount: money(shop.coupon.discount) })}
            </span>
          ) : (
            <span className="muted">{t('checkout.shop_voucher')}</span>
          )}
          <button type="button" className="btn btn-sm btn-ghost" onClick={onVoucher} data-testid="checkout-voucher">
            {t('cart.apply_voucher')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Payment, note and the placement: a confirmation modal, then one placement through the checkout's
 * action (an Idempotency-Key per confirmation, so a repeat is never a second order); the code modal
 * when the account must be verified first.
 */
function PlaceOrder({
  checkout,
  address,
  coupon,
  onPlaced,
}: {
  checkout: Checkout;
  address: Address | null;
  coupon: string | null;
  onPlaced(orders: OrderSummary[]): void;
}) {
  const { t, money } = useSite();
  const methods = usePaymentMethods();
  const [method, setMethod] = useState<string | null>(methods[0]?.id ?? null);
  const [note, setNote] = useState('');
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [verify, setVerify] = useState<string | null>(null);
  const closeVerify = useCallback(() => setVerify(null), []);
  const placer = useFetcher<CheckoutAnswer>();
  // Placing, or on the way to the gateway's page (the answer was a redirect).
  const placing = placer.state !== 'idle';
  const answer = placer.data;
  useOnAnswer(answer, (a) => {
    setConfirmKey(null);
    if ('orders' in a) onPlaced(a.orders);
    else if ('verify' in a) setVerify(a.verify);
  });
  const error = !placing && answer && 'error' in answer ? answer.error : null;

  const askConfirm = () => {
    if (!address) return toast.error(t('checkout.select_address'));
    if (!method) return toast.error(t('checkout.select_payment'));
    setConfirmKey(newKey());
  };
  const place = () => {
    if (placing || !confirmKey || !address || !method) return;
    const fields: PlaceFields = {
      intent: 'place',
      key: confirmKey,
      shop_ids: checkout.checkout_items.map((s) => s.shop_id).join(','),
      address_id: address.id,
      payment_method: method,
      coupon_code: coupon ?? '',
      note,
    };
    void placer.submit({ ...fields }, { method: 'post' });
  };

  return (
    <section className="checkout-card" aria-labelledby="co-payment">
      <h2 id="co-payment">{t('checkout.payment')}</h2>
      <PaymentMethods method={method} onChange={setMethod} />
      <label className="checkout-note">
        <span>{t('checkout.note')}</span>
        <textarea className="input" value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={2} />
      </label>
      {error ? (
        <p className="field-error" role="alert" data-testid="place-error">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={askConfirm}
        disabled={placing || !methods.length}
        data-testid="place-order"
      >
        {t('checkout.place_order')}
      </button>
      <Dialog
        open={confirmKey !== null || placing}
        onClose={() => !placing && setConfirmKey(null)}
        title={t('checkout.confirm_title')}
        testId="order-confirm"
      >
        <p>
          {t('checkout.confirm_text', {
            count: checkout.checkout_items.length,
            amount: money(checkout.checkout.payable_amount),
            method: methods.find((m) => m.id === method)?.label ?? '',
          })}
        </p>
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={place}
            disabled={placing}
            aria-busy={placing || undefined}
            data-testid="confirm-order"
          >
            {placing ? <span className="spinner" aria-hidden="true" /> : null}
            {placing ? t('checkout.placing') : t('checkout.confirm')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setConfirmKey(null)} disabled={placing}>
            {t('checkout.cancel')}
          </button>
        </div>
      </Dialog>
      <VerifyDialog
        message={verify}
        onClose={closeVerify}
        onVerified={() => {
          setVerify(null);
          setConfirmKey(newKey());
        }}
      />
    </section>
  );
}

/** The page's frame: its title over what it shows. */
export function CheckoutFrame({
  buyNow,
  children,
  className = '',
  testId,
}: {
  buyNow: boolean;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t } = useSite();
  return (
    <div className={`container checkout-page ${className}`.trim()} data-testid={testId}>
      <h1 className="page-title">{t(buyNow ? 'checkout.buy_now_title' : 'checkout.title')}</h1>
      {children}
    </div>
  );
}

/** While the checkout's loader runs (the first visit, and a reload: the session lives in the browser). */
export function CheckoutLoading({ buyNow }: { buyNow: boolean }) {
  return (
    <CheckoutFrame buyNow={buyNow}>
      <div className="cart-loading" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
      </div>
    </CheckoutFrame>
  );
}

/** Loads the page again when the basket changed the cart's selection of shops (buy now has its own product). */
function useReloadOnSelection(data: CheckoutData, buyNow: boolean, placed: boolean) {
  const selected = useCart((s) => s.selected);
  const cartRead = useCart((s) => s.cart !== null);
  const { revalidate, state } = useRevalidator();
  const ids = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
  const stale = data.token !== null && !buyNow && !placed && cartRead && ids(selected) !== ids(data.shopIds);
  useEffect(() => {
    if (stale && state === 'idle') void revalidate();
  }, [stale, state, revalidate]);
}

/**
 * /checkout and /buynow: the address, the items by shop with their vouchers, the summary with the coupon,
 * the payment and the placement; then the success screen with the order codes.
 */
export function CheckoutScreen({ data, buyNow = false }: { data: CheckoutData; buyNow?: boolean }) {
  const { t } = useSite();
  const [placed, setPlaced] = useState<OrderSummary[] | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [voucherShop, setVoucherShop] = useState<{ id: number; name: string } | null>(null);
  const closeVoucher = useCallback(() => setVoucherShop(null), []);
  const { load: loadCart } = useFetcher({ key: 'session-cart' });
  useReloadOnSessionChange(data.token, placed === null);
  useReloadOnSelection(data, buyNow, placed !== null);

  if (placed) return <Success orders={placed} />;
  if (!data.token)
    return (
      <CheckoutFrame buyNow={buyNow} className="checkout-empty">
        <p>{t('account.login_first')}</p>
        <button type="button" className="btn btn-primary" onClick={() => openOverlay('login')}>
          {t('chrome.login')}
        </button>
      </CheckoutFrame>
    );
  const { checkout, addresses } = data;
  if (!checkout)
    return (
      <CheckoutFrame buyNow={buyNow} className="checkout-empty" testId="checkout-empty">
        {/* SPEC §5: checking out needs at least one selected shop. */}
        <p>{t(data.empty === 'select_shop' ? 'cart.select_shop' : 'checkout.nothing')}</p>
        <button type="button" className="btn btn-primary" onClick={() => cartStore.set({ open: true })}>
          {t('checkout.back_to_cart')}
        </button>
      </CheckoutFrame>
    );

  const chosen = addresses.find((a) => a.id === addressId) ?? addresses.find((a) => a.is_default) ?? addresses[0] ?? null;
  return (
    <CheckoutFrame buyNow={buyNow} testId="checkout-page">
      <div className="checkout-grid">
        <div className="checkout-main">
          <AddressSection addresses={addresses} chosen={chosen} onChoose={setAddressId} />
          {checkout.checkout_items.map((shop) => (
            <ShopItems
              key={shop.shop_id}
              shop={shop}
              buyNow={buyNow}
              onVoucher={() => setVoucherShop({ id: shop.shop_id, name: shop.shop_name })}
            />
          ))}
        </div>
        <aside className="checkout-side">
          <section className="checkout-card" aria-labelledby="co-summary">
            <h2 id="co-summary">{t('checkout.summary')}</h2>
            <CouponForm applied={data.coupon} error={data.couponError} />
            <SummaryRows checkout={checkout.checkout} />
          </section>
          <PlaceOrder
            checkout={checkout}
            address={chosen}
            coupon={data.coupon}
            onPlaced={(orders) => {
              setPlaced(orders);
              window.scrollTo({ top: 0 });
              if (buyNow) return;
              // The placed shops left the cart: no selection, and the cart read again for the badge and the basket.
              cartStore.set({ selected: [], checkout: null });
              void loadCart(CART_ACTION);
            }}
          />
        </aside>
      </div>
      <VoucherDialog shop={voucherShop} onClose={closeVoucher} />
    </CheckoutFrame>
  );
}
