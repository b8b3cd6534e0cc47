import type { Address, Envelope, User } from '@souq/contracts';
import { api, apiMultipart, ApiError, type RequestOptions } from '~/shared/api';
import { clearAuth, sessionToken } from '~/shared/auth-store';
import { notifyUnauthorized } from '~/shared/unauthorized';
import { documentLocale } from '~/shared/i18n';
import { markLoaded } from './session';

/**
 * The account pages' calls, made by their client loaders and actions (decision 016): the customer's
 * token lives in local storage, so the server renders each page's fallback and the browser loads the
 * data. Loaders and actions run outside React: the locale is the page's, the token the saved session's.
 */

export type AddressesData = { total: number; addresses: Address[] };
export type UserData = { user: User };

type CallOptions = Omit<RequestOptions, 'locale' | 'token' | 'context' | 'onUnauthorized'>;

/** An API call as the signed-in customer, in the page's language; answers the envelope's `data`. */
export async function accountCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const res = await api<Envelope<T>>(path, { ...options, locale: documentLocale(), token: sessionToken() });
  return res.data;
}

/**
 * POSTs multipart/form-data (the profile photo, a ticket's files) as the signed-in customer, in the page's
 * language unless given others. A 401 signs the customer out here too (and tells shared/unauthorized.ts).
 */
export function apiForm<T>(
  path: string,
  form: FormData,
  options: { locale?: string; token?: string | null; signal?: AbortSignal } = {},
): Promise<T> {
  return apiMultipart<T>(path, form, {
    signal: options.signal,
    locale: options.locale ?? documentLocale(),
    token: options.token === undefined ? sessionToken() : options.token,
    onUnauthorized() {
      clearAuth();
      notifyUnauthorized();
    },
  });
}

/**
 * An account page's data, or the message of the call that failed (shown in the page, with a retry) and
 * its HTTP status (a page may say "not found" instead).
 */
export type PageData<T> = { data: T; error?: undefined } | { data?: undefined; error: string; status?: number };

/**
 * An account page's client loader. Without a session it answers null (the account layout sends a guest
 * home, or on the wishlist offers the login); a failed call becomes the page's error state, not an error
 * screen (a 401 has cleared the session already).
 */
export async function loadAccount<T>(load: () => Promise<T>): Promise<PageData<T> | null> {
  const token = sessionToken();
  markLoaded(token);
  if (!token) return null;
  try {
    return { data: await load() };
  } catch (e) {
    return { error: errorMessage(e), status: e instanceof ApiError ? e.status : undefined };
  }
}

/** The message to show for a failed call. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
