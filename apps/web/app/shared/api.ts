import type { WebLoadContext } from '@souq/contracts/load-context';
import { notifyUnauthorized } from './unauthorized';

/**
 * The one HTTP client of the storefront. Every call carries X-Requested-With and Accept-Language;
 * authenticated calls carry the Bearer token. On the server, loaders pass their load context, whose
 * `apiFetch` calls the API in-process; in the browser the context is empty and calls go out by fetch.
 */
declare module 'react-router' {
  /** The page server's load context (apps/api/src/web.ts), typed once: loaders pass `context` as it is. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a declaration merge: the members come from WebLoadContext
  interface AppLoadContext extends Partial<WebLoadContext> {}
}

/** What a call needs of the load context: nothing in the browser. */
export type ApiContext = Partial<Pick<WebLoadContext, 'apiFetch' | 'origin'>>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
  /** The first message for a field, as the forms show it under that field. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  locale: string;
  token?: string | null;
  context?: ApiContext;
  signal?: AbortSignal;
  /** What a 401 ends: the customer's session (the default), or the caller's own (the seller's). */
  onUnauthorized?: () => void;
  /** Headers of this call beside the usual ones (an `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export function buildPath(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** The headers of every API call: JSON answers, the language, the customer's token when signed in. */
export function apiHeaders(locale: string, token?: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': locale,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Reads an API answer: its JSON, or an ApiError with the field errors of a 422. A 401 also runs
 * `unauthorized`: by default it tells the customer's session (shared/unauthorized.ts).
 */
export async function readAnswer<T>(res: Response, unauthorized: () => void = notifyUnauthorized): Promise<T> {
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const payload = (json ?? {}) as { message?: string; errors?: Record<string, string[]> };
    if (res.status === 401 && typeof window !== 'undefined') unauthorized();
    throw new ApiError(res.status, payload.message ?? res.statusText ?? 'Request failed', payload.errors);
  }
  return json as T;
}

/** An API call's response as it comes (api() reads it): for the rare caller that needs its headers too. */
export async function apiResponse(path: string, options: RequestOptions): Promise<Response> {
  const headers = { ...apiHeaders(options.locale, options.token), ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = buildPath(path, options.query);
  const init = { method: options.method ?? 'GET', headers, body };
  return options.context?.apiFetch ? options.context.apiFetch(url, init) : fetch(url, { ...init, signal: options.signal });
}

export async function api<T>(path: string, options: RequestOptions): Promise<T> {
  return readAnswer<T>(await apiResponse(path, options), options.onUnauthorized);
}

/**
 * POSTs multipart/form-data (a profile photo, a ticket's files, a shop application) from the browser:
 * the headers of every call, the answer read as `api` reads it. The browser sets the multipart
 * Content-Type with its boundary.
 */
export async function apiMultipart<T>(
  path: string,
  form: FormData,
  options: Pick<RequestOptions, 'locale' | 'token' | 'signal' | 'onUnauthorized'>,
): Promise<T> {
  const res = await fetch(buildPath(path), {
    method: 'POST',
    headers: apiHeaders(options.locale, options.token),
    body: form,
    signal: options.signal,
  });
  return readAnswer<T>(res, options.onUnauthorized);
}
