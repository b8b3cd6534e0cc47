import type { ShopApplicationResponse } from '@souq/contracts';
import { SHOP_LOGO_MAX_BYTES } from '@souq/contracts/constants';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { Field, focusFirstError, focusFirstErrorNow, SubmitButton, TextField, type FieldErrors } from '~/shared/ui/form';
import { ApiError } from '~/shared/api';
import type { Translate } from '~/shared/i18n';
import { useSite } from '~/shared/site';
import { CheckIcon, StoreIcon } from '~/shared/ui/icons';
import { submitShopApplication } from './api';
import { MapIcon, ShieldIcon, UploadIcon } from './icons';

const FIELDS = ['shop_name_ar', 'shop_name', 'name', 'phone', 'email', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = {
  shop_name_ar: '',
  shop_name: '',
  name: '',
  phone: '',
  email: '',
  password: '',
  password_confirmation: '',
};
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The checks the API makes too, run first here so that most mistakes are told at once, in the page's language. */
function localErrors(v: Values, logo: File | null, t: Translate): FieldErrors {
  const e: FieldErrors = {};
  const text = (f: Field, extra?: () => string | undefined) => {
    const s = v[f].trim();
    if (!s) e[f] = t('apply.err_required');
    else if (s.length < 2) e[f] = t('apply.err_short');
    else if (s.length > 100) e[f] = t('apply.err_long');
    else e[f] = extra?.();
  };
  text('shop_name_ar', () => (/[\u0621-\u064A]/.test(v.shop_name_ar) ? undefined : t('apply.err_arabic')));
  text('shop_name', () => (/[A-Za-z]/.test(v.shop_name) ? undefined : t('apply.err_latin')));
  text('name');
  const phone = v.phone.replace(/[\s-]/g, '');
  e.phone = !phone ? t('apply.err_required') : /^\+?\d{8,15}$/.test(phone) ? undefined : t('apply.err_phone');
  const email = v.email.trim();
  e.email = !email ? t('apply.err_required') : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? undefined : t('apply.err_email');
  e.password = !v.password ? t('apply.err_required') : v.password.length < 8 ? t('apply.err_password_short') : undefined;
  e.password_confirmation = !v.password_confirmation
    ? t('apply.err_required')
    : v.password_confirmation !== v.password
      ? t('apply.err_password_match')
      : undefined;
  e.logo = logoError(logo, t) ?? undefined;
  for (const k of Object.keys(e)) if (!e[k]) delete e[k];
  return e;
}

function logoError(logo: File | null, t: Translate): string | null {
  if (!logo) return t('apply.err_logo_required');
  if (!LOGO_TYPES.includes(logo.type)) return t('apply.err_logo_type');
  if (logo.size > SHOP_LOGO_MAX_BYTES) return t('apply.err_logo_size');
  return null;
}

/** The API's field messages, told in the page's language where they are known; otherwise as sent. */
function serverErrors(errors: Record<string, string[]>, t: Translate): FieldErrors {
  const known: Array<[RegExp, string]> = [
    [/already been taken/, 'apply.err_email_taken'],
    [/shop with this name/, 'apply.err_name_taken'],
    [/most common passwords/, 'apply.err_password_common'],
    [/does not match/, 'apply.err_password_match'],
    [/must be an image of type|must be a file of type/, 'apply.err_logo_type'],
    [/kilobytes/, 'apply.err_logo_size'],
    [/pixels/, 'apply.err_logo_pixels'],
    [/Arabic letters/, 'apply.err_arabic'],
    [/Latin letters/, 'apply.err_latin'],
    [/valid phone/, 'apply.err_phone'],
    [/valid email/, 'apply.err_email'],
    [/is required/, 'apply.err_required'],
  ];
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors)) {
    const message = list[0] ?? '';
    const key = known.find(([re]) => re.test(message))?.[1];
    out[field] = key ? t(key) : message;
  }
  return out;
}

function Done({ result, values }: { result: ShopApplicationResponse['data']; values: Values }) {
  const { t } = useSite();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="apply-done" data-testid="apply-done" aria-labelledby="apply-done-title">
      <span className="circle apply-done__icon">
        <CheckIcon size={34} />
      </span>
      <h2 className="apply-done__title" id="apply-done-title" tabIndex={-1} ref={heading}>
        {t('apply.done_title')}
      </h2>
      <p>{t('apply.done_text', { name: values.name.trim() })}</p>
      <p className="muted">{t('apply.done_next', { shop: result.shop.name, email: values.email.trim().toLowerCase() })}</p>
      <div className="apply-done__actions">
        <Link to="/seller/login" className="btn btn-primary">
          {t('apply.done_login')}
        </Link>
        <Link to="/" className="btn btn-ghost">
          {t('apply.done_home')}
        </Link>
      </div>
    </section>
  );
}

/** The logo picker: a real file input (keyboard and screen readers), a preview of the chosen image. */
function LogoField({ file, error, onChange }: { file: File | null; error?: string; onChange(file: File | null): void }) {
  const { t } = useSite();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !LOGO_TYPES.includes(file.type)) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Field label={t('apply.logo')} error={error} hint={t('apply.logo_hint')} required className="apply-logo">
      {(control) => (
        <div className="apply-logo__row">
          <span className="apply-logo__preview">
            {preview ? (
              <img src={preview} alt={t('apply.logo_preview')} width={72} height={72} data-testid="logo-preview" />
            ) : (
              <StoreIcon size={28} />
            )}
          </span>
          <span className="apply-logo__pick">
            <span className="apply-logo__control">
              <input
                {...control}
                type="file"
                name="logo"
                accept={LOGO_TYPES.join(',')}
                className="apply-logo__input"
                required
                data-testid="logo-input"
                onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.files?.[0] ?? null)}
              />
              <span className="btn btn-ghost btn-sm apply-logo__button" aria-hidden="true">
                <UploadIcon size={16} />
                {file ? t('apply.logo_change') : t('apply.logo_choose')}
              </span>
            </span>
            {file ? (
              <span className="apply-logo__name muted" dir="auto">
                {file.name}
              </span>
            ) : null}
          </span>
        </div>
      )}
    </Field>
  );
}

