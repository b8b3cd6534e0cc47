import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { CountryField, useCountries, type CountryOption } from '~/shared/countries';
import { openOverlay, closeOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import {
  PasswordField,
  PhoneField,
  TextField,
  useOnAnswer,
  useSubmission,
  type ActionResult,
  type FieldErrors,
} from '~/shared/ui/form';
import { AUTH_SUBMIT, type AuthDone } from './auth-data';
import { AuthDialog, AuthForm } from './auth-dialog';
import { CodeBoxes, ResendCode, useCodeLength, useCountdown } from './code-boxes';
import { flowStore, useFlow } from './flow';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Forgot password, step 1 (SPEC §2, §5): the code goes the way the settings say (`forgot_otp_type`): by
 * SMS, asking for the country and the account's phone number, or by e-mail, asking for its address (the
 * country then plays no part). The API refuses the other kind for a reset.
 */
export function ForgotDialog() {
  const { t, master } = useSite();
  const byEmail = master.forgot_otp_type === 'email';
  const countries = useCountries(useOverlay() === 'forgot' && !byEmail);
  const [country, setCountry] = useState<CountryOption | undefined>();
  const [login, setLogin] = useState('');
  const fetcher = useFetcher<ActionResult<AuthDone>>();
  const { busy, errors, check, clear } = useSubmission(fetcher, { onDone: () => openOverlay('otp') });
  const max = master.phone_max_length || 16;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = login.trim();
    const next: FieldErrors = {};
    if (byEmail) {
      if (!value) next.email = t('auth.email_required');
      else if (!EMAIL.test(value)) next.email = t('auth.email_invalid');
    } else {
      if (!country) next.country = t('auth.country_required');
      if (!value) next.phone = t('auth.phone_required');
    }
    if (busy || !check(next)) return;
    const phoneCode = byEmail ? '' : (country?.phone_code ?? '');
    void fetcher.submit({ intent: 'forgot', phone: value, phone_code: phoneCode, by_email: byEmail ? '1' : '' }, AUTH_SUBMIT);
  };

  return (
    <AuthDialog
      overlay="forgot"
      title={t('auth.forgot_title')}
      intro={t(byEmail ? 'auth.forgot_intro_email' : 'auth.forgot_intro_phone')}
      testId="forgot-dialog"
    >
      <AuthForm onSubmit={submit} busy={busy} submit={t('auth.send_code')} submitTestId="forgot-submit">
        {byEmail ? (
          <TextField
            id="forgot-email"
            data-autofocus
            label={t('auth.email')}
            error={errors.email}
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            maxLength={190}
            value={login}
            onChange={(e) => setLogin(e.target.value)}
          />
        ) : (
          <>
            <CountryField
              id="forgot-country"
              value={country}
              onChange={(c) => {
                setCountry(c ?? undefined);
                if (c) clear('country');
              }}
              error={errors.country}
              countries={countries}
            />
            <PhoneField
              id="forgot-phone"
              data-autofocus
              label={t('auth.phone')}
              error={errors.phone}
              code={country?.phone_code}
              name="phone"
              autoComplete="tel-national"
              maxLength={max}
              value={login}
              onChange={(e) => setLogin(e.target.value.replace(/\D/g, '').slice(0, max))}
            />
          </>
        )}
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
  const { t } = useSite();
  const open = useOverlay() === 'otp';
  const flow = useFlow((f) => f);
  const { length, blank } = useCodeLength();
  const [digits, setDigits] = useState<string[]>(blank);
  const [error, setError] = useState<string | undefined>();
  const check = useFetcher<ActionResult<AuthDone>>();
  const resend = useFetcher<ActionResult<AuthDone>>();
  const busy = check.state !== 'idle';
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
    setError(undefined);
    void check.submit({ intent: 'verify', otp }, AUTH_SUBMIT);
  };

  // Verified: on to the new password (forgot), or done (registration). Refused: the boxes emptied.
  useOnAnswer(check.data, (answer) => {
    if (answer.ok) {
      if (answer.data.intent === 'verify' && answer.data.purpose === 'forgot') openOverlay('reset');
      else closeOverlay('otp');
      return;
    }
    setError(answer.errors.otp);
    setDigits(blank());
    first.current?.focus();
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
      <ResendCode
        seconds={seconds}
        busy={resend.state !== 'idle'}
        onResend={() => void resend.submit({ intent: 'resend' }, AUTH_SUBMIT)}
        testIdPrefix="otp"
      />
    </AuthDialog>
  );
}

/** Forgot password, step 3: the new password; success opens the login modal. */
export function ResetDialog() {
  const { t } = useSite();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const fetcher = useFetcher<ActionResult<AuthDone>>();
  const { busy, errors, check } = useSubmission(fetcher, {
    onDone() {
      setPassword('');
      setConfirmation('');
      openOverlay('login');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {};
    if (!password) next.password = t('auth.password_required');
    else if (confirmation !== password) next.password_confirmation = t('auth.password_mismatch');
    if (busy || !check(next)) return;
    if (!flowStore.get().resetToken) {
      openOverlay('forgot');
      return;
    }
    void fetcher.submit({ intent: 'reset', password, password_confirmation: confirmation }, AUTH_SUBMIT);
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
