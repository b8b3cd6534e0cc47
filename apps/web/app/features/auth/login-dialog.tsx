import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { closeOverlay, openOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { Dialog } from '~/shared/ui/dialog';
import { authApi, handleFormError, loadUserData, storeSession } from './api';
import { errorProps, Field, PasswordInput, SubmitButton } from './fields';
import { DEMO_LOGIN, flowStore } from './flow';
import { SocialButtons } from './social';

/** Focuses `ref` once the dialog is open (child effects, incl. showModal, have run by then). */
export function useFocusOnOpen(open: boolean, ref: { current: HTMLElement | null }) {
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open, ref]);
}

/** Login (SPEC §2): phone or email and password, social buttons, Forgot Password and Sign Up links. */
export function LoginDialog() {
  const { t, master, locale } = useSite();
  const open = useOverlay() === 'login';
  const demo = master.app_environment === 'local';
  const [phone, setPhone] = useState<string>(demo ? DEMO_LOGIN.phone : '');
  const [password, setPassword] = useState<string>(demo ? DEMO_LOGIN.password : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const close = useCallback(() => closeOverlay('login'), []);
  useFocusOnOpen(open, first);

  // After a password reset the login opens with that phone or e-mail and an empty password.
  useEffect(() => {
    if (!open) return;
    const { loginPrefill } = flowStore.get();
    if (loginPrefill) {
      setPhone(loginPrefill);
      setPassword('');
      flowStore.set({ loginPrefill: '' });
    }
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const next: Record<string, string> = {};
    if (!phone.trim()) next.phone = t('auth.phone_or_email_required');
    if (!password) next.password = t('auth.password_required');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const answer = await authApi.login({ phone: phone.trim(), password }, locale);
      storeSession(answer);
      closeOverlay('login');
      toast.success(t('auth.login_success'));
      if (!demo) setPassword('');
      void loadUserData(locale);
    } catch (error) {
      setErrors(handleFormError(error, t('auth.login_failed'), ['phone', 'password']));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('auth.login_title')}
      closeLabel={t('common.close')}
      testId="login-dialog"
      className="auth-dialog"
    >
      <p className="auth-intro">{t('auth.login_intro')}</p>
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field label={t('auth.phone_or_email')} error={errors.phone} id="login-phone">
          <input
            ref={first}
            {...errorProps('login-phone', errors.phone)}
            className="auth-input"
            name="phone"
            type="text"
            inputMode="email"
            autoComplete="username"
            dir="ltr"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            placeholder={t('auth.phone_or_email_placeholder')}
          />
        </Field>
        <Field label={t('auth.password')} error={errors.password} id="login-password">
          <PasswordInput
            {...errorProps('login-password', errors.password)}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <div className="auth-row-end">
          <button type="button" className="auth-link" onClick={() => openOverlay('forgot')} data-testid="forgot-link">
            {t('auth.forgot_password')}
          </button>
        </div>
        <SubmitButton busy={busy} testId="login-submit">
          {t('auth.login')}
        </SubmitButton>
      </form>
      <SocialButtons onSignedIn={() => closeOverlay('login')} />
      <p className="auth-switch">
        {t('auth.no_account')}{' '}
        <button type="button" className="auth-link" onClick={() => openOverlay('register')} data-testid="signup-link">
          {t('auth.sign_up')}
        </button>
      </p>
    </Dialog>
  );
}
