import type { SellerShopProfile } from '@souq/contracts';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useBlocker, useFetcher } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { sellerMeta } from '~/features/seller/meta';
import {
  changedFields,
  clientShopLoader,
  MONEY_FIELDS,
  sellerShopAction,
  shopFormOf,
  type ShopForm,
} from '~/features/seller/shop-data';
import { ShopImagePicker } from '~/features/seller/shop-images';
import { setSellerSession, sellerStore, useSeller } from '~/features/seller/store';
import { useSite, useT } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Field, SubmitButton, TextField, useSubmission, type ActionResult } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/shop';

export const meta = sellerMeta('page.seller_shop');

export const clientLoader = clientShopLoader;
export const clientAction = sellerShopAction;

export function HydrateFallback() {
  const t = useT();
  return (
    <div className="seller-shop" data-testid="seller-shop">
      <AccountHeading title={t('seller_shop.title')} />
      <div className="skeleton seller-shop__skeleton" aria-busy="true" />
    </div>
  );
}

export default function SellerShopPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.error !== undefined)
    return (
      <div className="seller-shop" data-testid="seller-shop">
        <AccountHeading title={t('seller_shop.title')} />
        <LoadFailed message={loaderData.error} />
      </div>
    );
  return <ShopProfileScreen shop={loaderData.data} />;
}

