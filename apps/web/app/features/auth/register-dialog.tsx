import type { Country } from '@souq/contracts';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { closeOverlay, openOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { toast, TOAST_SUCCESS_MS } from '~/shared/ui/toast';
import { Dialog } from '~/shared/ui/dialog';
import { authApi, handleFormError, storeSession } from './api';
import { CountrySelect, errorProps, Field, PasswordInput, SubmitButton, useCountries } from './fields';
import { flowStore } from './flow';
import { useFocusOnOpen } from './login-dialog';

const FIELDS = ['name', 'country', 'phone', 'email', 'password'] as const;
type FieldName = (typeof FIELDS)[number];
const empty = { name: '', country: '', phone_code: '', phone: '', email: '', password: '' };

/**
 * Sends a verification code; the answer (or a 429) is only toasted on failure. Verifying the new
 * account's own phone or e-mail passes its token: the server sends codes to an unverified phone or
 * e-mail only when its signed-in owner asks.
 */
export async function sendCode(
  body: { phone: string; phone_code?: string | null; forgot_password?: boolean },
  locale: string,
  fallback: string,
  token?: string | null,
) {
  try {
    const answer = await authApi.sendOtp(body, locale, token);
    flowStore.set({ sentAt: Date.now() });
    return answer;
  } catch (error) {
    flowStore.set({ sentAt: 0 });
    handleFormError(error, fallback, []);
    return null;
  }
}

/** Registration (SPEC §2, §4, §5): success stores the session, then the code dialog when enabled. */
export function RegisterDialog() {
  const { t, master, locale } = useSite();
  const open = useOverlay() === 'register';
  const countries = useCountries(open);
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const close = useCallback(() => closeOverlay('register'), []);
  useFocusOnOpen(open, first);
  const set = (patch: Partial<typeof empty>) => setForm((f) => ({ ...f, ...patch }));
  const min = master.phone_min_length || 8;
  const max = master.phone_max_length || 16;

  const validate = () => {
    const next: Partial<Record<FieldName, string>> = {};
    if (!form.name.trim()) next.name = t('auth.name_required');
    if (!form.country) next.country = t('auth.country_required');
    if (!form.phone && master.phone_required) next.phone = t('auth.phone_required');
    else if (form.phone && form.phone.length < min) next.phone = t('auth.phone_min', { min });
    if (!form.password) next.password = t('auth.password_required');
    return next;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const body = {
        name: form.name.trim(),
        country: form.country,
        phone_code: form.phone_code,
        phone: form.phone,
        email: form.email.trim(),
        password: form.password,
      };
      const answer = await authApi.register(body, locale);
      storeSession(answer);
      toast.success(t('auth.register_success'), { duration: TOAST_SUCCESS_MS });
      closeOverlay('register');
      setForm(empty);
      setErrors({});
      if (master.register_otp_verify) {
        const byEmail = master.register_otp_type === 'email' && body.email;
        const target = byEmail ? { phone: body.email, phone_code: null } : { phone: body.phone, phone_code: body.phone_code };
        flowStore.set({
          purpose: 'register',
          phone: target.phone,
          phoneCode: target.phone_code,
          sentAt: Date.now(),
          resetToken: null,
        });
        openOverlay('otp');
        void sendCode(target, locale, t('auth.code_send_failed'), answer.data.access.token);
      }
    } catch (error) {
      setErrors(handleFormError(error, t('auth.register_failed'), FIELDS));
    } finally {
      setBusy(false);
    }
  };

  const onCountry = (c: Country | null) => set({ country: c?.name ?? '', phone_code: c?.phone_code ?? '' });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('auth.register_title')}
      closeLabel={t('common.close')}
      testId="register-dialog"
      className="auth-dialog"
    >
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field label={t('auth.name')} error={errors.name} id="register-name">
          <input
            ref={first}
            {...errorProps('register-name', errors.name)}
            className="auth-input"
            name="name"
            autoComplete="name"
            maxLength={100}
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>
        <CountrySelect
          id="register-country"
          value={form.country}
          onChange={onCountry}
          error={errors.country}
          countries={countries}
        />
        <Field label={t('auth.phone')} error={errors.phone} id="register-phone" hint={t('auth.phone_hint', { min, max })}>
          <div className="auth-phone" dir="ltr">
            {form.phone_code ? <span className="auth-phone__code">{form.phone_code}</span> : null}
            <input
              {...errorProps('register-phone', errors.phone)}
              className="auth-input"
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              dir="ltr"
              maxLength={max}
              value={form.phone}
              onChange={(e) => set({ phone: e.target.value.replace(/\D/g, '').slice(0, max) })}
            />
          </div>
        </Field>
        <Field label={t('auth.email')} error={errors.email} id="register-email">
          <input
            {...errorProps('register-email', errors.email)}
            className="auth-input"
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            value={form.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </Field>
        <Field label={t('auth.password')} error={errors.password} id="register-password" hint={t('auth.password_hint')}>
          <PasswordInput
            {...errorProps('register-password', errors.password)}
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => set({ password: e.target.value })}
          />
        </Field>
        <SubmitButton busy={busy} testId="register-submit">
          {t('auth.sign_up')}
        </SubmitButton>
      </form>
      <p className="auth-switch">
        {t('auth.have_account')}{' '}
        <button type="button" className="auth-link" onClick={() => openOverlay('login')} data-testid="login-link">
          {t('auth.login')}
        </button>
      </p>
    </Dialog>
  );
}
