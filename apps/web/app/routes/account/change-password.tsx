import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { accountCall } from '~/features/account/api';
import { AccountHeading } from '~/features/account/heading';
import { useSite } from '~/shared/site';
import { actionResult, SubmitButton, TextField, useSubmission, type ActionResult, type FieldErrors } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import { titleMeta } from '~/shared/page';
import type { Route } from './+types/change-password';

export const meta = titleMeta('page.change_password');

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const valuesOf = (form: FormData) => Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? '')])) as Values;

/** POST /change-password with the three fields; the server's messages come back under them. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const body = valuesOf(await request.formData());
  return actionResult(() => accountCall('/change-password', { method: 'POST', body }));
}

export default function ChangePasswordPage() {
  const { t } = useSite();
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t('account.password_changed'));
      formRef.current?.reset();
    },
  });

  // The browser's checks first (SPEC §5/§8: the client message for a confirmation that differs).
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = valuesOf(new FormData(e.currentTarget));
    const local: FieldErrors = {};
    if (!form.current_password) local.current_password = t('account.current_password_required');
    if (form.password.length < 8) local.password = t('account.password_min');
    if (form.password_confirmation !== form.password) local.password_confirmation = t('account.password_mismatch');
    if (!check(local)) e.preventDefault();
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    type: 'password',
    autoComplete: name === 'current_password' ? 'current-password' : 'new-password',
    required: true,
    error: errors[name],
    onChange: () => clear(name),
  });

  return (
    <div data-testid="change-password-page">
      <AccountHeading title={t('account.change_password')} />
      <p className="muted acc-lead">{t('account.change_password_intro')}</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        className="acc-form acc-form--narrow"
        onSubmit={onSubmit}
        noValidate
        data-testid="password-form"
      >
        <TextField label={t('account.current_password')} {...field('current_password')} />
        <TextField label={t('account.new_password')} minLength={8} hint={t('account.password_hint')} {...field('password')} />
        <TextField label={t('account.confirm_password')} {...field('password_confirmation')} />
        <div className="acc-form__actions">
          <SubmitButton busy={busy} testId="password-save">
            {t('account.update_password')}
          </SubmitButton>
        </div>
      </fetcher.Form>
    </div>
  );
}