/** A card of the form with its heading. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="acc-card seller-shop__section" aria-labelledby={id}>
      <h2 className="seller-shop__section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function ShopProfileScreen({ shop }: { shop: SellerShopProfile }) {
  const { t, master, locale } = useSite();
  const shopId = useSeller((s) => s.shop?.id);
  const fetcher = useFetcher<ActionResult<SellerShopProfile>>();
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useMemo(() => shopFormOf(shop), [shop]);
  const [form, setForm] = useState<ShopForm>(saved);
  // The last saved values: after a save the loader brings them again; an upload does not touch the form.
  const [base, setBase] = useState<ShopForm>(saved);
  const changes = changedFields(base, form);
  const dirty = Object.keys(changes).length > 0;
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(next) {
      const now = shopFormOf(next);
      setBase(now);
      setForm(now);
      toast.success(t('seller_shop.saved'));
      // The seller area's header shows the shop's name in the page's language.
      const { token, seller, shop: own } = sellerStore.get();
      if (token && seller && own)
        setSellerSession({ token, seller, shop: { ...own, name: (locale === 'ar' && next.name_ar) || next.name } });
    },
  });

  // Leaving with unsaved changes asks first (a link inside the app), or the browser does (closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = <K extends keyof ShopForm>(key: K, value: ShopForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  const text = (key: keyof ShopForm) => ({
    name: key,
    value: String(form[key]),
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    'data-testid': `shop-${key}`,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!dirty) {
      toast.info(t('seller_shop.nothing_changed'));
      return;
    }
    if (!check(localErrors(form, t))) return;
    void fetcher.submit({ intent: 'save', changes: JSON.stringify(changes) }, { method: 'post' });
  };

  const currency = master.currency.code;
  const ar = { dir: 'rtl', lang: 'ar' } as const;
  const en = { dir: 'ltr', lang: 'en' } as const;

  return (
    <div className="seller-shop" data-testid="seller-shop">
      <AccountHeading title={t('seller_shop.title')} />
      <p className="muted seller-lead">{t('seller_shop.lead')}</p>

      <Section id="shop-images-title" title={t('seller_shop.section_images')}>
        <div className="seller-shop__images">
          <ShopImagePicker kind="logo" current={shop.logo} />
          <ShopImagePicker kind="banner" current={shop.banner} />
        </div>
      </Section>

      <form ref={formRef} className="seller-shop__form" onSubmit={onSubmit} noValidate data-testid="shop-form">
        <Section id="shop-identity-title" title={t('seller_shop.section_identity')}>
          <div className="seller-shop__pair">
            <div className="seller-shop__lang">
              <h3 className="seller-shop__lang-title">{t('seller_shop.english')}</h3>
              <TextField
                label={`${t('seller_shop.name')} (${t('seller_shop.english')})`}
                required
                maxLength={100}
                {...text('name')}
                {...en}
              />
              <TextField
                label={`${t('seller_shop.short_description')} (${t('seller_shop.english')})`}
                hint={t('seller_shop.short_hint')}
                maxLength={500}
                {...text('short_description')}
                {...en}
              />
              <HtmlField
                label={`${t('seller_shop.description')} (${t('seller_shop.english')})`}
                field="description"
                lang="en"
                form={form}
                errors={errors}
                set={set}
              />
            </div>
            <div className="seller-shop__lang">
              <h3 className="seller-shop__lang-title">{t('seller_shop.arabic')}</h3>
              <TextField
                label={`${t('seller_shop.name')} (${t('seller_shop.arabic')})`}
                required
                maxLength={100}
                {...text('name_ar')}
                {...ar}
              />
              <TextField
                label={`${t('seller_shop.short_description')} (${t('seller_shop.arabic')})`}
                hint={t('seller_shop.short_hint')}
                maxLength={500}
                {...text('short_description_ar')}
                {...ar}
              />
              <HtmlField
                label={`${t('seller_shop.description')} (${t('seller_shop.arabic')})`}
                field="description_ar"
                lang="ar"
                form={form}
                errors={errors}
                set={set}
              />
            </div>
          </div>
        </Section>

        <Section id="shop-delivery-title" title={t('seller_shop.section_delivery')}>
          <div className="seller-shop__money">
            <TextField
              label={t('seller_shop.delivery_charge', { currency })}
              hint={t('seller_shop.delivery_charge_hint')}
              inputMode="decimal"
              dir="ltr"
              {...text('delivery_charge')}
            />
            <TextField
              label={t('seller_shop.free_delivery_above', { currency })}
              hint={t('seller_shop.free_delivery_hint')}
              inputMode="decimal"
              dir="ltr"
              {...text('free_delivery_above')}
            />
            <TextField
              label={t('seller_shop.min_order', { currency })}
              hint={t('seller_shop.min_order_hint')}
              inputMode="decimal"
              dir="ltr"
              {...text('min_order_amount')}
            />
          </div>
          <div className="seller-shop__pair">
            <div className="seller-shop__lang">
              <TextField
                label={`${t('seller_shop.delivery_time')} (${t('seller_shop.english')})`}
                hint={t('seller_shop.delivery_time_hint')}
                maxLength={100}
                {...text('estimated_delivery_time')}
                {...en}
              />
            </div>
            <div className="seller-shop__lang">
              <TextField
                label={`${t('seller_shop.delivery_time')} (${t('seller_shop.arabic')})`}
                maxLength={100}
                {...text('estimated_delivery_time_ar')}
                {...ar}
              />
            </div>
          </div>
        </Section>

        <Section id="shop-contact-title" title={t('seller_shop.section_contact')}>
          <div className="seller-shop__pair">
            <div className="seller-shop__lang">
              <TextField
                label={`${t('seller_shop.address')} (${t('seller_shop.english')})`}
                maxLength={300}
                {...text('address')}
                {...en}
              />
            </div>
            <div className="seller-shop__lang">
              <TextField
                label={`${t('seller_shop.address')} (${t('seller_shop.arabic')})`}
                maxLength={300}
                {...text('address_ar')}
                {...ar}
              />
            </div>
          </div>
          <div className="seller-shop__money">
            <TextField label={t('seller_shop.phone')} type="tel" dir="ltr" autoComplete="tel" maxLength={20} {...text('phone')} />
            <TextField
              label={t('seller_shop.email')}
              type="email"
              dir="ltr"
              autoComplete="email"
              maxLength={190}
              {...text('email')}
            />
          </div>
          <p className="field__hint">{t('seller_shop.contact_hint')}</p>
        </Section>

        <Section id="shop-status-title" title={t('seller_shop.section_status')}>
          <div className={`field${errors.is_open ? ' field--invalid' : ''}`}>
            <label className="seller-shop__switch">
              <input
                type="checkbox"
                name="is_open"
                checked={form.is_open}
                onChange={(e) => set('is_open', e.target.checked)}
                aria-describedby="shop-open-hint"
                data-testid="shop-is_open"
              />
              <span>{t('seller_shop.is_open')}</span>
            </label>
            <p className="field__hint" id="shop-open-hint">
              {t('seller_shop.is_open_hint')}
            </p>
            {errors.is_open ? <p className="field__error">{errors.is_open}</p> : null}
          </div>
        </Section>

        <div className="seller-shop__bar">
          {dirty ? (
            <span className="seller-shop__unsaved" role="status" data-testid="shop-unsaved">
              {t('seller_shop.unsaved')}
            </span>
          ) : (
            <span />
          )}
          <div className="seller-shop__bar-actions">
            {shopId ? (
              <Link to={`/shops/${shopId}`} className="btn btn-ghost" data-testid="shop-view">
                {t('seller_shop.view_shop')}
              </Link>
            ) : null}
            <SubmitButton busy={busy} testId="shop-save">
              {t('seller_shop.save')}
            </SubmitButton>
          </div>
        </div>
      </form>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('seller_shop.leave_title')}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
        testId="shop-leave-dialog"
      >
        {t('seller_shop.leave_text')}
      </ConfirmDialog>
    </div>
  );
}

const MONEY = /^\d{1,7}([.,]\d{0,3})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the browser can tell before sending (the API checks the same, and more, beside each field). */
function localErrors(form: ShopForm, t: (key: string) => string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of ['name', 'name_ar'] as const) if (!form[key].trim()) out[key] = t('seller_shop.required');
  for (const key of MONEY_FIELDS) if (!MONEY.test(form[key].trim())) out[key] = t('seller_shop.money_invalid');
  if (form.email.trim() && !EMAIL.test(form.email.trim())) out.email = t('seller_shop.email_invalid');
  if (form.phone.trim() && !/^\+?\d{8,15}$/.test(form.phone.replace(/[\s-]/g, ''))) out.phone = t('seller_shop.phone_invalid');
  return out;
}

/** A description (HTML kept through the articles' allow-list on the server), written as text. */
function HtmlField({
  label,
  field,
  lang,
  form,
  errors,
  set,
}: {
  label: string;
  field: 'description' | 'description_ar';
  lang: 'ar' | 'en';
  form: ShopForm;
  errors: Record<string, string | undefined>;
  set(key: 'description' | 'description_ar', value: string): void;
}) {
  const t = useT();
  return (
    <Field label={label} hint={t('seller_shop.description_hint')} error={errors[field]}>
      {(control) => (
        <textarea
          {...control}
          name={field}
          className="field__input"
          rows={6}
          lang={lang}
          dir={lang === 'ar' ? 'rtl' : 'ltr'}
          value={form[field]}
          onChange={(e) => set(field, e.target.value)}
          data-testid={`shop-${field}`}
        />
      )}
    </Field>
  );
}
