import type { Address, Checkout, OrderSummary } from '@souq/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { AddressForm, emptyAddress } from '~/features/account';
import { CodeBoxes, ResendCode, useCodeLength, useCountdown } from '~/features/auth';
import { ApiError } from '~/shared/api';
import { setAuth, useAuth } from '~/shared/auth-store';
import { applyCart, cartStore, useCart } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { StoreIcon } from '~/shared/ui/icons';
import { toast } from '~/shared/ui/toast';
import { openOverlay } from '~/shared/ui-store';
import { fetchAddresses, fetchCart, fetchCheckout, placeOrder, resendCode, verifyCode } from './api';
import { CartLine } from './cart-line';
import { ShopChatButton } from './shop-chat-button';
import { VoucherDialog } from './voucher-dialog';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The payment methods the settings enable (decision 018): cash, bank, and active online gateways. */
function usePaymentMethods(): Array<{ id: string; label: string }> {
  const { master, t } = useSite();
  return useMemo(() => {
    const list: Array<{ id: string; label: string }> = [];
    if (master.cash_on_delivery) list.push({ id: 'cash', label: t('checkout.cash') });
    if (master.bank_transfer) list.push({ id: 'bank', label: t('checkout.bank') });
    if (master.online_payment)
      for (const g of master.payment_gateways) if (g.is_active) list.push({ id: g.name.toLowerCase(), label: g.title || g.name });
    return list;
  }, [master, t]);
}

function AddressCard({ address }: { address: Address }) {
  const { t, locale } = useSite();
  return (
    <div className="checkout-address" data-testid="checkout-address">
      <strong>
        {address.name} {address.is_default ? <span className="badge-soft">{t('checkout.default')}</span> : null}
      </strong>
      <span className="muted">
        <bdi dir="ltr">{address.phone}</bdi>
      </span>
      <span>
        {[address.flat_no, address.address_line, address.address_line2, address.area, address.post_code]
          .filter(Boolean)
          .join(locale === 'ar' ? '، ' : ', ')}
      </span>
    </div>
  );
}

/** The delivery address: the default one chosen, a picker to change it, a modal to add one (SPEC §4). */
function AddressSection({ chosen, onChoose }: { chosen: Address | null; onChoose(a: Address): void }) {
  const { t, locale } = useSite();
  const addresses = useAuth((s) => s.addresses);
  const [picking, setPicking] = useState(false);
  const [adding, setAdding] = useState(false);
  const close = useCallback(() => setPicking(false), []);
  const closeAdding = useCallback(() => setAdding(false), []);
  return (
    <section className="checkout-card" aria-labelledby="co-address">
      <div className="checkout-card__head">
        <h2 id="co-address">{t('checkout.address')}</h2>
        {addresses.length > 1 ? (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPicking(true)} data-testid="change-address">
            {t('checkout.change_address')}
          </button>
        ) : null}
      </div>
      {chosen ? <AddressCard address={chosen} /> : <p className="muted">{t('checkout.no_address')}</p>}
      <button type="button" className="checkout-link" onClick={() => setAdding(true)} data-testid="add-address">
        + {t('checkout.add_address')}
      </button>
      <Dialog open={adding} onClose={closeAdding} title={t('checkout.add_address')} testId="address-add">
        <AddressForm
          initial={{ ...emptyAddress, is_default: addresses.length === 0 }}
          onCancel={closeAdding}
          onSaved={(address) => {
            setAdding(false);
            onChoose(address);
            // Saving a default one changes the others' flag: read the list again.
            fetchAddresses(locale)
              .then((res) => setAuth({ addresses: res.data.addresses }))
              .catch(() => setAuth({ addresses: [...addresses, address] }));
          }}
        />
      </Dialog>
      <Dialog open={picking} onClose={close} title={t('checkout.choose_address')} testId="address-picker">
        <ul className="stack-list">
          {addresses.map((a) => (
            <li key={a.id}>
              <label className={a.id === chosen?.id ? 'address-choice is-selected' : 'address-choice'}>
                <input
                  type="radio"
                  name="address"
                  checked={a.id === chosen?.id}
                  onChange={() => {
                    onChoose(a);
                    setPicking(false);
                  }}
                />
                <AddressCard address={a} />
              </label>
            </li>
          ))}
        </ul>
      </Dialog>
    </section>
  );
}

/**
 * The code verification modal: with order_place_account_verify on, placing as an unverified customer
 * sends a code to the account's phone (or e-mail) and answers 422; the code verifies the account, then
 * the order is confirmed again.
 */
