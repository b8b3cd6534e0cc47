import type { SellerFlashSale, SellerFlashSaleProduct, SellerProductRow } from '@souq/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { PageData } from '~/features/account';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Dialog } from '~/shared/ui/dialog';
import { SubmitButton, TextField, useOnAnswer, useSubmission } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { toast } from '~/shared/ui/toast';
import { useShopMoney } from './voucher-screens';
import { formatMoment, PRODUCT_OPTIONS, type FlashSaleAnswer } from './vouchers-data';

const MONEY = /^\d{1,7}(\.\d{1,3})?$/;
const toBaisa = (omr: number) => Math.round(omr * 1000);

/** What customers save: the amount and the whole percent off the own price. */
export function saving(price: number, salePrice: number) {
  const cut = toBaisa(price) - toBaisa(salePrice);
  return { amount: cut / 1000, percent: price > 0 ? Math.round((cut / toBaisa(price)) * 100) : 0 };
}

export type Joining = { sale: SellerFlashSale; product?: SellerFlashSaleProduct };

/** One sale: its name, status and dates, the shop's products in it, and adding one. */
export function SaleSection({ sale, onJoin }: { sale: SellerFlashSale; onJoin(j: Joining): void }) {
  const { t, locale } = useSite();
  const money = useShopMoney();
  const [leaving, setLeaving] = useState<SellerFlashSaleProduct | null>(null);
  const leave = useFetcher<FlashSaleAnswer>();
  useOnAnswer(leave.data, (a) => {
    if (!a.ok) return;
    toast.success(t('seller_sales.left', { name: leaving?.name ?? '' }));
    setLeaving(null);
  });
  const running = sale.status === 'running';
  const when = (iso: string) => formatMoment(iso, (x) => formatDate(x, locale), locale);
  const titleId = useId();
  return (
    <section className="fs-sale" aria-labelledby={titleId} data-testid="flash-sale" data-sale={sale.id}>
      <header className="fs-sale__head">
        {sale.thumbnail ? <Img src={sale.thumbnail} alt="" width={96} height={32} className="fs-sale__thumb" /> : null}
        <div className="fs-sale__title">
          <h2 id={titleId}>{sale.name}</h2>
          <p className="muted fs-sale__dates">
            <span>{t(running ? 'seller_sales.started' : 'seller_sales.starts', { date: when(sale.start_at) })}</span>
            <span>{t('seller_sales.ends', { date: when(sale.end_at) })}</span>
          </p>
        </div>
        <span className={`sv-badge ${running ? 'sv-badge--active' : 'sv-badge--scheduled'}`}>
          {t(running ? 'seller_sales.running' : 'seller_sales.upcoming')}
        </span>
        <button type="button" className="btn btn-primary btn-sm fs-sale__add" onClick={() => onJoin({ sale })} data-testid="flash-sale-add">
          {t('seller_sales.add')}
        </button>
      </header>
      <h3 className="fs-sale__sub">{t('seller_sales.your_products')}</h3>
      {sale.products.length === 0 ? (
        <p className="muted fs-sale__none">{t('seller_sales.none_joined')}</p>
      ) : (
        <ul className="fs-products">
          {sale.products.map((p) => {
            const s = saving(p.price, p.sale_price);
            return (
              <li key={p.id} className="fs-product" data-testid="flash-sale-product" data-product={p.id}>
                <Img src={p.thumbnail} alt="" width={56} height={56} className="fs-product__thumb" />
                <div className="fs-product__main">
                  <p className="fs-product__name">{p.name}</p>
                  <p className="fs-product__prices">
                    <span className="sr-only">{t('seller_sales.own_price')}</span>
                    <del>
                      <bdi>{money(p.price)}</bdi>
                    </del>{' '}
                    <span className="sr-only">{t('seller_sales.sale_price')}</span>
                    <strong className="fs-product__sale" data-testid="flash-sale-price">
                      <bdi>{money(p.sale_price)}</bdi>
                    </strong>{' '}
                    <bdi className="fs-product__saving" dir="ltr">−{s.percent}%</bdi>
                  </p>
                </div>
                <div className="fs-product__actions">
                  <button type="button" className="btn btn-sm" onClick={() => onJoin({ sale, product: p })}>
                    {t('seller_sales.change_price')}
                  </button>
                  {running ? null : (
                    <button
                      type="button"
                      className="btn btn-sm sv-danger"
                      onClick={() => setLeaving(p)}
                      aria-label={t('seller_sales.leave_named', { name: p.name })}
                      data-testid="flash-sale-leave"
                    >
                      {t('seller_sales.leave')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {running && sale.products.length > 0 ? <p className="muted fs-sale__note">{t('seller_sales.locked')}</p> : null}
      <ConfirmDialog
        open={!!leaving}
        title={leaving ? t('seller_sales.leave_title', { name: leaving.name, sale: sale.name }) : ''}
        busy={leave.state !== 'idle'}
        onClose={() => setLeaving(null)}
        onConfirm={() => {
          if (leaving)
            void leave.submit({ intent: 'leave', sale_id: String(sale.id), product_id: String(leaving.id) }, { method: 'post' });
        }}
      >
        {t('seller_sales.leave_text')}
      </ConfirmDialog>
    </section>
  );
}

/** The join dialog: pick one of the shop's products (searched by name) and a price below its own. */
export function JoinDialog({ joining, onClose }: { joining: Joining | null; onClose(): void }) {
  const { t } = useSite();
  return (
    <Dialog
      open={!!joining}
      onClose={onClose}
      title={joining ? t('seller_sales.add_to', { sale: joining.sale.name }) : ''}
      testId="flash-sale-join"
      className="sv-dialog"
    >
      {joining ? <JoinForm key={`${joining.sale.id}-${joining.product?.id ?? ''}`} joining={joining} onDone={onClose} /> : null}
    </Dialog>
  );
}

interface Picked {
  id: number;
  name: string;
  price: number;
  thumbnail: string | null;
}

const ownPriceOf = (p: SellerProductRow) => (p.discount_price > 0 && p.discount_price < p.price ? p.discount_price : p.price);

function JoinForm({ joining, onDone }: { joining: Joining; onDone(): void }) {
  const { t, locale, master } = useSite();
  const money = useShopMoney();
  const { sale } = joining;
  const options = useFetcher<PageData<SellerProductRow[]>>();
  const { load } = options;
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Picked | null>(
    joining.product
      ? { id: joining.product.id, name: joining.product.name, price: joining.product.price, thumbnail: joining.product.thumbnail }
      : null,
  );
  const [price, setPrice] = useState(joining.product ? String(joining.product.sale_price) : '');
  const fetcher = useFetcher<FlashSaleAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t('seller_sales.joined', { name: picked?.name ?? '', sale: sale.name, price: money(Number(price)) }));
      onDone();
    },
  });

  // The dialog opened: the router loads the first page of the shop's products (decision 036 §3).
  useEffect(() => {
    if (!joining.product) void load(PRODUCT_OPTIONS);
  }, [joining.product, load]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void load(`${PRODUCT_OPTIONS}?search=${encodeURIComponent(value.trim())}`), 250);
  };

  const typed = MONEY.test(price.trim()) ? Number(price.trim()) : null;
  const gain = picked && typed !== null && typed > 0 && typed < picked.price ? saving(picked.price, typed) : null;
  const inSale = new Set(sale.products.map((p) => p.id));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string | undefined> = {};
    if (!picked) local.product_id = t('seller_sales.choose_required');
    if (typed === null || typed <= 0) local.price = t('seller_sales.price_invalid');
    else if (picked && typed >= picked.price) local.price = t('seller_sales.price_below', { price: money(picked.price) });
    if (busy || !check(local) || !picked) return;
    void fetcher.submit({ intent: 'join', sale_id: String(sale.id), product_id: String(picked.id), price: String(typed) }, { method: 'post' });
  };

  const results = options.data?.data ?? [];
  const listId = useId();
  return (
    <form ref={formRef} className="acc-form sv-form" onSubmit={submit} noValidate data-testid="flash-sale-join-form">
      {joining.product ? (
        <p className="fs-picked">
          <Img src={picked?.thumbnail} alt="" width={40} height={40} className="fs-product__thumb" />
          <span>{picked?.name}</span>
        </p>
      ) : (
        <>
          <TextField
            id="fs-search"
            type="search"
            label={t('seller_sales.search')}
            placeholder={t('seller_sales.search_placeholder')}
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            autoComplete="off"
          />
          <fieldset
            id={listId}
            className={`field fs-options-field${errors.product_id ? ' field--invalid' : ''}`}
            aria-describedby={errors.product_id ? `${listId}-error` : undefined}
            aria-busy={options.state !== 'idle' || undefined}
          >
            <legend className="field__label">{t('seller_sales.choose')}</legend>
            <div className="fs-options" data-testid="flash-sale-options">
              {options.data?.error !== undefined ? (
                <p className="acc-error" role="alert">
                  {t('seller_sales.search_failed')}
                </p>
              ) : options.data === undefined ? (
                <p className="muted">{t('seller_sales.searching')}</p>
              ) : results.length === 0 ? (
                <p className="muted">{t('seller_sales.no_match')}</p>
              ) : (
                results.map((p) => {
                  const own = ownPriceOf(p);
                  const name = locale === 'ar' && p.name_ar ? p.name_ar : p.name;
                  return (
                    <label key={p.id} className={`fs-option${picked?.id === p.id ? ' is-picked' : ''}`}>
                      <input
                        type="radio"
                        name="product_id"
                        value={p.id}
                        checked={picked?.id === p.id}
                        aria-invalid={errors.product_id ? true : undefined}
                        onChange={() => {
                          setPicked({ id: p.id, name, price: own, thumbnail: p.thumbnail });
                          clear('product_id');
                        }}
                      />
                      <Img src={p.thumbnail} alt="" width={40} height={40} className="fs-product__thumb" />
                      <span className="fs-option__name">
                        {name}
                        {inSale.has(p.id) ? <span className="muted"> · {t('seller_sales.in_sale')}</span> : null}
                      </span>
                      <bdi className="fs-option__price">{money(own)}</bdi>
                    </label>
                  );
                })
              )}
            </div>
            {errors.product_id ? (
              <p className="field__error" id={`${listId}-error`} data-testid="fs-product-error">
                <bdi>{errors.product_id}</bdi>
              </p>
            ) : null}
          </fieldset>
        </>
      )}
      <TextField
        id="fs-price"
        label={t('seller_sales.price_label', { currency: master.currency.code })}
        hint={picked ? t('seller_sales.price_hint', { price: money(picked.price) }) : undefined}
        value={price}
        onChange={(e) => {
          setPrice(e.target.value);
          clear('price');
        }}
        inputMode="decimal"
        dir="ltr"
        error={errors.price}
        required
        data-testid="flash-sale-price-input"
      />
      <p className="fs-gain" aria-live="polite" data-testid="flash-sale-saving">
        {gain ? t('seller_sales.customers_save', { amount: money(gain.amount), percent: gain.percent }) : null}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onDone} disabled={busy}>
          {t('seller_vouchers.cancel')}
        </button>
        <SubmitButton busy={busy} testId="flash-sale-submit">
          {t('seller_sales.join')}
        </SubmitButton>
      </div>
    </form>
  );
}
