import { useCallback, useEffect, type FormEvent, type ReactNode } from 'react';
import { closeOverlay, useOverlay, type Overlay } from '~/shared/ui-store';
import { useT } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { SubmitButton, TextField } from '~/shared/ui/form';

/**
 * The frame of every sign-in dialog: shown while its overlay is the open one, a line of introduction,
 * and on opening the control marked `data-autofocus` takes focus (else the browser's first stop).
 */
export function AuthDialog({
  overlay,
  title,
  intro,
  testId,
  children,
}: {
  overlay: Exclude<Overlay, null>;
  title: ReactNode;
  intro?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const open = useOverlay() === overlay;
  const close = useCallback(() => closeOverlay(overlay), [overlay]);
  // The dialog's own effect (showModal) has run by now: children's effects run first.
  useEffect(() => {
    if (open) document.querySelector<HTMLElement>(`[data-testid=${testId}] [data-autofocus]`)?.focus();
  }, [open, testId]);
  return (
    <Dialog open={open} onClose={close} title={title} testId={testId} className="auth-dialog">
      {intro ? <p className="auth-intro">{intro}</p> : null}
      {children}
    </Dialog>
  );
}

/** A sign-in form: its fields, then the submit button (a spinner while the call runs). */
export function AuthForm({
  onSubmit,
  busy,
  submit,
  submitTestId,
  children,
}: {
  onSubmit(e: FormEvent): void;
  busy: boolean;
  submit: ReactNode;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {children}
      <SubmitButton busy={busy} className="btn btn-primary btn-block" testId={submitTestId}>
        {submit}
      </SubmitButton>
    </form>
  );
}

/** The phone number or e-mail an account signs in with (the login dialog); it takes focus on opening. */
export function LoginIdField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const t = useT();
  return (
    <TextField
      id={id}
      data-autofocus
      label={t('auth.phone_or_email')}
      error={error}
      name="phone"
      type="text"
      inputMode="email"
      autoComplete="username"
      dir="ltr"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={t('auth.phone_or_email_placeholder')}
    />
  );
}
