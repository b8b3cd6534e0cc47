import { type ReactNode, useRef } from 'react';
import { useFetcher } from 'react-router';
import { type FieldErrors, SubmitButton, TextField, useSubmission } from './form';

/** What a back-office sign-in action answers when it does not go on: the fields' messages, or one for the form. */
export type BackOfficeLoginAnswer = { ok: false; errors: FieldErrors; failure?: string };

/**
 * The sign-in form of a back-office area (the seller centre, the operator console): e-mail and password
 * posted with `intent=login` to the page's own action through a fetcher, errors beside their fields and a
 * refusal above them. `area` names the test ids (`<area>-login`, `-login-error`, `-login-submit`).
 */
export function BackOfficeLogin({
  area,
  icon,
  title,
  intro,
  labels,
}: {
  area: string;
  icon: ReactNode;
  title: string;
  intro: string;
  labels: { email: string; password: string; submit: string };
}) {
  const fetcher = useFetcher<BackOfficeLoginAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const { busy, errors, clear } = useSubmission(fetcher, { form });
  const failure = fetcher.state === 'idle' ? fetcher.data?.failure : undefined;

  return (
    <section className="acc-card seller-login" data-testid={`${area}-login`}>
      <span className="circle acc-empty__icon">{icon}</span>
      <h1 className="acc-heading__title">{title}</h1>
      <p className="muted">{intro}</p>
      <fetcher.Form ref={form} method="post" className="acc-form" noValidate>
        <input type="hidden" name="intent" value="login" />
        {failure ? (
          <p className="acc-error" role="alert" data-testid={`${area}-login-error`}>
            {failure}
          </p>
        ) : null}
        <TextField
          label={labels.email}
          type="email"
          name="email"
          autoComplete="username"
          dir="ltr"
          onChange={() => clear('email')}
          error={errors.email}
          required
        />
        <TextField
          label={labels.password}
          type="password"
          name="password"
          autoComplete="current-password"
          dir="ltr"
          onChange={() => clear('password')}
          error={errors.password}
          required
        />
        <SubmitButton busy={busy} className="btn btn-primary btn-block" testId={`${area}-login-submit`}>
          {labels.submit}
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}
