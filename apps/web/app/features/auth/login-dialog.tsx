import { useEffect, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { closeOverlay, openOverlay, useOverlay } from '~/shared/ui-store';
import { useSite } from '~/shared/site';
import { PasswordField, useSubmission, type ActionResult, type FieldErrors } from '~/shared/ui/form';
import { AUTH_SUBMIT, type AuthDone } from './auth-data';
import { AuthDialog, AuthForm, LoginIdField } from './auth-dialog';
import { DEMO_LOGIN, flowStore } from './flow';
import { SocialButtons } from './social';

/** Login (SPEC §2): phone or email and password, social buttons, Forgot Password and Sign Up links. */
export function LoginDialog() {
  const { t, master } = useSite();
  const open = useOverlay() === 'login';
  const demo = master.app_environment === 'local';
  const [phone, setPhone] = useState<string>(demo ? DEMO_LOGIN.phone : '');
  const [password, setPassword] = useState<string>(demo ? DEMO_LOGIN.password : '');
  const fetcher = useFetcher<ActionResult<AuthDone>>();
  const { busy, errors, check } = useSubmission(fetcher, {
    onDone() {
      closeOverlay('login');
      if (!demo) setPassword('');
    },
  });

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {};
    if (!phone.trim()) next.phone = t('auth.phone_or_email_required');
    if (!password) next.password = t('auth.password_required');
    if (busy || !check(next)) return;
    void fetcher.submit({ intent: 'login', phone: phone.trim(), password }, AUTH_SUBMIT);
  };

  return (
    <AuthDialog overlay="login" title={t('auth.login_title')} intro={t('auth.login_intro')} testId="login-dialog">
      <AuthForm onSubmit={submit} busy={busy} submit={t('auth.login')} submitTestId="login-submit">
        <LoginIdField id="login-phone" value={phone} onChange={setPhone} error={errors.phone} />
        <PasswordField
          id="login-password"
          label={t('auth.password')}
          error={errors.password}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-row-end">
          <button type="button" className="auth-link" onClick={() => openOverlay('forgot')} data-testid="forgot-link">
            {t('auth.forgot_password')}
          </button>
        </div>
      </AuthForm>
      <SocialButtons onSignedIn={() => closeOverlay('login')} />
      <p className="auth-switch">
        {t('auth.no_account')}{' '}
        <button type="button" className="auth-link" onClick={() => openOverlay('register')} data-testid="signup-link">
          {t('auth.sign_up')}
        </button>
      </p>
    </AuthDialog>
  );
}
