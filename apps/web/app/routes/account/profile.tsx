import type { Envelope, User } from '@souq/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { accountCall, apiForm, loadAccount, type UserData } from '~/features/account/api';
import { AccountHeading } from '~/features/account/heading';
import { CameraIcon } from '~/features/account/icons';
import { LoadFailed } from '~/features/account/load-failed';
import { Avatar } from '~/features/chrome/account-menu';
import { setAuth } from '~/shared/auth-store';
import { CountryField, findCountry, useCountries } from '~/shared/countries';
import { titleMeta } from '~/shared/page';
import { useSite, useT } from '~/shared/site';
import {
  actionResult,
  ChoiceGroup,
  PhoneField,
  SubmitButton,
  TextField,
  useSubmission,
  type ActionResult,
  type FieldErrors,
} from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/profile';

export const meta = titleMeta('page.profile');

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The profile's text fields, each sent (empty clears it); the photo only when one was chosen. */
const FIELDS = ['name', 'email', 'phone', 'country', 'phone_code', 'gender', 'date_of_birth'] as const;

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

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAccount(() => accountCall<UserData>('/profile', { signal: request.signal }));

/** POST /update-profile as multipart (the photo with the fields); answers the saved customer. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult<User>> {
  const form = await request.formData();
  const body = new FormData();
  for (const key of FIELDS) body.append(key, String(form.get(key) ?? ''));
  const photo = form.get('profile_photo');
  if (photo instanceof File && photo.size > 0) body.append('profile_photo', photo);
  return actionResult(async () => (await apiForm<Envelope<UserData>>('/update-profile', body)).data.user);
}

export function HydrateFallback() {
  const t = useT();
  return (
    <div aria-busy="true">
      <AccountHeading title={t('account.profile')} />
      <div className="skeleton" style={{ height: 360 }} />
    </div>
  );
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (!loaderData) return <HydrateFallback />;
  if (loaderData.error !== undefined)
    return (
      <div>
        <AccountHeading title={t('account.profile')} />
        <LoadFailed message={loaderData.error} />
      </div>
    );
  return <ProfileScreen user={loaderData.data.user} />;
}

function ProfileScreen({ user }: { user: User }) {
  const { t, master } = useSite();
  const countries = useCountries();
  const fetcher = useFetcher<ActionResult<User>>();
  const [form, setForm] = useState<ProfileForm>(() => formOf(user));
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(saved) {
      setForm(formOf(saved));
      dropPhoto();
      setAuth({ user: saved });
      toast.success(t('account.profile_saved'));
    },
  });

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

  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };

  function dropPhoto() {
    setPhoto(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  const choosePhoto = (file: File | undefined) => {
    setPhotoError(null);
    clear('profile_photo');
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type) || file.size > PHOTO_MAX_BYTES) {
      setPhotoError(t(PHOTO_TYPES.includes(file.type) ? 'account.photo_size' : 'account.photo_type'));
      dropPhoto();
      return;
    }
    setPhoto(file);
  };

  const onSubmit = (e: FormEvent) => {
    setPhotoError(null);
    const { phone_min_length: min, phone_max_length: max } = master;
    const local: FieldErrors = {};
    if (form.phone && (form.phone.length < min || form.phone.length > max)) local.phone = t('account.phone_length', { min, max });
    if (!check(local)) e.preventDefault();
  };

  const current = findCountry(countries, form.country, form.phone_code);
  const photoMessage = photoError ?? errors.profile_photo;

  return (
    <div data-testid="profile-page">
      <AccountHeading title={t('account.profile')} />
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="acc-form"
        onSubmit={onSubmit}
        noValidate
        data-testid="profile-form"
      >
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
                className="sr-only"
                onChange={(e) => choosePhoto(e.target.files?.[0])}
                aria-describedby="photo-hint"
                data-testid="photo-input"
              />
            </label>
            {photo ? (
              <button type="button" className="btn btn-sm btn-ghost" onClick={dropPhoto}>
                {t('common.cancel')}
              </button>
            ) : null}
            <p className="field__hint" id="photo-hint">
              {t('account.photo_hint')}
            </p>
            {photoMessage ? (
              <p className="field__error" data-testid="field-error" role="alert">
                <bdi>{photoMessage}</bdi>
              </p>
            ) : null}
          </div>
        </div>

        <div className="acc-grid grid-cols">
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
          <CountryField
            name="country_choice"
            value={current}
            stored={form.country}
            countries={countries}
            onChange={(c) => {
              setForm((f) => ({ ...f, country: c?.name ?? '', phone_code: c?.phone_code ?? f.phone_code }));
              clear('country');
              clear('phone_code');
            }}
            error={errors.country ?? errors.phone_code}
          />
          {/* The country is stored by its English name, whatever the page's language. */}
          <input type="hidden" name="country" value={current?.name ?? form.country} />
          <input type="hidden" name="phone_code" value={form.phone_code} />
          <PhoneField
            label={t('account.phone')}
            error={errors.phone}
            code={form.phone_code}
            name="phone"
            maxLength={master.phone_max_length || 16}
            value={form.phone}
            onChange={(e) => set('phone', e.target.value.replace(/\D/g, ''))}
          />
          <ChoiceGroup legend={t('account.gender')} error={errors.gender}>
            {(['male', 'female'] as const).map((g) => (
              <label key={g} className="acc-radio">
                <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={() => set('gender', g)} />
                <span>{t(`account.gender_${g}`)}</span>
              </label>
            ))}
          </ChoiceGroup>
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
      </fetcher.Form>
    </div>
  );
}
