import { useRef, useState, type FormEvent } from 'react';
import { sellerLogin } from '~/features/seller/api';
import { sellerMeta } from '~/features/seller/meta';
import { setSellerSession } from '~/features/seller/store';
import { ApiError } from '~/shared/api';
import { useSite } from '~/shared/site';
import { fieldErrorsOf, focusFirstError, SubmitButton, TextField, useBusy, type FieldErrors } from '~/shared/ui/form';
import { StoreIcon } from '~/shared/ui/icons';

export const meta = sellerMeta('page.seller_login');

/** /seller/login: e-mail and password of a shop's seller account. */
export default function SellerLoginPage() {
  const { t, locale } = useSite();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, during] = useBusy();
  const form = useRef<HTMLFormElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setErrors({});
    void during(async () => {
      try {
        const res = await sellerLogin(email, password, locale);
        // The layout sees the token and opens the orders.
        setSellerSession({ token: res.access.token, seller: res.user, shop: res.shop });
      } catch (err) {
        const fields = fieldErrorsOf(err);
        if (fields) {
          setErrors(fields);
          focusFirstError(form.current);
        } else if (err instanceof ApiError && err.status === 403) {
          // The right password of a shop whose application is still being reviewed (decision 022).
          setFailure(t('seller.pending_notice'));
        } else setFailure(err instanceof Error ? err.message : String(err));
      }
    });
  };

  return (
    <section className="acc-card seller-login" data-testid="seller-login">
      <span className="circle acc-empty__icon">
        <StoreIcon size={32} />
      </span>
      <h1 className="acc-heading__title">{t('seller.login_title')}</h1>
      <p className="muted">{t('seller.login_intro')}</p>
      <form ref={form} className="acc-form" onSubmit={submit} noValidate>
        {failure ? (
          <p className="acc-error" role="alert" data-testid="seller-login-error">
            {failure}
          </p>
        ) : null}
        <TextField
          label={t('seller.email')}
          type="email"
          name="email"
          autoComplete="username"
          dir="ltr"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          required
        />
        <TextField
          label={t('seller.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          dir="ltr"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          required
        />
        <SubmitButton busy={busy} className="btn btn-primary btn-block" testId="seller-login-submit">
          {t('seller.sign_in')}
        </SubmitButton>
      </form>
    </section>
  );
}
