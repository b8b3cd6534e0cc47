import type { Product, SellerCatalogOptions, SellerProduct } from '@souq/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useBlocker, useFetcher } from 'react-router';
import { ProductCard } from '~/features/catalog';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Field, focusFirstError, SelectField, SubmitButton, TextField, useOnAnswer } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import { PlusIcon, TrashIcon } from './product-icons';
import {
  changedFields,
  createBodyOf,
  emptyProduct,
  parseNumber,
  savingOf,
  validateProduct,
  valuesOf,
  type FormErrors,
  type ProductField,
  type ProductFormValues,
  type VariantRow,
} from './product-form-logic';
import { QueuedPictures, SavedPictures, type QueuedPicture } from './product-pictures';
import type { LoadedProduct } from './products-api';
import { SELLER_PRODUCTS, type ProductFormAnswer, type SaveAnswer } from './products-data';
import { useSeller } from './store';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A titled part of the form. */
function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="acc-card spf-section" data-testid={testId}>
      <h2 className="spf-section__title">{title}</h2>
      {children}
    </section>
  );
}

/** A multi-line text field tied to its label and error as the single-line ones are. */
function TextArea({
  label,
  error,
  hint,
  id,
  value,
  onChange,
  rows = 3,
  dir,
  lang,
  maxLength,
}: {
  label: string;
  error?: string;
  hint?: string;
  id: string;
  value: string;
  onChange(value: string): void;
  rows?: number;
  dir?: string;
  lang?: string;
  maxLength?: number;
}) {
  return (
    <Field label={label} error={error} hint={hint} id={id}>
      {(control) => (
        <textarea
          {...control}
          className="field__input spf-textarea"
          rows={rows}
          value={value}
          dir={dir}
          lang={lang}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** Colour or size rows: which one and its extra price; add and remove rows. */
function VariantRows({
  kind,
  rows,
  options,
  error,
  onChange,
}: {
  kind: 'colors' | 'sizes';
  rows: VariantRow[];
  options: { id: number; name: string; color_code?: string }[];
  error?: string;
  onChange(rows: VariantRow[]): void;
}) {
  const { t } = useSite();
  const one = t(kind === 'colors' ? 'sprod.color' : 'sprod.size');
  const errorId = `p-${kind}-error`;
  return (
    <fieldset className="spf-variants" aria-describedby={error ? errorId : undefined} data-testid={`spf-${kind}`}>
      <legend className="field__label">{t(kind === 'colors' ? 'sprod.colors' : 'sprod.sizes')}</legend>
      {rows.map((row, i) => {
        const name = options.find((o) => String(o.id) === row.id)?.name ?? t('sprod.row_n', { n: i + 1 });
        const swatch = options.find((o) => String(o.id) === row.id)?.color_code;
        return (
          <div className="spf-variant" key={i} data-testid="spf-variant">
            <label className="spf-variant__which">
              <span className="sr-only">{`${one} ${i + 1}`}</span>
              {kind === 'colors' ? (
                <span className="spf-swatch" style={{ background: swatch ?? 'transparent' }} aria-hidden="true" />
              ) : null}
              <select
                className="field__input"
                value={row.id}
                aria-invalid={error && (row.id === '' || rows.filter((r) => r.id === row.id).length > 1) ? true : undefined}
                onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, id: e.target.value } : r)))}
              >
                <option value="">{t('sprod.choose')}</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="spf-variant__price">
              <span className="sr-only">{`${t('sprod.extra_price')}: ${name}`}</span>
              <span className="spf-variant__plus" aria-hidden="true">
                +
              </span>
              <input
                className="field__input"
                inputMode="decimal"
                dir="ltr"
                value={row.price}
                placeholder={t('sprod.extra_price')}
                onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, price: e.target.value } : r)))}
              />
            </label>
            <button
              type="button"
              className="icon-btn"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
              aria-label={t('sprod.remove_row', { name })}
              title={t('sprod.remove_row', { name })}
            >
              <TrashIcon size={18} />
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => onChange([...rows, { id: '', price: '0' }])}
        disabled={rows.length >= Math.min(50, options.length)}
        data-testid={`spf-add-${kind}`}
      >
        <PlusIcon size={16} />
        {t(kind === 'colors' ? 'sprod.add_color' : 'sprod.add_size')}
      </button>
      {error ? (
        <p className="field__error" id={errorId} data-testid={errorId}>
          <bdi>{error}</bdi>
        </p>
      ) : null}
    </fieldset>
  );
}

