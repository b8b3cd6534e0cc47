import type { Address, User } from '@souq/contracts';
import { api, apiHeaders, buildPath, readAnswer, type RequestOptions } from '~/shared/api';
import { clearAuth, sessionToken } from '~/shared/auth-store';
import { documentLocale } from '~/shared/i18n';

/**
 * The account pages' calls, made by their client loaders and actions (decision 016): the customer's
 * token lives in local storage, so the server renders each page's fallback and the browser loads the
 * data. Loaders and actions run outside React: the locale is the page's, the token the saved session's.
 */

/** The envelope every API answer comes in. */
export interface Envelope<T> {
  message?: string;
  data: T;
}
export type AddressesData = { total: number; addresses: Address[] };
export type UserData = { user: User };

type CallOptions = Omit<RequestOptions, 'locale' | 'token' | 'context'>;

/** An API call as the signed-in customer, in the page's language; answers the envelope's `data`. */
export async function accountCall<T>(path: string, options: CallOptions = {}): Promise<T> {
  const res = await api<Envelope<T>>(path, { ...options, locale: documentLocale(), token: sessionToken() });
  return res.data;
}

/**
 * POST multipart/form-data (profile photo, attachments). `api` sends JSON; this sends the same headers
 * and reads the answer the same way (a 422 keeps the field errors; a 401 clears the session). The
 * browser sets the multipart Content-Type with its boundary.
 */
export async function apiForm<T>(
  path: string,
  form: FormData,
  options: { locale?: string; token?: string | null; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(buildPath(path), {
    method: 'POST',
    headers: apiHeaders(options.locale ?? documentLocale(), options.token === undefined ? sessionToken() : options.token),
    body: form,
    signal: options.signal,
  });
  if (res.status === 401) clearAuth();
  return readAnswer<T>(res);
}

/** An account page's data, or the message of the call that failed (shown in the page, with a retry). */
export type PageData<T> = { data: T; error?: undefined } | { data?: undefined; error: string };

let loadedFor: string | null = null;
/** The session the account pages' data was last loaded for: the account layout reloads it when it changes. */
export const loadedSession = () => loadedFor;

/**
 * An account page's client loader. Without a session it answers null (the account layout sends a guest
 * home, or on the wishlist offers the login); a failed call becomes the page's error state, not an error
 * screen (a 401 has cleared the session already).
 */
export async function loadAccount<T>(load: () => Promise<T>): Promise<PageData<T> | null> {
  const token = sessionToken();
  loadedFor = token;
  if (!token) return null;
  try {
    return { data: await load() };
  } catch (e) {
    return { error: errorMessage(e) };
  }
}

/** The message to show for a failed call. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
