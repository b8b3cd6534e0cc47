import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ApiError } from '~/shared/api';

export type FieldErrors = Record<string, string | undefined>;

/** The first server message of every field of a 422, or null when the error is not a validation error. */
export function fieldErrorsOf(e: unknown): FieldErrors | null {
  if (!(e instanceof ApiError) || e.status !== 422 || !Object.keys(e.errors).length) return null;
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(e.errors)) out[k] = v[0];
  return out;
}

interface FieldShellProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}

/** Label, control, hint and the server's first message under the field (SPEC §5). */
export function FieldShell({ label, error, hint, required, children, className = '' }: FieldShellProps) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`acc-field ${error ? 'has-error' : ''} ${className}`}>
      <label htmlFor={id} className="acc-field__label">
        {label}
        {required ? (
          <span className="acc-field__req" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p className="acc-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="acc-field__error" id={errId} data-testid="field-error">
          <bdi>{error}</bdi>
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  fieldClassName?: string;
};

export function TextField({ label, error, hint, required, fieldClassName, className = '', ...rest }: InputProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={`acc-input ${className}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={required}
          {...rest}
        />
      )}
    </FieldShell>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  fieldClassName?: string;
};

export function SelectField({ label, error, required, fieldClassName, children, ...rest }: SelectProps) {
  return (
    <FieldShell label={label} error={error} required={required} className={fieldClassName}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="acc-input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={required}
          {...rest}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** A submit button that shows a spinner and is disabled while the call is in flight. */
export function SubmitButton({
  busy,
  children,
  className = 'btn btn-primary',
  testId,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined} data-testid={testId}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** Title row of an account screen. */
export function AccountHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="acc-heading">
      <h1 className="acc-heading__title">{title}</h1>
      {children ? <div className="acc-heading__actions">{children}</div> : null}
    </div>
  );
}

/** Parts of an address, each isolated so mixed Arabic and Latin text keeps its order. */
export function JoinedParts({ parts, separator }: { parts: Array<string | null | undefined>; separator: string }) {
  const list = parts.filter((p): p is string => Boolean(p));
  return (
    <>
      {list.map((p, i) => (
        <span key={i}>
          {i > 0 ? separator : null}
          <bdi>{p}</bdi>
        </span>
      ))}
    </>
  );
}

/** After a failed submit, moves focus to the first field marked invalid (once React has rendered it). */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
