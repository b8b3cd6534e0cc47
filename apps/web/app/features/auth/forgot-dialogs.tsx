import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { authStore } from '~/shared/auth-store';
import { CountryField, useCountries, type CountryOption } from '~/shared/countries';
import { openOverlay, closeOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { formErrors, PasswordField, useBusy, type FieldErrors } from '~/shared/ui/form';
import { authApi } from './api';
import { AuthDialog, AuthForm, LoginIdField } from './auth-dialog';
import { flowStore, RESEND_SECONDS, sendCode, useFlow } from './flow';

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

/** Seconds left before a code may be resent (60 s after the last send). */
export function useCountdown(sentAt: number, active: boolean) {
  const left = () => Math.max(0, Math.ceil((sentAt + RESEND_SECONDS * 1000 - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!active || !sentAt) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sentAt, active]);
  // No code on record (the send failed): resending is allowed at once.
  return sentAt ? seconds : 0;
}

/** One box per digit (SPEC §5): forward on entry, back on Backspace in an empty box, paste fills all. */
export function CodeBoxes({
  digits,
  onChange,
  disabled,
  invalid,
  boxRef,
}: {
  digits: string[];
  onChange(next: string[]): void;
  disabled?: boolean;
  invalid?: boolean;
  boxRef: { current: HTMLInputElement | null };
}) {
  const { t } = useSite();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(digits.length - 1, i))]?.focus();

  const fill = (from: number, text: string) => {
    const chars = text.replace(/\D/g, '').split('');
    if (!chars.length) return;
    const next = [...digits];
    let i = from;
    for (const c of chars) {
      if (i >= next.length) break;
      next[i++] = c;
    }
    onChange(next);
    focus(i >= next.length ? next.length - 1 : i);
  };

  const onInput = (i: number, raw: string) => {
    const clean = raw.replace(/\D/g, '');
    if (!clean) {
      const next = [...digits];
      next[i] = '';
      onChange(next);
      return;
    }
    // A full code (one-time-code autofill) fills every box; otherwise keep the last typed digit.
    if (clean.length >= digits.length) fill(0, clean);
    else fill(i, clean.slice(-1));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      onChange(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    fill(0, e.clipboardData.getData('text'));
  };

  return (
    <div className="auth-code" dir="ltr" role="group" aria-label={t('auth.code_label')}>
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
            if (i === 0) boxRef.current = el;
          }}
          className="auth-code__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          data-autofocus={i === 0 || undefined}
          aria-label={t('auth.code_digit', { n: i + 1, total: digits.length })}
          aria-invalid={invalid || undefined}
          value={d}
          disabled={disabled}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          data-testid={`code-box-${i}`}
        />
      ))}
    </div>
  );
}

/** The code dialog: registration verification or the forgot-password step 2. */
export function OtpDialog() {
  const { t, master, locale } = useSite();
  const open = useOverlay() === 'otp';
  const flow = useFlow((f) => f);
  const length = master.otp_length >= 4 && master.otp_length <= 8 ? master.otp_length : 4;
  const blank = useCallback(() => Array.from({ length }, () => ''), [length]);
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
      <p className="auth-switch" aria-live="polite">
        {seconds > 0 ? (
          <span data-testid="otp-countdown">{t('auth.resend_in', { seconds })}</span>
        ) : (
          <button
            type="button"
            className="auth-link"
            onClick={() => void sendAgain()}
            disabled={resending}
            data-testid="otp-resend"
          >
            {resending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('auth.resend_code')}
          </button>
        )}
      </p>
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