/** The storefront's product card with the form's values, in the page's language (not a link, not a button). */
function CardPreview({
  values,
  options,
  thumbnail,
}: {
  values: ProductFormValues;
  options: SellerCatalogOptions;
  thumbnail: string | null;
}) {
  const { t, locale } = useSite();
  const shop = useSeller((s) => s.shop);
  const price = parseNumber(values.price);
  const discount = parseNumber(values.discount_price);
  const okPrice = price !== null && !Number.isNaN(price) ? price : 0;
  const saving = savingOf(values.price, values.discount_price);
  const name =
    (locale === 'ar' ? values.name_ar || values.name : values.name || values.name_ar).trim() || t('sprod.preview_name');
  const quantity = parseNumber(values.quantity);
  const variants = <T extends { id: number; name: string }>(rows: VariantRow[], all: T[]) =>
    rows.flatMap((r) => {
      const o = all.find((a) => String(a.id) === r.id);
      return o ? [{ ...o, color_code: (o as { color_code?: string }).color_code ?? '', price: parseNumber(r.price) || 0 }] : [];
    });
  const product: Product = {
    id: 0,
    name,
    thumbnail,
    price: okPrice,
    discount_price: saving && discount ? discount : 0,
    discount_percentage: saving?.percent ?? 0,
    rating: 0,
    total_reviews: 0,
    total_sold: 0,
    quantity: quantity !== null && !Number.isNaN(quantity) ? quantity : 0,
    is_favorite: false,
    brand: null,
    unit: null,
    sizes: variants(values.sizes, options.sizes),
    colors: variants(values.colors, options.colors),
    shop: {
      id: shop?.id ?? 0,
      name: shop?.name ?? t('sprod.shop'),
      logo: shop?.logo ?? null,
      rating: 0,
      estimated_delivery_time: null,
      last_online: null,
      delivery_charge: 0,
    },
    category_id: Number(values.category_id) || 0,
    sub_category_id: null,
  };
  return (
    <aside className="spf-preview" aria-labelledby="spf-preview-title" data-testid="spf-preview">
      <h2 className="spf-section__title" id="spf-preview-title">
        {t('sprod.preview')}
      </h2>
      <p className="field__hint">{t('sprod.preview_hint')}</p>
      {/* A picture of the card: not links or buttons to reach (inert), described by its content. */}
      <div className="spf-preview__card" inert>
        <ProductCard product={product} headingLevel={3} />
      </div>
    </aside>
  );
}

/** The saving a discount gives, live: amount and percent, or nothing. */
function Saving({ price, discount }: { price: string; discount: string }) {
  const { t, money } = useSite();
  const saving = savingOf(price, discount);
  return (
    <p className="spf-saving" aria-live="polite" data-testid="spf-saving">
      {saving ? t('sprod.saving', { amount: money(saving.amount), percent: saving.percent }) : null}
    </p>
  );
}

/**
 * The product form: new (`loaded` null) or an existing product. Values live here (the preview and the
 * saving follow them); the save goes through the route's action — a create with every field (and the
 * pictures chosen meanwhile), an update with the changed fields only and `If-Match`. 422 messages sit
 * beside their fields; a 412 offers to reload. Leaving with unsaved changes asks first.
 */
