import type { Country } from '@souq/contracts';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { useSite } from '~/shared/site';
import { authApi } from './api';

/** A labelled input with its error under it (aria-invalid + aria-describedby). */
export function Field({
  label,
  error,
  children,
  id,
  hint,
}: {
  label: ReactNode;
  error?: string;
  id: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`auth-field${error ? ' auth-field--invalid' : ''}`}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error ? <p className="auth-field__hint">{hint}</p> : null}
      {error ? (
        <p className="auth-field__error" id={`${id}-error`} data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props that tie an input to its Field's error. */
export const errorProps = (id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function PasswordInput(props: ComponentProps<'input'>) {
  const { t } = useSite();
  const [shown, setShown] = useState(false);
  return (
    <div className="auth-password">
      <input {...props} type={shown ? 'text' : 'password'} className="auth-input" dir="ltr" />
      <button
        type="button"
        className="auth-password__toggle"
        onClick={() => setShown((s) => !s)}
        aria-pressed={shown}
        aria-label={t(shown ? 'auth.hide_password' : 'auth.show_password')}
      >
        <EyeIcon off={shown} />
      </button>
    </div>
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

/** A submit button that shows a spinner and is disabled while the request runs. */
export function SubmitButton({ busy, children, testId }: { busy: boolean; children: ReactNode; testId?: string }) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block"
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

let countriesCache: Promise<Country[]> | null = null;
/**
 * GET /countries once per page load (shared by registration and forgot password), first asked for
 * when a dialog that needs it opens (`needed`), not on every page.
 */
export function useCountries(needed: boolean): Country[] {
  const { locale } = useSite();
  const [list, setList] = useState<Country[]>([]);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    countriesCache ??= authApi
      .countries(locale)
      .then((r) => r.data.countries)
      .catch((error: unknown) => {
        countriesCache = null;
        console.warn('countries could not be loaded', error);
        return [];
      });
    void countriesCache.then((c) => live && setList(c));
    return () => {
      live = false;
    };
  }, [locale, needed]);
  return list;
}

export function CountrySelect({
  value,
  onChange,
  error,
  countries,
  id,
}: {
  id: string;
  value: string;
  onChange(country: Country | null): void;
  error?: string;
  countries: Country[];
}) {
  const { t } = useSite();
  return (
    <Field label={t('auth.country')} error={error} id={id}>
      <select
        {...errorProps(id, error)}
        className="auth-input"
        value={value}
        onChange={(e) => onChange(countries.find((c) => c.name === e.target.value) ?? null)}
        name="country"
        autoComplete="country-name"
        data-testid="country-select"
      >
        <option value="">{t('auth.choose_country')}</option>
        {countries.map((c) => (
          <option key={c.id} value={c.name}>
            {`${c.name} (\u2066${c.phone_code}\u2069)`}
          </option>
        ))}
      </select>
    </Field>
  );
}