/** Become a Seller: the shop application (shop names, owner, contact, sign-in, logo) and its answer. */
export function SellerApplication() {
  const { t, locale } = useSite();
  const [values, setValues] = useState<Values>(EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ShopApplicationResponse['data'] | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const set = (f: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [f]: value }));
    if (errors[f]) setErrors((old) => ({ ...old, [f]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    const local = localErrors(values, logo, t);
    setErrors(local);
    if (Object.keys(local).length) {
      setFailure(t('apply.fix_fields'));
      focusFirstError(form.current);
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      for (const f of FIELDS) body.set(f, values[f]);
      body.set('logo', logo!);
      setResult(await submitShopApplication(body, locale));
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && Object.keys(err.errors).length) {
        // Rendered now (not at React's next turn), so that focus can move to the first field told.
        flushSync(() => {
          setErrors(serverErrors(err.errors, t));
          setFailure(t('apply.fix_fields'));
        });
        focusFirstErrorNow(form.current);
      } else if (err instanceof ApiError && (err.status === 429 || err.status === 404)) {
        setFailure(err.status === 404 ? t('apply.closed') : err.message);
      } else setFailure(t('apply.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (result) return <Done result={result} values={values} />;

  const field = (f: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={f}
      value={values[f]}
      onChange={set(f)}
      error={errors[f]}
      required
      data-testid={`apply-${f}`}
      {...extra}
    />
  );

  return (
    <form ref={form} className="acc-form apply-form" onSubmit={(e) => void submit(e)} noValidate data-testid="apply-form">
      {failure ? (
        <p className="acc-error apply-form__alert" role="alert" data-testid="apply-error">
          {failure}
        </p>
      ) : null}
      <fieldset className="apply-form__section">
        <legend className="apply-form__legend">{t('apply.section_shop')}</legend>
        <div className="acc-grid grid-cols">
          {field('shop_name_ar', t('apply.shop_name_ar'), { dir: 'rtl', lang: 'ar', autoComplete: 'organization' })}
          {field('shop_name', t('apply.shop_name'), { dir: 'ltr', lang: 'en' })}
          <div className="acc-grid__wide">
            <LogoField
              file={logo}
              error={errors.logo}
              onChange={(file) => {
                setLogo(file);
                setErrors((old) => ({ ...old, logo: file ? (logoError(file, t) ?? undefined) : old.logo }));
              }}
            />
          </div>
        </div>
      </fieldset>
      <fieldset className="apply-form__section">
        <legend className="apply-form__legend">{t('apply.section_owner')}</legend>
        <div className="acc-grid grid-cols">
          {field('name', t('apply.owner'), { autoComplete: 'name' })}
          {field('phone', t('apply.phone'), { type: 'tel', dir: 'ltr', autoComplete: 'tel', inputMode: 'tel' })}
          <div className="acc-grid__wide">
            {field('email', t('apply.email'), { type: 'email', dir: 'ltr', autoComplete: 'email', hint: t('apply.email_hint') })}
          </div>
          {field('password', t('apply.password'), {
            type: 'password',
            dir: 'ltr',
            autoComplete: 'new-password',
            hint: t('apply.password_hint'),
          })}
          {field('password_confirmation', t('apply.password_confirmation'), {
            type: 'password',
            dir: 'ltr',
            autoComplete: 'new-password',
          })}
        </div>
      </fieldset>
      <p className="apply-form__terms muted">
        {t('apply.terms_before')}{' '}
        <Link to="/terms-and-conditions" className="link">
          {t('page.terms')}
        </Link>
      </p>
      <SubmitButton busy={busy} className="btn btn-primary btn-block apply-form__submit" testId="apply-submit">
        {t('apply.submit')}
      </SubmitButton>
    </form>
  );
}

/** The reasons to sell here and the three steps, beside the form. */
export function SellerPitch() {
  const { t, master } = useSite();
  const benefits = [
    { icon: <MapIcon size={22} />, title: t('apply.benefit_reach'), text: t('apply.benefit_reach_text') },
    { icon: <StoreIcon size={22} />, title: t('apply.benefit_control'), text: t('apply.benefit_control_text') },
    { icon: <ShieldIcon size={22} />, title: t('apply.benefit_trust'), text: t('apply.benefit_trust_text') },
  ];
  return (
    <div className="apply-pitch">
      <p className="apply-pitch__intro">{t('apply.intro', { app: master.app_name })}</p>
      <ul className="apply-pitch__benefits">
        {benefits.map((b) => (
          <li key={b.title}>
            <span className="circle apply-pitch__icon">{b.icon}</span>
            <span>
              <strong>{b.title}</strong>
              <span className="muted">{b.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <h2 className="apply-pitch__steps-title">{t('apply.steps')}</h2>
      <ol className="apply-pitch__steps">
        <li>{t('apply.step_send')}</li>
        <li>{t('apply.step_review')}</li>
        <li>{t('apply.step_sell')}</li>
      </ol>
    </div>
  );
}