function VerifyDialog({ message, onClose, onVerified }: { message: string | null; onClose(): void; onVerified(): void }) {
  const { t, locale, master } = useSite();
  const user = useAuth((s) => s.user);
  const token = useAuth((s) => s.token);
  const open = message !== null;
  // SPEC §5 and §9: one box per character of the code, and a resend after 60 s.
  const { length, blank } = useCodeLength();
  const [digits, setDigits] = useState<string[]>(blank);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server sent the code with the refusal that opened this dialog.
  const [sentAt, setSentAt] = useState(0);
  const seconds = useCountdown(sentAt, open);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) return;
    setDigits(blank());
    setError(null);
    setSentAt(Date.now());
  }, [open, blank]);
  const login = (master.register_otp_type === 'email' ? user?.email : user?.phone) ?? user?.phone ?? user?.email ?? '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const code = digits.join('');
    if (code.length !== length) {
      setError(t('auth.code_incomplete', { length }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyCode(locale, login, code);
      onVerified();
    } catch (err) {
      setError(err instanceof ApiError ? (err.field('otp') ?? err.message) : messageOf(err));
      setDigits(blank());
      first.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const sendAgain = async () => {
    setResending(true);
    try {
      await resendCode(locale, login, user?.phone_code ?? null, token);
      setSentAt(Date.now());
      toast.success(t('auth.code_sent'));
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setResending(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('checkout.verify_title')} testId="verify-dialog">
      <form className="verify-form" onSubmit={(e) => void submit(e)}>
        <p>{message}</p>
        <p className="muted">{t('checkout.verify_code')}</p>
        <CodeBoxes digits={digits} onChange={setDigits} disabled={busy} invalid={Boolean(error)} boxRef={first} />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t('checkout.verify')}
        </button>
        <ResendCode seconds={seconds} busy={resending} onResend={() => void sendAgain()} testIdPrefix="verify" />
      </form>
    </Dialog>
  );
}

function SummaryRows({ checkout }: { checkout: Checkout['checkout'] }) {
  const { t, money } = useSite();
  return (
    <dl className="summary">
      <div>
        <dt>{t('checkout.subtotal')}</dt>
        <dd>{money(checkout.total_amount)}</dd>
      </div>
      <div>
        <dt>{t('checkout.delivery')}</dt>
        <dd>{checkout.delivery_charge > 0 ? money(checkout.delivery_charge) : t('checkout.free')}</dd>
      </div>
      {checkout.coupon_discount > 0 ? (
        <div className="summary__discount">
          <dt>{t('checkout.discount')}</dt>
          <dd data-testid="summary-discount">−{money(checkout.coupon_discount)}</dd>
        </div>
      ) : null}
      {checkout.all_vat_taxes.map((tax) => (
        <div key={tax.id}>
          <dt>{t('checkout.vat', { name: tax.name, percentage: tax.percentage })}</dt>
          <dd>{money(tax.amount)}</dd>
        </div>
      ))}
      <div className="summary__total">
        <dt>{t('checkout.payable')}</dt>
        <dd data-testid="summary-payable">{money(checkout.payable_amount)}</dd>
      </div>
    </dl>
  );
}

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

/**
 * /checkout and /buynow: the address, the items by shop with their vouchers, the summary, the payment
 * methods, a confirmation modal, then one placement (an Idempotency-Key per confirmation, so a repeat
 * is never a second order) and the success screen with the order codes.
 */
export function CheckoutScreen({ buyNow = false }: { buyNow?: boolean }) {
  const { t, locale, money, master } = useSite();
  const ready = useAuth((s) => s.ready);
  const token = useAuth((s) => s.token);
  const addresses = useAuth((s) => s.addresses);
  const selected = useCart((s) => s.selected);
  // The selection saved before a reload comes back with the first cart answer: until then it is unknown.
  const cartRead = useCart((s) => s.cart !== null);
  const cartHasShops = useCart((s) => (s.cart?.cart_items.length ?? 0) > 0);
  // Buy now: the stored buy-now product's shop; the cart: the selected shops, live (a line change that
  // empties a shop drops it, and every cart answer asks the amounts again).
  const [buyNowShops, setBuyNowShops] = useState<number[] | null>(null);
  const [buyNowRead, setBuyNowRead] = useState(0);
  const shopIds = buyNow ? buyNowShops : cartRead ? selected : null;
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [loading, setLoading] = useState(true);
  const [code, setCode] = useState('');
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const methods = usePaymentMethods();
  const [method, setMethod] = useState<string | null>(methods[0]?.id ?? null);
  const [note, setNote] = useState('');
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<OrderSummary[] | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verify, setVerify] = useState<string | null>(null);
  const closeVerify = useCallback(() => setVerify(null), []);
  const [voucherShop, setVoucherShop] = useState<{ id: number; name: string } | null>(null);
  const closeVoucher = useCallback(() => setVoucherShop(null), []);

  // Buy now: the shop of the stored buy-now product, read again on each visit to /buynow (a buy now of
  // another product, or its line added again from the remove toast, comes here again).
  const visit = useLocation().key;
  useEffect(() => {
    if (!buyNow || !ready || !token) return;
    fetchCart(locale, true)
      .then((res) => setBuyNowShops(res.data.cart_items.map((s) => s.shop_id)))
      .catch(() => setBuyNowShops([]));
  }, [buyNow, ready, token, locale, buyNowRead, visit]);

  useEffect(() => {
    if (!ready || !token) return;
    fetchAddresses(locale)
      .then((res) => setAuth({ addresses: res.data.addresses }))
      .catch(() => undefined);
  }, [ready, token, locale]);

  const chosen = addresses.find((a) => a.id === addressId) ?? addresses.find((a) => a.is_default) ?? addresses[0] ?? null;

  const load = useCallback(
    async (couponCode: string | null) => {
      if (!shopIds) return;
      if (!shopIds.length) {
        setCheckout(null);
        setLoading(false);
        return;
      }
      setLoading(true);
      try {
        const res = await fetchCheckout(locale, shopIds, couponCode, buyNow);
        setCheckout(res.data.checkout_items.length ? res.data : null);
        setAppliedCode(couponCode);
        setCodeError(null);
      } catch (e) {
        if (e instanceof ApiError && e.status === 422 && couponCode) setCodeError(e.field('coupon_code') ?? e.message);
        else if (!(e instanceof ApiError && e.status === 401)) toast.error(messageOf(e));
      } finally {
        setLoading(false);
      }
    },
    [shopIds, locale, buyNow],
  );

  useEffect(() => {
    if (ready && token) void load(appliedCode);
    // The typed code is applied by its button; the shops and session reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, token, load]);

  if (placed) return <Success orders={placed} />;

  const title = t(buyNow ? 'checkout.buy_now_title' : 'checkout.title');
  if (!ready || (token && loading && !checkout))
    return (
      <div className="container checkout-page">
        <h1 className="page-title">{title}</h1>
        <div className="cart-loading" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
        </div>
      </div>
    );
  if (!token)
    return (
      <div className="container checkout-page checkout-empty">
        <h1 className="page-title">{title}</h1>
        <p>{t('account.login_first')}</p>
        <button type="button" className="btn btn-primary" onClick={() => openOverlay('login')}>
          {t('chrome.login')}
        </button>
      </div>
    );
  if (!checkout)
    return (
      <div className="container checkout-page checkout-empty" data-testid="checkout-empty">
        <h1 className="page-title">{title}</h1>
        {/* SPEC §5: checking out needs at least one selected shop. */}
        <p>{t(!buyNow && cartHasShops && !selected.length ? 'cart.select_shop' : 'checkout.nothing')}</p>
        <button type="button" className="btn btn-primary" onClick={() => cartStore.set({ open: true })}>
          {t('checkout.back_to_cart')}
        </button>
      </div>
    );

  const methodLabel = methods.find((m) => m.id === method)?.label ?? '';
  const askConfirm = () => {
    if (!chosen) return toast.error(t('checkout.select_address'));
    if (!method) return toast.error(t('checkout.select_payment'));
    setError(null);
    setConfirmKey(newKey());
  };
  const place = async () => {
    if (placing || !confirmKey || !chosen || !method) return;
    setPlacing(true);
    try {
      const res = await placeOrder(
        locale,
        {
          shop_ids: checkout.checkout_items.map((s) => s.shop_id),
          address_id: chosen.id,
          payment_method: method,
          coupon_code: appliedCode,
          note: note.trim() || null,
          is_buy_now: buyNow,
        },
        confirmKey,
      );
      setConfirmKey(null);
      if (!buyNow) {
        cartStore.set({ selected: [], checkout: null });
        fetchCart(locale)
          .then((c) => applyCart(c.data))
          .catch(() => undefined);
      }
      if (res.data.order_payment_url) {
        setRedirecting(true);
        window.location.assign(res.data.order_payment_url);
        return;
      }
      setPlaced(res.data.orders);
      window.scrollTo({ top: 0 });
    } catch (e) {
      setConfirmKey(null);
      const message = e instanceof ApiError ? (e.field('account') ?? e.message) : messageOf(e);
      if (e instanceof ApiError && e.status === 422 && e.field('account')) setVerify(message);
      else if (!(e instanceof ApiError && e.status === 401)) {
        setError(message);
        toast.error(message);
      }
    } finally {
      setPlacing(false);
    }
  };
  const applyCode = (e: FormEvent) => {
    e.preventDefault();
    void load(code.trim() || null);
  };

  return (
    <div className="container checkout-page" data-testid="checkout-page">
      <h1 className="page-title">{title}</h1>
      <div className="checkout-grid">
        <div className="checkout-main">
          <AddressSection chosen={chosen} onChoose={(a) => setAddressId(a.id)} />
          {checkout.checkout_items.map((shop) => (
            <section key={shop.shop_id} className="checkout-card" data-testid="checkout-shop" data-shop-id={shop.shop_id}>
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
                  <CartLine
                    key={`${p.id}-${p.color?.id ?? 0}-${p.size?.id ?? 0}`}
                    line={p}
                    isBuyNow={buyNow}
                    onChanged={buyNow ? () => setBuyNowRead((n) => n + 1) : undefined}
                  />
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
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    onClick={() => setVoucherShop({ id: shop.shop_id, name: shop.shop_name })}
                    data-testid="checkout-voucher"
                  >
                    {t('cart.apply_voucher')}
                  </button>
                </div>
              ) : null}
            </section>
          ))}
        </div>
        <aside className="checkout-side">
          <section className="checkout-card" aria-labelledby="co-summary">
            <h2 id="co-summary">{t('checkout.summary')}</h2>
            <form className="coupon-form" onSubmit={applyCode}>
              <label htmlFor="coupon-code" className="sr-only">
                {t('checkout.coupon_code')}
              </label>
              <input
                id="coupon-code"
                className="input"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder={t('checkout.coupon_code')}
                maxLength={50}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? 'coupon-error' : undefined}
              />
              <button type="submit" className="btn btn-ghost" disabled={loading}>
                {t('checkout.apply')}
              </button>
            </form>
            {codeError ? (
              <p className="field-error" id="coupon-error" role="alert">
                {codeError}
              </p>
            ) : null}
            <SummaryRows checkout={checkout.checkout} />
          </section>
          <section className="checkout-card" aria-labelledby="co-payment">
            <h2 id="co-payment">{t('checkout.payment')}</h2>
            {methods.length ? (
              <div className="pay-methods" role="radiogroup" aria-labelledby="co-payment">
                {methods.map((m) => (
                  <label key={m.id} className={m.id === method ? 'pay-method is-selected' : 'pay-method'}>
                    <input type="radio" name="payment" value={m.id} checked={m.id === method} onChange={() => setMethod(m.id)} />
                    {m.label}
                  </label>
                ))}
              </div>
            ) : (
              <p className="muted">{t('checkout.no_payment')}</p>
            )}
            {method === 'bank' ? (
              <dl className="bank-details" data-testid="bank-details">
                <div>
                  <dt>{t('checkout.bank_name')}</dt>
                  <dd>{master.bank.bank_name}</dd>
                </div>
                <div>
                  <dt>{t('checkout.account_name')}</dt>
                  <dd>{master.bank.account_name}</dd>
                </div>
                <div>
                  <dt>{t('checkout.account_number')}</dt>
                  <dd>
                    <bdi dir="ltr">{master.bank.account_number}</bdi>
                  </dd>
                </div>
                <div>
                  <dt>{t('checkout.iban')}</dt>
                  <dd>
                    <bdi dir="ltr">{master.bank.iban}</bdi>
                  </dd>
                </div>
                {master.bank.note ? <p className="muted">{master.bank.note}</p> : null}
              </dl>
            ) : null}
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
              disabled={placing || redirecting || !methods.length}
              data-testid="place-order"
            >
              {t('checkout.place_order')}
            </button>
          </section>
        </aside>
      </div>
      <Dialog
        open={confirmKey !== null || placing}
        onClose={() => {
          if (!placing) setConfirmKey(null);
        }}
        title={t('checkout.confirm_title')}
        testId="order-confirm"
      >
        <p>
          {t('checkout.confirm_text', {
            count: checkout.checkout_items.length,
            amount: money(checkout.checkout.payable_amount),
            method: methodLabel,
          })}
        </p>
        <div className="dialog__actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void place()}
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
      <VoucherDialog shop={voucherShop} onClose={closeVoucher} onCollected={() => void load(appliedCode)} />
      <VerifyDialog
        message={verify}
        onClose={closeVerify}
        onVerified={() => {
          setVerify(null);
          setConfirmKey(newKey());
        }}
      />
    </div>
  );
}
