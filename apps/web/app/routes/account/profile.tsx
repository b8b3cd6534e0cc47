import type { User } from '@souq/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  apiForm,
  errorMessage,
  findCountry,
  useAccountQuery,
  useCountries,
  type Envelope,
  type UserData,
} from '~/features/account/api';
import {
  AccountHeading,
  fieldErrorsOf,
  FieldShell,
  focusFirstError,
  SelectField,
  SubmitButton,
  TextField,
  type FieldErrors,
} from '~/features/account/form';
import { CameraIcon } from '~/features/account/icons';
import { authStore, setAuth } from '~/shared/auth-store';
import { Avatar } from '~/features/chrome/account-menu';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.profile');

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  country: string;
  phone_code: string;
  gender: '' | 'male' | 'female';
  date_of_birth: string;
}

const formOf = (u: User): ProfileForm => ({
  name: u.name ?? '',
  email: u.email ?? '',
  phone: u.phone ?? '',
  country: u.country ?? '',
  phone_code: u.phone_code ?? '',
  gender: u.gender ?? '',
  date_of_birth: u.date_of_birth ?? '',
});

export default function ProfilePage() {
  const { t, locale, master } = useSite();
  const profile = useAccountQuery<UserData>('/profile');
  const countries = useCountries();
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (profile.data && !form) setForm(formOf(profile.data.user));
  }, [profile.data, form]);

  // The preview URL lives as long as the chosen file.
  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const user = profile.data?.user;
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    setForm((f) => (f ? { ...f, [key]: value } : f));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const choosePhoto = (file: File | undefined) => {
    setErrors((e) => ({ ...e, profile_photo: undefined }));
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      setErrors((e) => ({ ...e, profile_photo: t('account.photo_type') }));
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setErrors((e) => ({ ...e, profile_photo: t('account.photo_size') }));
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setPhoto(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form || busy) return;
    const { phone_min_length: min, phone_max_length: max } = master;
    if (form.phone && (form.phone.length < min || form.phone.length > max)) {
      setErrors({ phone: t('account.phone_length', { min, max }) });
      focusFirstError(formRef.current);
      return;
    }
    const body = new FormData();
    const country = findCountry(countries, form.country, form.phone_code);
    const values = { ...form, country: country?.name ?? form.country };
    for (const [k, v] of Object.entries(values)) body.append(k, v);
    if (photo) body.append('profile_photo', photo);
    setBusy(true);
    setErrors({});
    try {
      const res = await apiForm<Envelope<UserData>>('/update-profile', body, { locale, token: authStore.get().token });
      const next = res.data.user;
      profile.setData({ user: next });
      setForm(formOf(next));
      setPhoto(null);
      if (fileInput.current) fileInput.current.value = '';
      setAuth({ user: next });
      toast.success(t('account.profile_saved'));
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields) {
        setErrors(fields);
        focusFirstError(formRef.current);
      } else toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (profile.error && !user) {
    return (
      <div>
        <AccountHeading title={t('account.profile')} />
        <p className="acc-error" role="alert">
          {errorMessage(profile.error)}
        </p>
        <button type="button" className="btn" onClick={() => void profile.reload()}>
          {t('account.retry')}
        </button>
      </div>
    );
  }

  if (!form || !user) {
    return (
      <div aria-busy="true">
        <AccountHeading title={t('account.profile')} />
        <div className="skeleton" style={{ height: 360 }} />
      </div>
    );
  }

  const current = findCountry(countries, form.country, form.phone_code);

  return (
    <div data-testid="profile-page">
      <AccountHeading title={t('account.profile')} />
      <form ref={formRef} className="acc-form" onSubmit={submit} noValidate data-testid="profile-form">
        <div className="acc-photo">
          <div className="acc-photo__frame">
            {preview ? (
              <img
                src={preview}
                alt={t('account.photo_preview')}
                width={96}
                height={96}
                className="avatar"
                data-testid="photo-preview"
              />
            ) : (
              <Avatar photo={user.profile_photo} name={user.name} size={96} />
            )}
          </div>
          <div className="acc-photo__side">
            <label className="btn btn-sm acc-photo__pick">
              <CameraIcon size={18} />
              <span>{t('account.change_photo')}</span>
              <input
                ref={fileInput}
                type="file"
                name="profile_photo"
                accept="image/jpeg,image/png,image/webp"
                className="acc-sr-only"
                onChange={(e) => choosePhoto(e.target.files?.[0])}
                aria-describedby="photo-hint"
                data-testid="photo-input"
              />
            </label>
            {photo ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => {
                  setPhoto(null);
                  if (fileInput.current) fileInput.current.value = '';
                }}
              >
                {t('common.cancel')}
              </button>
            ) : null}
            <p className="acc-field__hint" id="photo-hint">
              {t('account.photo_hint')}
            </p>
            {errors.profile_photo ? (
              <p className="acc-field__error" data-testid="field-error" role="alert">
                <bdi>{errors.profile_photo}</bdi>
              </p>
            ) : null}
          </div>
        </div>

        <div className="acc-grid">
          <TextField
            label={t('account.name')}
            name="name"
            autoComplete="name"
            required
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
          />
          <TextField
            label={t('account.email')}
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
          />
          <SelectField
            label={t('account.country')}
            name="country"
            value={current ? String(current.id) : form.country ? 'stored' : ''}
            onChange={(e) => {
              if (e.target.value === 'stored') return;
              const c = countries.find((x) => String(x.id) === e.target.value);
              setForm((f) => (f ? { ...f, country: c?.name ?? '', phone_code: c?.phone_code ?? f.phone_code } : f));
              setErrors((x) => ({ ...x, country: undefined, phone_code: undefined }));
            }}
            error={errors.country ?? errors.phone_code}
            data-testid="country-select"
          >
            <option value="">{t('account.choose_country')}</option>
            {!current && form.country ? <option value="stored">{form.country}</option> : null}
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label} ({c.phone_code})
              </option>
            ))}
          </SelectField>
          <FieldShell label={t('account.phone')} error={errors.phone}>
            {({ id, describedBy, invalid }) => (
              <div className="acc-phone" dir="ltr">
                <span className="acc-phone__code" aria-hidden={!form.phone_code}>
                  {form.phone_code || '+'}
                </span>
                <input
                  id={id}
                  name="phone"
                  className="acc-input"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={master.phone_max_length || 16}
                  value={form.phone}
                  onChange={(e) => set('phone', e.target.value.replace(/\D/g, ''))}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                />
              </div>
            )}
          </FieldShell>
          <fieldset className="acc-field acc-radios">
            <legend className="acc-field__label">{t('account.gender')}</legend>
            <div className="acc-radios__row">
              {(['male', 'female'] as const).map((g) => (
                <label key={g} className="acc-radio">
                  <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={() => set('gender', g)} />
                  <span>{t(`account.gender_${g}`)}</span>
                </label>
              ))}
            </div>
            {errors.gender ? (
              <p className="acc-field__error" data-testid="field-error">
                <bdi>{errors.gender}</bdi>
              </p>
            ) : null}
          </fieldset>
          <TextField
            label={t('account.date_of_birth')}
            name="date_of_birth"
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            min="1900-01-01"
            value={form.date_of_birth}
            onChange={(e) => set('date_of_birth', e.target.value)}
            error={errors.date_of_birth}
          />
        </div>
        <div className="acc-form__actions">
          <SubmitButton busy={busy} testId="profile-save">
            {t('account.save_changes')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
