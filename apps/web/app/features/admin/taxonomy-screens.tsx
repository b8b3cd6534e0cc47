import type { AdminBanner, TaxonomyItem, TaxonomyKind } from '@souq/contracts';
import { TAXONOMY } from '@souq/contracts/admin-taxonomy-constants';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Dialog } from '~/shared/ui/dialog';
import { SelectField, SubmitButton, TextField, useOnAnswer, useSubmission, type FieldErrors } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { toast } from '~/shared/ui/toast';
import {
  bannerBody,
  bannerDraft,
  checkBanner,
  checkTaxonomy,
  IMAGE_TYPES,
  imageProblem,
  localisedErrors,
  taxonomyBody,
  taxonomyDraft,
  type BannerDraft,
  type TaxonomyAnswer,
  type TaxonomyDraft,
} from './taxonomy-data';

/** The page's action is told which kind a write is of (the catalogue), or nothing (the banners). */
type Target = { kind: TaxonomyKind } | { kind: null };

const submitTo = (target: Target, fields: Record<string, string>, file?: File | null) => {
  const form = new FormData();
  if (target.kind) form.set('kind', target.kind);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set(target.kind ? 'thumbnail' : 'image', file);
  return form;
};

/** An on/off switch of one entry: shown on the storefront or not; saved at once. */
export function ShownSwitch({ target, id, name, on: stored }: { target: Target; id: number; name: string; on: boolean }) {
  const { t } = useSite();
  const fetcher = useFetcher<TaxonomyAnswer>();
  const pending = fetcher.formData ? fetcher.formData.get('is_active') === 'true' : null;
  const on = pending ?? stored;
  useOnAnswer(fetcher.data, (a) => {
    if (a.ok)
      toast.success(
        t(a.data.item && 'is_active' in a.data.item && a.data.item.is_active ? 'admin.tax.turned_on' : 'admin.tax.turned_off', {
          name,
        }),
      );
  });
  return (
    <label className="sv-switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={fetcher.state !== 'idle'}
        aria-label={t('admin.tax.toggle_named', { name })}
        data-testid="tax-toggle"
        onChange={(e) =>
          void fetcher.submit(submitTo(target, { intent: 'toggle', id: String(id), name, is_active: String(e.target.checked) }), {
            method: 'post',
            encType: 'multipart/form-data',
          })
        }
      />
      <span className="sv-switch__track" aria-hidden="true" />
      <span className="sv-switch__label">{on ? t('admin.tax.on') : t('admin.tax.off')}</span>
    </label>
  );
}

/**
 * Delete with a question that says what happens; a refusal because it is in use (409) is said in the
 * question, with the way out: switch it off instead.
 */
