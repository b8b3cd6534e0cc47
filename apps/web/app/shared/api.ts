/**
 * The one HTTP client of the storefront. Every call carries X-Requested-With and Accept-Language;
 * authenticated calls carry the Bearer token. On the server, loaders pass the load context's
 * `apiFetch` so the same code calls the API in-process.
 */
export interface ApiContext {
  /** The site's public origin, set by the server that renders the pages (apps/api/src/web.ts). */
  origin?: string;
  apiFetch?: (
    pathAndQuery: string,
    init?: { method?: string; headers?: Record<string, string>; body?: string },
  ) => Promise<Response>;
}

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
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** A 401 anywhere clears the session: the auth store subscribes here. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
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

/** Reads an API answer: its JSON, or an ApiError with the field errors of a 422 (a 401 also tells onUnauthorized). */
export async function readAnswer<T>(res: Response): Promise<T> {
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const payload = (json ?? {}) as { message?: string; errors?: Record<string, string[]> };
    if (res.status === 401 && typeof window !== 'undefined') unauthorizedListeners.forEach((l) => l());
    throw new ApiError(res.status, payload.message ?? res.statusText ?? 'Request failed', payload.errors);
  }
  return json as T;
}

/** An API call's response as it comes (api() reads it): for the rare caller that needs its headers too. */
export async function apiResponse(path: string, options: RequestOptions): Promise<Response> {
  const headers = apiHeaders(options.locale, options.token);
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
  return readAnswer<T>(await apiResponse(path, options));
}
