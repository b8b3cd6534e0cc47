import type { OrderDetail, OrdersAnswer, OrderStatusName, SellerAuth } from '@souq/contracts';
import { CHAT_PAGE_SIZE } from '@souq/contracts/constants';
import type { ChatMessage, UserConversation } from '~/features/chat';
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

// --- Chat (API.md "Seller side"): the shop's conversations with customers ------------------------------

/** SPEC §9: 20 messages and 20 conversations a page. */
export const SELLER_CHAT_PER_PAGE = CHAT_PAGE_SIZE;

export async function fetchSellerConversations(
  q: { search: string; page: number },
  locale: string,
  signal?: AbortSignal,
): Promise<{ total: number; data: UserConversation[] }> {
  const res = await sellerCall<{ total: number; data: UserConversation[] }>('/seller/conversations', {
    query: { search: q.search || undefined, page: q.page, per_page: SELLER_CHAT_PER_PAGE },
    locale,
    signal,
  });
  return res.data;
}

/** One page of the conversation with a customer, newest first; reading it marks the customer's messages read. */
export async function fetchSellerMessages(userId: number, page: number, locale: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const res = await sellerCall<{ data: ChatMessage[] }>('/seller/messages', {
    query: { user_id: userId, page, per_page: SELLER_CHAT_PER_PAGE },
    locale,
    signal,
  });
  return res.data.data;
}

export async function sendSellerMessage(body: { user_id: number; message: string; product_id?: number }, locale: string) {
  return (await sellerCall<ChatMessage>('/seller/send-message', { method: 'POST', body, locale })).data;
}

export async function fetchSellerUnread(locale: string): Promise<number> {
  return (await sellerCall<{ unread_messages: number }>('/seller/unread-messages', { locale })).data.unread_messages;
}

/** POST /seller/update-last-seen: the shop shows Online to its customers while this is under 10 minutes old. */
export async function sellerLastSeen(locale: string): Promise<void> {
  try {
    await sellerCall('/seller/update-last-seen', { method: 'POST', body: {}, locale });
  } catch (error) {
    console.warn('seller last-seen update failed', error);
  }
}

/** Records the bank transfer of the order as received (decision 023): the order becomes Paid. */
export async function markSellerOrderPaid(id: number, locale: string): Promise<OrderDetail> {
  const res = await sellerCall<{ order: OrderDetail }>(`/seller/orders/${id}/payment`, {
    method: 'POST',
    body: { payment_status: 'Paid' },
    locale,
  });
  return res.data.order;
}