export function DeleteQuestion({
  target,
  entry,
  text,
  onClose,
}: {
  target: Target;
  entry: { id: number; name: string; is_active: boolean } | null;
  text: ReactNode;
  onClose(): void;
}) {
  const { t } = useSite();
  const fetcher = useFetcher<TaxonomyAnswer>();
  const off = useFetcher<TaxonomyAnswer>();
  const [refused, setRefused] = useState<string | null>(null);
  useOnAnswer(fetcher.data, (a) => {
    if (a.ok) {
      toast.success(t('admin.tax.deleted', { name: a.data.name }));
      onClose();
    } else if (a.errors.in_use) setRefused(a.errors.in_use);
  });
  useOnAnswer(off.data, (a) => {
    if (!a.ok) return;
    toast.success(t('admin.tax.turned_off', { name: a.data.name }));
    onClose();
  });
  const close = () => {
    setRefused(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={!!entry}
      title={entry ? t('admin.tax.delete_title', { name: entry.name }) : ''}
      busy={fetcher.state !== 'idle' || off.state !== 'idle'}
      onClose={close}
      testId="tax-delete-dialog"
      onConfirm={() => {
        if (entry)
          void fetcher.submit(submitTo(target, { intent: 'delete', id: String(entry.id), name: entry.name }), {
            method: 'post',
            encType: 'multipart/form-data',
          });
      }}
    >
      {text}
      {refused ? (
        <span className="tax-refused" role="alert" data-testid="tax-in-use">
          <bdi>{t('admin.tax.in_use')}</bdi>
          {entry?.is_active ? (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              data-testid="tax-switch-off-instead"
              disabled={off.state !== 'idle'}
              onClick={() =>
                void off.submit(
                  submitTo(target, { intent: 'toggle', id: String(entry.id), name: entry.name, is_active: 'false' }),
                  {
                    method: 'post',
                    encType: 'multipart/form-data',
                  },
                )
              }
            >
              {t('admin.tax.switch_off_instead')}
            </button>
          ) : null}
        </span>
      ) : null}
    </ConfirmDialog>
  );
}

/** A picture field: the current one, a chosen file's preview (both with their size), and the file input. */
function PictureField({
  id,
  name,
  label,
  hint,
  current,
  file,
  onFile,
  error,
  wide,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  current: string | null;
  file: File | null;
  onFile(file: File | null): void;
  error?: string;
  wide?: boolean;
}) {
  const { t } = useSite();
  const [preview, setPreview] = useState<string | null>(null);
  // The preview URL lives as long as the chosen file.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const [w, h] = wide ? [240, 80] : [96, 96];
  return (
    <div className={`field tax-picture${error ? ' field--invalid' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className={`tax-picture__frame${wide ? ' tax-picture__frame--wide' : ''}`}>
        {preview ? (
          <img
            src={preview}
            alt={t('admin.tax.preview_of')}
            width={w}
            height={h}
            className="tax-picture__img"
            data-testid={`${id}-preview`}
          />
        ) : current ? (
          <Img src={current} alt={t('admin.tax.current_picture')} width={w} height={h} className="tax-picture__img" />
        ) : (
          <span className="muted">{t('admin.tax.no_picture')}</span>
        )}
      </div>
      <label className="btn btn-sm tax-picture__choose" htmlFor={id}>
        {t('admin.tax.choose')}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="sr-only"
        aria-labelledby={`${id}-label`}
        aria-describedby={[error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        data-testid={`${id}-input`}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`} data-testid={`${id}-error`}>
          <bdi>{error}</bdi>
        </p>
      ) : null}
    </div>
  );
}

/** The form's footer: Cancel and the submit button. */
function Actions({ busy, isNew, onCancel }: { busy: boolean; isNew: boolean; onCancel(): void }) {
  const { t } = useSite();
  return (
    <div className="dialog__actions">
      <button type="button" className="btn" onClick={onCancel} disabled={busy}>
        {t('admin.tax.cancel')}
      </button>
      <SubmitButton busy={busy} testId="tax-submit">
        {isNew ? t('admin.tax.create') : t('admin.tax.save')}
      </SubmitButton>
    </div>
  );
}

