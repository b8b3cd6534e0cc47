import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type RefObject,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { ApiError } from '~/shared/api';
import { useT } from '~/shared/site';
import { toast } from './toast';

/**
 * The form fields of every form of the storefront (sign-in dialogs, account pages, checkout's address
 * modal, the seller's sign-in): one look, one way of tying a field to its hint and error (decision 016).
 */

export type FieldErrors = Record<string, string | undefined>;

/** The first message of each field of a 422 (only the `fields` given, when given); null for anything else. */
export function fieldErrorsOf(error: unknown, fields?: readonly string[]): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const out: FieldErrors = {};
  for (const [name, messages] of Object.entries(error.errors))
    if (messages[0] && (!fields || fields.includes(name))) out[name] = messages[0];
  return Object.keys(out).length ? out : null;
}

/**
 * What a failed submit shows: the first message of each field of a 422 (only the `fields` the form has,
 * when given), under those fields; anything else (a 400, a 429, a 422 about no field shown) as an error
 * toast, with `fallback` when the answer has no message.
 */
export function formErrors(error: unknown, options: { fields?: readonly string[]; fallback?: string } = {}): FieldErrors {
  const fields = fieldErrorsOf(error, options.fields);
  if (fields) return fields;
  if (error instanceof ApiError && error.status === 422) toast.error(Object.values(error.errors)[0]?.[0] ?? error.message);
  else {
    const message = error instanceof Error ? error.message : String(error);
    toast.error(error instanceof ApiError && error.message ? error.message : (options.fallback ?? message));
  }
  return {};
}

/** What a form's client action answers (decision 016): done, with the API's data, or the field errors. */
export type ActionResult<T = unknown> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A client action's call: its data, or the field errors of a 422 (anything else toasted, see formErrors). */
export async function actionResult<T>(call: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    return { ok: false, errors: formErrors(error) };
  }
}

/**
 * Runs `run` once for each new answer of a fetcher (its `data`), whatever re-renders meanwhile; `run` is
 * read when the answer arrives, so it need not be stable.
 */
export function useOnAnswer<T>(answer: T | undefined, run: (answer: T) => void) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (answer !== undefined) latest.current(answer);
  }, [answer]);
}

/**
 * A fetcher form on its screen: `busy` while it submits; the errors to show (the browser's own checks,
 * given to `check` before submitting, else the last answer's), each dropped once its field is edited
 * (`clear`), focus moved to the first; `onDone` runs once for each successful answer.
 */
export function useSubmission<T>(
  fetcher: { state: string; data?: ActionResult<T> },
  { form, onDone }: { form?: RefObject<HTMLFormElement | null>; onDone?: (data: T) => void } = {},
) {
  const answer = fetcher.data;
  const [own, setOwn] = useState<{ answer?: ActionResult<T>; cleared: string[]; local: FieldErrors | null }>({
    cleared: [],
    local: null,
  });
  const current = own.answer === answer ? own : { answer, cleared: [], local: null };
  const shown = current.local ?? (answer && !answer.ok ? answer.errors : {});
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(shown)) if (message && !current.cleared.includes(name)) errors[name] = message;

  useOnAnswer(answer, (a) => {
    if (a.ok) onDone?.(a.data);
    else focusFirstError(form?.current ?? null);
  });

  return {
    busy: fetcher.state !== 'idle',
    errors,
    /** The browser's own checks before submitting: true when there is nothing to show. */
    check(local: FieldErrors) {
      const found = Object.values(local).some(Boolean);
      setOwn({ answer, cleared: [], local: found ? local : null });
      if (found) focusFirstError(form?.current ?? null);
      return !found;
    },
    clear(name: string) {
      if (errors[name]) setOwn({ ...current, cleared: [...current.cleared, name] });
    },
  };
}

/** After a failed submit, moves focus to the first field marked invalid (once React has rendered it). */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => focusFirstErrorNow(form));
}

/** The same, when the errors are already in the page (rendered with flushSync). */
export function focusFirstErrorNow(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** What a field's control needs: its id, and the invalid state and description tied to the field. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /**
   * The control's id. Given, the error is found as `[data-testid=<id>-error]`; without it, an id of
   * React's own and `[data-testid=field-error]`.
   */
  id?: string;
  className?: string;
  children(control: ControlProps): ReactNode;
}

/** A label, its control, a hint and the first error message under it (aria-invalid, aria-describedby). */
export function Field({ label, error, hint, required, id: given, className = '', children }: FieldProps) {
  const own = useId();
  const id = given ?? own;
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''} ${className}`.trim()}>
      <label htmlFor={id} className="field__label">
        {label}
        {required ? (
          <span className="field__req" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errId} data-testid={given ? errId : 'field-error'}>
          <bdi>{error}</bdi>
        </p>
      ) : null}
    </div>
  );
}

type Common = { label: ReactNode; error?: string; hint?: ReactNode; fieldClassName?: string };
type InputProps = InputHTMLAttributes<HTMLInputElement> & Common & { ref?: React.Ref<HTMLInputElement> };

export function TextField({ label, error, hint, required, id, fieldClassName, className = '', ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} id={id} className={fieldClassName}>
      {(control) => <input {...control} className={`field__input ${className}`.trim()} required={required} {...rest} />}
    </Field>
  );
}

/** A password with a button that shows it or hides it again. */
export function PasswordField({ label, error, hint, required, id, fieldClassName, ...rest }: InputProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} required={required} id={id} className={fieldClassName}>
      {(control) => (
        <div className="field__password">
          <input
            {...control}
            required={required}
            {...rest}
            type={shown ? 'text' : 'password'}
            className="field__input"
            dir="ltr"
          />
          <button
            type="button"
            className="field__reveal"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={t(shown ? 'auth.hide_password' : 'auth.show_password')}
          >
            <EyeIcon off={shown} />
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon({ off }: { off: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {off ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

/** A national number after its country's calling code (shown when known), left to right in both languages. */
export function PhoneField({
  label,
  error,
  hint,
  required,
  id,
  fieldClassName,
  code,
  ...rest
}: InputProps & { code?: string | null }) {
  return (
    <Field label={label} error={error} hint={hint} required={required} id={id} className={fieldClassName}>
      {(control) => (
        <div className="field__phone" dir="ltr">
          {code ? <span className="field__code">{code}</span> : null}
          <input
            {...control}
            className="field__input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required={required}
            dir="ltr"
            {...rest}
          />
        </div>
      )}
    </Field>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & Common;

export function SelectField({ label, error, hint, required, id, fieldClassName, children, ...rest }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} id={id} className={fieldClassName}>
      {(control) => (
        <select {...control} className="field__input" required={required} {...rest}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A set of radio buttons (or check boxes) under one legend, with the group's error. */
export function ChoiceGroup({ legend, error, children }: { legend: ReactNode; error?: string; children: ReactNode }) {
  return (
    <fieldset className="field field__choices">
      <legend className="field__label">{legend}</legend>
      <div className="field__choices-row">{children}</div>
      {error ? (
        <p className="field__error" data-testid="field-error">
          <bdi>{error}</bdi>
        </p>
      ) : null}
    </fieldset>
  );
}

/** Busy while a submit's call runs (`during`); a second submit meanwhile is ignored. */
export function useBusy(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const during = useCallback(async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return [busy, during];
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
