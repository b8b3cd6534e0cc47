import type { Address, Country, User } from '@souq/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authStore, clearAuth, useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { api, type ApiError, apiHeaders, buildPath, readAnswer, type RequestOptions } from '~/shared/api';

/** The envelope every API answer comes in. */
export interface Envelope<T> {
  message?: string;
  data: T;
}
export type AddressesData = { total: number; addresses: Address[] };
export type UserData = { user: User };
export type CountriesData = { countries: Country[] };

/**
 * POST multipart/form-data (profile photo, attachments). shared/api.ts's api sends JSON; this sends the
 * same headers and reads the answer the same way (a 422 keeps the field errors), and a 401 clears the
 * session even where the auth store's listener is not mounted. The browser sets the multipart
 * Content-Type with its boundary.
 */
export async function apiForm<T>(
  path: string,
  form: FormData,
  options: { locale: string; token?: string | null; method?: 'POST' | 'PUT'; signal?: AbortSignal },
): Promise<T> {
  const headers = apiHeaders(options.locale, options.token);
  const res = await fetch(buildPath(path), { method: options.method ?? 'POST', headers, body: form, signal: options.signal });
  if (res.status === 401) clearAuth();
  return readAnswer<T>(res);
}

type CallOptions = Omit<RequestOptions, 'locale' | 'token' | 'context'>;

/** A caller bound to the current locale and the signed-in customer's token. */
export function useAccountApi() {
  const { locale } = useSite();
  return useCallback(
    <T>(path: string, options: CallOptions = {}) => api<T>(path, { ...options, locale, token: authStore.get().token }),
    [locale],
  );
}

export interface Query<T> {
  data: T | undefined;
  error: ApiError | Error | undefined;
  loading: boolean;
  reload(): Promise<void>;
  setData(next: T): void;
}

/**
 * Loads an authenticated GET after hydration (the token lives in local storage, so the server renders a
 * shell). Reloads when the token or the path changes.
 */
export function useAccountQuery<T>(path: string | null): Query<T> {
  const call = useAccountApi();
  const token = useAuth((s) => s.token);
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError | Error>();
  const [loading, setLoading] = useState(true);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    if (!path || !token) return;
    const id = ++seq.current;
    setLoading(true);
    try {
      const res = await call<Envelope<T>>(path);
      if (id === seq.current) {
        setData(res.data);
        setError(undefined);
      }
    } catch (e) {
      if (id === seq.current) setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      if (id === seq.current) setLoading(false);
    }
  }, [call, path, token]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, loading, reload, setData };
}

/** The message to toast for a failed call (422s show under the fields instead). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export interface CountryOption {
  id: number;
  /** Shown in the active language. */
  label: string;
  /** Stored on the profile: the English name, so the value does not change with the language. */
  name: string;
  phone_code: string;
}

/** GET /countries in the active language, plus the English names as stable values. */
export function useCountries(): CountryOption[] {
  const { locale } = useSite();
  const [list, setList] = useState<CountryOption[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    const get = (l: string) => api<Envelope<CountriesData>>('/countries', { locale: l, signal: ctrl.signal });
    Promise.all([get(locale), locale === 'en' ? null : get('en')])
      .then(([shown, english]) => {
        const en = new Map((english ?? shown).data.countries.map((c) => [c.id, c.name]));
        setList(
          shown.data.countries.map((c) => ({ id: c.id, label: c.name, name: en.get(c.id) ?? c.name, phone_code: c.phone_code })),
        );
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) console.warn('countries failed to load', e);
      });
    return () => ctrl.abort();
  }, [locale]);
  return list;
}

/** The option for a stored country: by either name, else by phone code. */
export function findCountry(list: CountryOption[], country: string, phoneCode: string): CountryOption | undefined {
  return (
    list.find((c) => c.name === country || c.label === country) ??
    (phoneCode ? list.find((c) => c.phone_code === phoneCode) : undefined)
  );
}