/** The add / edit dialog of one catalogue entry (`item` null adds one). */
export function EntryDialog({
  kind,
  open,
  item,
  categories,
  category,
  onClose,
}: {
  kind: TaxonomyKind;
  open: boolean;
  item: TaxonomyItem | null;
  categories: TaxonomyItem[];
  category: number | null;
  onClose(): void;
}) {
  const { t } = useSite();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={item ? t('admin.tax.edit_title', { name: item.name }) : t(`admin.tax.new.${kind}`)}
      testId="tax-dialog"
      className="sv-dialog"
    >
      {open ? (
        <EntryForm key={item?.id ?? 'new'} kind={kind} item={item} categories={categories} category={category} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

function EntryForm({
  kind,
  item,
  categories,
  category,
  onDone,
}: {
  kind: TaxonomyKind;
  item: TaxonomyItem | null;
  categories: TaxonomyItem[];
  category: number | null;
  onDone(): void;
}) {
  const { t, locale } = useSite();
  const spec = TAXONOMY[kind];
  const [initial] = useState(() => taxonomyDraft(item, category));
  const [draft, setDraft] = useState<TaxonomyDraft>(initial);
  const [file, setFile] = useState<File | null>(null);
  const fetcher = useFetcher<TaxonomyAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const {
    busy,
    errors: raw,
    check,
    clear,
  } = useSubmission(fetcher, {
    form: formRef,
    onDone(data) {
      toast.success(
        t(item ? 'admin.tax.saved' : 'admin.tax.created', {
          name: data.item && 'name' in data.item ? data.item.name : data.name,
        }),
      );
      onDone();
    },
  });
  const errors: FieldErrors = localisedErrors(raw, t);
  const set = (key: keyof TaxonomyDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target instanceof HTMLInputElement && e.target.type === 'checkbox' ? e.target.checked : e.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key === 'remove_thumbnail' ? 'thumbnail' : key);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check({ ...checkTaxonomy(kind, draft, t), thumbnail: imageProblem(file, t) })) return;
    const body = taxonomyBody(kind, draft, item ? initial : undefined);
    if (item && Object.keys(body).length === 0 && !file) return onDone();
    void fetcher.submit(
      submitTo(
        { kind },
        { intent: item ? 'update' : 'create', id: String(item?.id ?? ''), name: draft.name.trim(), body: JSON.stringify(body) },
        file,
      ),
      { method: 'post', encType: 'multipart/form-data' },
    );
  };

  return (
    <form ref={formRef} className="acc-form sv-form" onSubmit={submit} noValidate data-testid="tax-form">
      <div className="sv-form__pair">
        <TextField
          id="tax-name"
          label={t('admin.tax.name')}
          value={draft.name}
          onChange={set('name')}
          maxLength={spec.nameMax}
          dir="ltr"
          error={errors.name}
          required
        />
        <TextField
          id="tax-name-ar"
          label={t('admin.tax.name_ar')}
          value={draft.name_ar}
          onChange={set('name_ar')}
          maxLength={spec.nameMax}
          dir="rtl"
          lang="ar"
          error={errors.name_ar}
          required
        />
      </div>
      {spec.parent ? (
        <SelectField
          id="tax-category"
          label={t('admin.tax.category')}
          value={draft.category_id}
          onChange={set('category_id')}
          error={errors.category_id}
          required
        >
          <option value="">—</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {locale === 'ar' && c.name_ar ? c.name_ar : c.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {spec.colorCode ? (
        <div className="sv-form__pair tax-color">
          <TextField
            id="tax-color"
            type="color"
            label={t('admin.tax.color_code')}
            value={draft.color_code}
            onChange={set('color_code')}
            className="tax-color__picker"
          />
          <TextField
            id="tax-color-hex"
            label={t('admin.tax.color_hex')}
            value={draft.color_code}
            onChange={set('color_code')}
            maxLength={7}
            dir="ltr"
            error={errors.color_code}
            required
          />
        </div>
      ) : null}
      <div className="sv-form__pair">
        <TextField
          id="tax-slug"
          label={t('admin.tax.slug')}
          hint={t('admin.tax.slug_hint')}
          value={draft.slug}
          onChange={set('slug')}
          maxLength={190}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          error={errors.slug}
        />
        <TextField
          id="tax-sort"
          label={t('admin.tax.sort')}
          hint={t('admin.tax.sort_hint')}
          value={draft.sort}
          onChange={set('sort')}
          inputMode="numeric"
          dir="ltr"
          error={errors.sort}
          required
        />
      </div>
      {spec.thumbnail ? (
        <>
          <PictureField
            id="tax-thumbnail"
            name="thumbnail"
            label={t('admin.tax.thumbnail')}
            hint={t('admin.tax.thumbnail_hint')}
            current={draft.remove_thumbnail ? null : (item?.thumbnail ?? null)}
            file={file}
            onFile={(f) => {
              setFile(f);
              clear('thumbnail');
            }}
            error={errors.thumbnail}
          />
          {item?.thumbnail && !file ? (
            <label className="sv-choice">
              <input type="checkbox" checked={draft.remove_thumbnail} onChange={set('remove_thumbnail')} />
              {t('admin.tax.remove_picture')}
            </label>
          ) : null}
        </>
      ) : null}
      <label className="sv-choice sv-form__active">
        <input type="checkbox" checked={draft.is_active} onChange={set('is_active')} data-testid="tax-active" />
        {t('admin.tax.active')}
      </label>
      <Actions busy={busy} isNew={!item} onCancel={onDone} />
    </form>
  );
}

/** The add / edit dialog of one banner (`banner` null adds one). */
export function BannerDialog({ open, banner, onClose }: { open: boolean; banner: AdminBanner | null; onClose(): void }) {
  const { t } = useSite();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={banner ? t('admin.banners.edit_title', { name: banner.title }) : t('admin.banners.create_title')}
      testId="banner-dialog"
      className="sv-dialog"
    >
      {open ? <BannerForm key={banner?.id ?? 'new'} banner={banner} onDone={onClose} /> : null}
    </Dialog>
  );
}

function BannerForm({ banner, onDone }: { banner: AdminBanner | null; onDone(): void }) {
  const { t } = useSite();
  const [initial] = useState(() => bannerDraft(banner));
  const [draft, setDraft] = useState<BannerDraft>(initial);
  const [file, setFile] = useState<File | null>(null);
  const fetcher = useFetcher<TaxonomyAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const {
    busy,
    errors: raw,
    check,
    clear,
  } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t(banner ? 'admin.tax.saved' : 'admin.tax.created', { name: draft.title.trim() }));
      onDone();
    },
  });
  const errors = localisedErrors(raw, t);
  const set = (key: keyof BannerDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target instanceof HTMLInputElement && e.target.type === 'checkbox' ? e.target.checked : e.target.value;
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = checkBanner(draft, !!(file || banner), t);
    if (busy || !check({ ...problems, image: problems.image ?? imageProblem(file, t) })) return;
    const body = bannerBody(draft, banner ? initial : undefined);
    if (banner && Object.keys(body).length === 0 && !file) return onDone();
    void fetcher.submit(
      submitTo(
        { kind: null },
        {
          intent: banner ? 'update' : 'create',
          id: String(banner?.id ?? ''),
          name: draft.title.trim(),
          body: JSON.stringify(body),
        },
        file,
      ),
      { method: 'post', encType: 'multipart/form-data' },
    );
  };
  return (
    <form ref={formRef} className="acc-form sv-form" onSubmit={submit} noValidate data-testid="banner-form">
      <div className="sv-form__pair">
        <TextField
          id="banner-title"
          label={t('admin.banners.title')}
          value={draft.title}
          onChange={set('title')}
          maxLength={255}
          dir="ltr"
          error={errors.title}
          required
        />
        <TextField
          id="banner-title-ar"
          label={t('admin.banners.title_ar')}
          value={draft.title_ar}
          onChange={set('title_ar')}
          maxLength={255}
          dir="rtl"
          lang="ar"
          error={errors.title_ar}
          required
        />
      </div>
      <PictureField
        id="banner-image"
        name="image"
        label={t('admin.banners.image')}
        hint={t('admin.banners.image_hint')}
        current={banner?.image ?? null}
        file={file}
        onFile={(f) => {
          setFile(f);
          clear('image');
        }}
        error={errors.image}
        wide
      />
      <TextField
        id="banner-link"
        label={t('admin.banners.link')}
        hint={t('admin.banners.link_hint')}
        value={draft.link}
        onChange={set('link')}
        maxLength={500}
        dir="ltr"
        inputMode="url"
        error={errors.link}
      />
      <div className="sv-form__pair">
        <SelectField
          id="banner-placement"
          label={t('admin.banners.placement')}
          value={draft.placement}
          onChange={set('placement')}
          error={errors.placement}
        >
          <option value="home">{t('admin.banners.placement.home')}</option>
          <option value="ads">{t('admin.banners.placement.ads')}</option>
        </SelectField>
        <TextField
          id="banner-sort"
          label={t('admin.tax.sort')}
          hint={t('admin.tax.sort_hint')}
          value={draft.sort}
          onChange={set('sort')}
          inputMode="numeric"
          dir="ltr"
          error={errors.sort}
          required
        />
      </div>
      <label className="sv-choice sv-form__active">
        <input type="checkbox" checked={draft.is_active} onChange={set('is_active')} data-testid="banner-active" />
        {t('admin.tax.active')}
      </label>
      <Actions busy={busy} isNew={!banner} onCancel={onDone} />
    </form>
  );
}
