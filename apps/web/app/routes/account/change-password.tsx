import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, useAccountApi, type Envelope } from '~/features/account/api';
import {
  AccountHeading,
  fieldErrorsOf,
  focusFirstError,
  SubmitButton,
  TextField,
  type FieldErrors,
} from '~/features/account/form';
import { useSite } from '~/shared/site';
import { toast } from '~/shared/ui/toast';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.change_password');

const EMPTY = { current_password: '', password: '', password_confirmation: '' };
type Form = typeof EMPTY;

export default function ChangePasswordPage() {
  const { t } = useSite();
  const call = useAccountApi();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: FieldErrors = {};
    if (!form.current_password) local.current_password = t('account.current_password_required');
    if (form.password.length < 8) local.password = t('account.password_min');
    // SPEC §5/§8: the client message for a confirmation that differs.
    if (form.password_confirmation !== form.password) local.password_confirmation = t('account.password_mismatch');
    if (Object.keys(local).length) {
      setErrors(local);
      focusFirstError(formRef.current);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await call<Envelope<unknown>>('/change-password', { method: 'POST', body: form });
      toast.success(t('account.password_changed'));
      setForm(EMPTY);
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

  return (
    <div data-testid="change-password-page">
      <AccountHeading title={t('account.change_password')} />
      <p className="muted acc-lead">{t('account.change_password_intro')}</p>
      <form ref={formRef} className="acc-form acc-form--narrow" onSubmit={submit} noValidate data-testid="password-form">
        <TextField
          label={t('account.current_password')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          required
          value={form.current_password}
          onChange={(e) => set('current_password', e.target.value)}
          error={errors.current_password}
        />
        <TextField
          label={t('account.new_password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('account.password_hint')}
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
          error={errors.password}
        />
        <TextField
          label={t('account.confirm_password')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={form.password_confirmation}
          onChange={(e) => set('password_confirmation', e.target.value)}
          error={errors.password_confirmation}
        />
        <div className="acc-form__actions">
          <SubmitButton busy={busy} testId="password-save">
            {t('account.update_password')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