export function ProductForm({
  loaded,
  options,
  onReload,
}: {
  loaded: LoadedProduct | null;
  options: SellerCatalogOptions;
  /** Loads the product again, dropping the form's changes (after a 412). */
  onReload(): void;
}) {
  const { t, locale } = useSite();
  const product: SellerProduct | null = loaded?.product ?? null;
  const [values, setValues] = useState<ProductFormValues>(() => (product ? valuesOf(product) : emptyProduct));
  const [errors, setErrors] = useState<FormErrors>({});
  const [conflict, setConflict] = useState(false);
  const [queued, setQueued] = useState<QueuedPicture[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<ProductFormAnswer>();
  const busy = fetcher.state !== 'idle';
  const action = product ? `${SELLER_PRODUCTS}/${product.id}` : `${SELLER_PRODUCTS}/new`;

  const dirty = product
    ? Object.keys(changedFields(values, product)).length > 0
    : !same(values, emptyProduct) || queued.length > 0;

  useOnAnswer(fetcher.data, (answer) => {
    if (answer.intent !== 'save') return;
    const a = answer as SaveAnswer;
    if (a.ok) {
      setValues(valuesOf(a.product));
      setErrors({});
      return;
    }
    if (a.conflict) setConflict(true);
    setErrors(a.errors);
    focusFirstError(formRef.current);
  });

  // The queued pictures' object addresses are released with the form.
  const queuedRef = useRef(queued);
  queuedRef.current = queued;
  useEffect(() => () => queuedRef.current.forEach((q) => URL.revokeObjectURL(q.url)), []);

  // A stray click away (a link, back) asks first; a reload or closing the tab, the browser's own question.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = <K extends ProductField>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };
  const text = (key: ProductField) => ({
    id: `p-${key}`,
    name: key,
    value: values[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local = validateProduct(values, t);
    if (Object.keys(local).length) {
      setErrors(local);
      focusFirstError(formRef.current);
      return;
    }
    const body = product ? changedFields(values, product) : createBodyOf(values);
    if (product && Object.keys(body).length === 0) {
      toast.info(t('sprod.nothing_changed'));
      return;
    }
    const form = new FormData();
    form.set('intent', 'save');
    form.set('body', JSON.stringify(body));
    if (loaded?.etag) form.set('etag', loaded.etag);
    for (const q of queued) form.append('image', q.file, q.file.name);
    setErrors({});
    void fetcher.submit(form, { method: 'post', action, encType: 'multipart/form-data' });
  };

  const category = options.categories.find((c) => String(c.id) === values.category_id);
  const thumbnail = product ? (product.images[0]?.url ?? product.thumbnail) : (queued[0]?.url ?? null);
  const other = locale === 'ar' ? 'en' : 'ar';
  const langFields = (lang: 'en' | 'ar') => {
    const sfx = lang === 'ar' ? '_ar' : '';
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    return (
      <fieldset className="spf-lang" data-testid={`spf-lang-${lang}`}>
        <legend className="spf-lang__legend">{t(lang === 'ar' ? 'sprod.lang_ar' : 'sprod.lang_en')}</legend>
        <TextField
          label={t('sprod.name')}
          required
          maxLength={190}
          autoComplete="off"
          dir={dir}
          lang={lang}
          {...text(`name${sfx}` as ProductField)}
        />
        <TextArea
          label={t('sprod.short_description')}
          id={`p-short_description${sfx}`}
          rows={2}
          maxLength={500}
          dir={dir}
          lang={lang}
          value={values[`short_description${sfx}` as 'short_description']}
          error={errors[`short_description${sfx}`]}
          onChange={(v) => set(`short_description${sfx}` as 'short_description', v)}
        />
        <TextArea
          label={t('sprod.description')}
          id={`p-description${sfx}`}
          rows={6}
          dir={dir}
          lang={lang}
          hint={t('sprod.description_hint')}
          value={values[`description${sfx}` as 'description']}
          error={errors[`description${sfx}`]}
          onChange={(v) => set(`description${sfx}` as 'description', v)}
        />
      </fieldset>
    );
  };

  return (
    <div className="spf" data-testid="product-form-screen">
      <form ref={formRef} className="spf-form" onSubmit={submit} noValidate data-testid="product-form">
        {errors._form ? (
          <p className="acc-error" role="alert" data-testid="spf-form-error">
            {errors._form}
          </p>
        ) : null}
        {conflict ? (
          <div className="spf-conflict" role="alert" data-testid="spf-conflict">
            <p className="spf-conflict__title">{t('sprod.conflict_title')}</p>
            <p>{t('sprod.conflict_text')}</p>
            <button type="button" className="btn btn-sm" onClick={onReload} data-testid="spf-reload">
              {t('sprod.reload')}
            </button>
          </div>
        ) : null}

        <Section title={t('sprod.section_names')}>
          {/* The page's language first, then the other. */}
          <div className="spf-langs">
            {langFields(locale === 'ar' ? 'ar' : 'en')}
            {langFields(other)}
          </div>
        </Section>

        <Section title={t('sprod.pictures')} testId="spf-pictures">
          {product ? (
            <SavedPictures productId={product.id} images={product.images} />
          ) : (
            <QueuedPictures queued={queued} onChange={setQueued} />
          )}
        </Section>

        <Section title={t('sprod.section_catalogue')}>
          <div className="acc-grid grid-cols">
            <SelectField
              label={t('sprod.category')}
              required
              id="p-category_id"
              value={values.category_id}
              error={errors.category_id}
              onChange={(e) => {
                setValues((v) => ({ ...v, category_id: e.target.value, sub_category_id: '' }));
                if (errors.category_id) setErrors(({ category_id: _, ...rest }) => rest);
              }}
            >
              <option value="">{t('sprod.choose_category')}</option>
              {options.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('sprod.sub_category')}
              id="p-sub_category_id"
              value={values.sub_category_id}
              error={errors.sub_category_id}
              disabled={!category || category.sub_categories.length === 0}
              onChange={(e) => set('sub_category_id', e.target.value)}
            >
              <option value="">{category ? t('sprod.none') : t('sprod.choose_category_first')}</option>
              {category?.sub_categories.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('sprod.brand')}
              id="p-brand_id"
              value={values.brand_id}
              error={errors.brand_id}
              onChange={(e) => set('brand_id', e.target.value)}
            >
              <option value="">{t('sprod.none')}</option>
              {options.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('sprod.unit')}
              id="p-unit_id"
              value={values.unit_id}
              error={errors.unit_id}
              onChange={(e) => set('unit_id', e.target.value)}
            >
              <option value="">{t('sprod.none')}</option>
              {options.units.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </SelectField>
          </div>
        </Section>

        <Section title={t('sprod.section_price')}>
          <div className="acc-grid grid-cols spf-prices">
            <TextField label={t('sprod.price')} required inputMode="decimal" dir="ltr" autoComplete="off" {...text('price')} />
            <TextField
              label={t('sprod.discount_price')}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              hint={t('sprod.discount_hint')}
              {...text('discount_price')}
            />
            <TextField
              label={t('sprod.quantity')}
              required
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              {...text('quantity')}
            />
          </div>
          <Saving price={values.price} discount={values.discount_price} />
        </Section>

        <Section title={t('sprod.section_variants')}>
          <p className="field__hint spf-note">{t('sprod.variants_hint')}</p>
          <div className="spf-variant-lists">
            <VariantRows
              kind="colors"
              rows={values.colors}
              options={options.colors}
              error={errors.colors}
              onChange={(rows) => set('colors', rows)}
            />
            <VariantRows
              kind="sizes"
              rows={values.sizes}
              options={options.sizes}
              error={errors.sizes}
              onChange={(rows) => set('sizes', rows)}
            />
          </div>
          <TextField
            label={t('sprod.video_url')}
            type="url"
            inputMode="url"
            dir="ltr"
            hint={
              <>
                {t('sprod.video_hint')} <bdi dir="ltr">https://www.youtube.com/watch?v=…</bdi>
              </>
            }
            fieldClassName="spf-video"
            {...text('video_url')}
          />
        </Section>

        <details
          className="acc-card spf-section spf-seo"
          open={!!(errors.meta_title || errors.meta_description || errors.meta_keywords) || undefined}
        >
          <summary className="spf-section__title">{t('sprod.section_seo')}</summary>
          <p className="field__hint spf-note">{t('sprod.seo_hint')}</p>
          <div className="acc-form">
            <TextField label={t('sprod.meta_title')} maxLength={190} {...text('meta_title')} />
            <TextArea
              label={t('sprod.meta_description')}
              id="p-meta_description"
              rows={2}
              maxLength={500}
              value={values.meta_description}
              error={errors.meta_description}
              onChange={(v) => set('meta_description', v)}
            />
            <TextField
              label={t('sprod.meta_keywords')}
              maxLength={500}
              hint={t('sprod.meta_keywords_hint')}
              {...text('meta_keywords')}
            />
          </div>
        </details>

        <div className="spf-actions">
          <label className="switch switch--labelled">
            <input
              type="checkbox"
              role="switch"
              checked={values.is_active}
              onChange={(e) => set('is_active', e.target.checked)}
              data-testid="spf-active"
            />
            <span className="switch__track" aria-hidden="true" />
            <span>{t('sprod.is_active')}</span>
          </label>
          <span className="spf-actions__end">
            {dirty ? (
              <span className="spf-dirty" data-testid="spf-dirty">
                {t('sprod.unsaved')}
              </span>
            ) : null}
            <SubmitButton busy={busy} testId="spf-save">
              {busy ? t('sprod.saving_busy') : t(product ? 'sprod.save' : 'sprod.create')}
            </SubmitButton>
          </span>
        </div>
      </form>

      <CardPreview values={values} options={options} thumbnail={thumbnail} />

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('sprod.leave_title')}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        testId="spf-leave-dialog"
        cancelTestId="spf-leave-stay"
      >
        {t('sprod.leave_text')}
      </ConfirmDialog>
    </div>
  );
}

/** Back to the list (the form's heading). */
export function BackToProducts() {
  const { t } = useSite();
  return (
    <Link to={SELLER_PRODUCTS} className="btn btn-sm" data-testid="spf-back">
      {t('sprod.back')}
    </Link>
  );
}
