import type { OrderDetail, OrdersAnswer, OrderStatusName, SellerAuth } from '@souq/contracts';
import { ApiError, apiHeaders, buildPath, readAnswer, type RequestOptions } from '~/shared/api';
import { clearSellerSession, sellerStore } from './store';

interface Envelope<T> {
  message?: string;
  data: T;
}

/**
 * A call of the seller area (API.md "Seller side") with the seller's token. A 401 ends the seller's
 * session only: it is read here, not by shared/api.ts, whose 401 signs the customer out.
 */
export async function sellerCall<T>(
  path: string,
  options: { locale: string; method?: 'GET' | 'POST'; body?: unknown; query?: RequestOptions['query']; signal?: AbortSignal },
): Promise<Envelope<T>> {
  const headers = apiHeaders(options.locale, sellerStore.get().token);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(buildPath(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (res.status === 401) {
    const payload = (await res.json().catch(() => ({}))) as { message?: string };
    if (path !== '/seller/login') clearSellerSession();
    throw new ApiError(401, payload.message ?? 'Unauthenticated.');
  }
  return readAnswer<Envelope<T>>(res);
}

export async function sellerLogin(email: string, password: string, locale: string): Promise<SellerAuth> {
  return (await sellerCall<SellerAuth>('/seller/login', { method: 'POST', body: { email, password }, locale })).data;
}

/** Revokes the token on the server (best effort) and forgets it here. */
export async function sellerLogout(locale: string): Promise<void> {
  try {
    await sellerCall('/seller/logout', { method: 'POST', locale });
  } catch {
    /* the token is forgotten either way */
  }
  clearSellerSession();
}

export async function fetchSellerOrders(
  q: { status?: string | null; page: number; perPage: number },
  locale: string,
  signal?: AbortSignal,
): Promise<OrdersAnswer> {
  const res = await sellerCall<OrdersAnswer>('/seller/orders', {
    query: { order_status: q.status ?? undefined, page: q.page, per_page: q.perPage },
    locale,
    signal,
  });
  return res.data;
}

export async function fetchSellerOrder(id: number, locale: string, signal?: AbortSignal): Promise<OrderDetail> {
  return (await sellerCall<{ order: OrderDetail }>(`/seller/orders/${id}`, { locale, signal })).data.order;
}

export async function setSellerOrderStatus(id: number, status: OrderStatusName, locale: string): Promise<OrderDetail> {
  const res = await sellerCall<{ order: OrderDetail }>(`/seller/orders/${id}/status`, {
    method: 'POST',
    body: { order_status: status },
    locale,
  });
  return res.data.order;
}
