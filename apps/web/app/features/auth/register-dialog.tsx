import { useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { closeOverlay, openOverlay, useOverlay } from '~/shared/ui-store';
import { CountryField, useCountries, type CountryOption } from '~/shared/countries';
import { useSite } from '~/shared/site';
import { PasswordField, PhoneField, TextField, useSubmission, type ActionResult, type FieldErrors } from '~/shared/ui/form';
import { AUTH_SUBMIT, type AuthDone } from './auth-data';
import { AuthDialog, AuthForm } from './auth-dialog';
import { flowStore } from './flow';

const empty = { name: '', country: undefined as CountryOption | undefined, phone: '', email: '', password: '' };

/** Registration (SPEC §2, §4, §5): success stores the session, then the code dialog when enabled. */
export function RegisterDialog() {
  const { t, master } = useSite();
  const countries = useCountries(useOverlay() === 'register');
  const [form, setForm] = useState(empty);
  const fetcher = useFetcher<ActionResult<AuthDone>>();
  const { busy, errors, check } = useSubmission(fetcher, {
    onDone(done) {
      closeOverlay('register');
      setForm(empty);
      // SPEC §5: the code was sent to the new account's phone (or e-mail); the code dialog asks for it.
      if (done.intent !== 'register' || !done.verify) return;
      flowStore.set({
        purpose: 'register',
        phone: done.verify.phone,
        phoneCode: done.verify.phone_code,
        sentAt: Date.now(),
        resetToken: null,
      });
      openOverlay('otp');
    },
  });
  const set = (patch: Partial<typeof empty>) => setForm((f) => ({ ...f, ...patch }));
  const min = master.phone_min_length || 8;
  const max = master.phone_max_length || 16;

  const validate = () => {
    const next: FieldErrors = {};
    if (!form.name.trim()) next.name = t('auth.name_required');
    if (!form.country) next.country = t('auth.country_required');
    if (!form.phone && master.phone_required) next.phone = t('auth.phone_required');
    else if (form.phone && form.phone.length < min) next.phone = t('auth.phone_min', { min });
    if (!form.password) next.password = t('auth.password_required');
    return next;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check(validate())) return;
    const verifyBy = master.register_otp_verify ? (master.register_otp_type === 'email' ? 'email' : 'phone') : '';
    void fetcher.submit(
      {
        intent: 'register',
        name: form.name.trim(),
        // The country's name as the list showed it (the page's language).
        country: form.country?.label ?? '',
        phone_code: form.country?.phone_code ?? '',
        phone: form.phone,
        email: form.email.trim(),
        password: form.password,
        verify_by: verifyBy,
      },
      AUTH_SUBMIT,
    );
  };

  return (
    <AuthDialog overlay="register" title={t('auth.register_title')} testId="register-dialog">
      <AuthForm onSubmit={submit} busy={busy} submit={t('auth.sign_up')} submitTestId="register-submit">
        <TextField
          id="register-name"
          data-autofocus
          label={t('auth.name')}
          error={errors.name}
          name="name"
          autoComplete="name"
          maxLength={100}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <CountryField
          id="register-country"
          value={form.country}
          onChange={(c) => set({ country: c ?? undefined })}
          error={errors.country}
          countries={countries}
        />
        <PhoneField
          id="register-phone"
          label={t('auth.phone')}
          error={errors.phone}
          hint={t('auth.phone_hint', { min, max })}
          code={form.country?.phone_code}
          name="phone"
          maxLength={max}
          value={form.phone}
          onChange={(e) => set({ phone: e.target.value.replace(/\D/g, '').slice(0, max) })}
        />
        <TextField
          id="register-email"
          label={t('auth.email')}
          error={errors.email}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={form.email}
          onChange={(e) => set({ email: e.target.value })}
        />
        <PasswordField
          id="register-password"
          label={t('auth.password')}
          error={errors.password}
          hint={t('auth.password_hint')}
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set({ password: e.target.value })}
        />
      </AuthForm>
      <p className="auth-switch">
        {t('auth.have_account')}{' '}
        <button type="button" className="auth-link" onClick={() => openOverlay('login')} data-testid="login-link">
          {t('auth.login')}
        </button>
      </p>
    </AuthDialog>
  );
}
