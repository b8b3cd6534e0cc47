import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authStore } from '~/shared/auth-store';
import { CountryField, useCountries, type CountryOption } from '~/shared/countries';
import { openOverlay, closeOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { formErrors, PasswordField, useBusy, type FieldErrors } from '~/shared/ui/form';
import { authApi } from './api';
import { AuthDialog, AuthForm, LoginIdField } from './auth-dialog';
import { CodeBoxes, ResendCode, useCodeLength, useCountdown } from './code-boxes';
import { flowStore, sendCode, useFlow } from './flow';

/** Forgot password, step 1 (SPEC §5): country and phone or e-mail, then a code is sent. */
export function ForgotDialog() {
  const { t, locale } = useSite();
  const countries = useCountries(useOverlay() === 'forgot');
  const [country, setCountry] = useState<CountryOption | undefined>();
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, during] = useBusy();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {};
    if (!country) next.country = t('auth.country_required');
    if (!phone.trim()) next.phone = t('auth.phone_or_email_required');
    setErrors(next);
    if (next.country || next.phone) return;
    const login = phone.trim();
    const body = { phone: login, phone_code: country?.phone_code ?? null, forgot_password: true };
    void during(async () => {
      try {
        await authApi.sendOtp(body, locale);
        flowStore.set({ purpose: 'forgot', phone: login, phoneCode: body.phone_code, sentAt: Date.now(), resetToken: null });
        toast.success(t('auth.code_sent'));
        openOverlay('otp');
      } catch (error) {
        const fields = formErrors(error, { fallback: t('auth.code_send_failed'), fields: ['phone', 'phone_code'] });
        setErrors({ phone: fields.phone, country: fields.phone_code });
      }
    });
  };

  return (
    <AuthDialog overlay="forgot" title={t('auth.forgot_title')} intro={t('auth.forgot_intro')} testId="forgot-dialog">
      <AuthForm onSubmit={submit} busy={busy} submit={t('auth.send_code')} submitTestId="forgot-submit">
        <CountryField
          id="forgot-country"
          value={country}
          onChange={(c) => {
            setCountry(c ?? undefined);
            if (c) setErrors((er) => ({ ...er, country: undefined }));
          }}
          error={errors.country}
          countries={countries}
        />
        <LoginIdField id="forgot-phone" value={phone} onChange={setPhone} error={errors.phone} />
      </AuthForm>
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={() => openOverlay('login')}>
          {t('auth.back_to_login')}
        </button>
      </p>
    </AuthDialog>
  );
}

/** The code dialog: registration verification or the forgot-password step 2. */
export function OtpDialog() {
  const { t, locale } = useSite();
  const open = useOverlay() === 'otp';
  const flow = useFlow((f) => f);
  const { length, blank } = useCodeLength();
  const [digits, setDigits] = useState<string[]>(blank);
  const [error, setError] = useState<string | undefined>();
  const [busy, during] = useBusy();
  const [resending, resend] = useBusy();
  const first = useRef<HTMLInputElement>(null);
  const seconds = useCountdown(flow.sentAt, open);
  useEffect(() => {
    if (open) {
      setDigits(blank());
      setError(undefined);
    }
  }, [open, blank]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const otp = digits.join('');
    if (otp.length !== length) {
      setError(t('auth.code_incomplete', { length }));
      return;
    }
    void during(async () => {
      try {
        const answer = await authApi.verifyOtp({ phone: flow.phone, phone_code: flow.phoneCode, otp }, locale);
        setError(undefined);
        if (flow.purpose === 'forgot') {
          flowStore.set({ resetToken: answer.data.token });
          openOverlay('reset');
        } else {
          closeOverlay('otp');
          toast.success(t('auth.verified'));
        }
      } catch (err) {
        setError(formErrors(err, { fallback: t('auth.code_invalid'), fields: ['otp'] }).otp);
        setDigits(blank());
        first.current?.focus();
      }
    });
  };

  const sendAgain = () =>
    resend(async () => {
      const body = {
        phone: flow.phone,
        phone_code: flow.phoneCode,
        ...(flow.purpose === 'forgot' ? { forgot_password: true } : {}),
      };
      const token = flow.purpose === 'register' ? authStore.get().token : null;
      const answer = await sendCode(body, locale, t('auth.code_send_failed'), token);
      if (answer) toast.success(t('auth.code_sent'));
    });

  return (
    <AuthDialog
      overlay="otp"
      title={t('auth.code_title')}
      testId="otp-dialog"
      intro={
        <>
          {t('auth.code_intro', { length })}{' '}
          <bdi dir="ltr" className="auth-target">
            {flow.phoneCode && !flow.phone.includes('@') ? `${flow.phoneCode} ${flow.phone}` : flow.phone}
          </bdi>
        </>
      }
    >
      <AuthForm onSubmit={submit} busy={busy} submit={t('auth.confirm')} submitTestId="otp-submit">
        <CodeBoxes digits={digits} onChange={setDigits} disabled={busy} invalid={Boolean(error)} boxRef={first} />
        {error ? (
          <p className="field__error auth-code__error" role="alert" data-testid="otp-error">
            {error}
          </p>
        ) : null}
      </AuthForm>
      <ResendCode seconds={seconds} busy={resending} onResend={() => void sendAgain()} testIdPrefix="otp" />
    </AuthDialog>
  );
}

/** Forgot password, step 3: the new password; success opens the login modal. */
export function ResetDialog() {
  const { t, locale } = useSite();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, during] = useBusy();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {};
    if (!password) next.password = t('auth.password_required');
    else if (confirmation !== password) next.password_confirmation = t('auth.password_mismatch');
    setErrors(next);
    if (next.password || next.password_confirmation) return;
    const { resetToken, phone } = flowStore.get();
    if (!resetToken) {
      openOverlay('forgot');
      return;
    }
    void during(async () => {
      try {
        await authApi.resetPassword({ token: resetToken, password, password_confirmation: confirmation }, locale);
        flowStore.set({ resetToken: null, loginPrefill: phone });
        setPassword('');
        setConfirmation('');
        toast.success(t('auth.password_reset_success'));
        openOverlay('login');
      } catch (error) {
        setErrors(formErrors(error, { fallback: t('auth.reset_failed'), fields: ['password', 'password_confirmation'] }));
      }
    });
  };

  return (
    <AuthDialog overlay="reset" title={t('auth.reset_title')} testId="reset-dialog">
      <AuthForm onSubmit={submit} busy={busy} submit={t('auth.reset_password')} submitTestId="reset-submit">
        <PasswordField
          id="reset-password"
          data-autofocus
          label={t('auth.new_password')}
          error={errors.password}
          hint={t('auth.password_hint')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          id="reset-password-confirmation"
          label={t('auth.confirm_password')}
          error={errors.password_confirmation}
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
      </AuthForm>
    </AuthDialog>
  );
}
