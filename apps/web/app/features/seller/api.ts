import type { Envelope, OrderDetail, OrdersAnswer, OrderStatusName, SellerAuth, SellerDashboard } from '@souq/contracts';
import { CHAT_PAGE_SIZE } from '@souq/contracts/constants';
import type { ChatMessage, UserConversation } from '~/features/chat';
import { api, apiMultipart, type RequestOptions } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { clearSellerSession, sellerToken } from './store';

type SellerOptions = Omit<RequestOptions, 'locale' | 'token' | 'context' | 'onUnauthorized'> & { locale?: string };

/**
 * What the seller area's calls (API.md "Seller side") carry: the seller's token, the page's language
 * unless given one. A 401 ends the seller's session only, never the customer's (a shop owner may be both
 * in one browser); the sign-in's own 401 ends nothing.
 */
const sessionOf = (path: string, locale?: string) => ({
  locale: locale ?? documentLocale(),
  token: sellerToken(),
  onUnauthorized: path === '/seller/login' ? () => undefined : clearSellerSession,
});

export async function sellerCall<T>(path: string, options: SellerOptions = {}): Promise<Envelope<T>> {
  return api<Envelope<T>>(path, { ...options, ...sessionOf(path, options.locale) });
}

/** A multipart POST as the seller (a ticket's answer with its files). */
export async function sellerForm<T>(path: string, form: FormData): Promise<Envelope<T>> {
  return apiMultipart<Envelope<T>>(path, form, sessionOf(path));
}

export async function sellerLogin(email: string, password: string): Promise<SellerAuth> {
  return (await sellerCall<SellerAuth>('/seller/login', { method: 'POST', body: { email, password } })).data;
}

/** Revokes the token on the server (best effort) and forgets it here. */
export async function sellerLogout(): Promise<void> {
  try {
    await sellerCall('/seller/logout', { method: 'POST' });
  } catch {
    /* the token is forgotten either way */
  }
  clearSellerSession();
}

export async function fetchSellerOrders(
  q: { status?: string | null; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<OrdersAnswer> {
  const res = await sellerCall<OrdersAnswer>('/seller/orders', {
    query: { order_status: q.status ?? undefined, page: q.page, per_page: q.perPage },
    signal,
  });
  return res.data;
}

export async function fetchSellerOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return (await sellerCall<{ order: OrderDetail }>(`/seller/orders/${id}`, { signal })).data.order;
}

export async function setSellerOrderStatus(id: number, status: OrderStatusName): Promise<OrderDetail> {
  const res = await sellerCall<{ order: OrderDetail }>(`/seller/orders/${id}/status`, {
    method: 'POST',
    body: { order_status: status },
  });
  return res.data.order;
}

/** Records the bank transfer of the order as received (decision 023): the order becomes Paid. */
export async function markSellerOrderPaid(id: number): Promise<OrderDetail> {
  const res = await sellerCall<{ order: OrderDetail }>(`/seller/orders/${id}/payment`, {
    method: 'POST',
    body: { payment_status: 'Paid' },
  });
  return res.data.order;
}

// --- Chat (API.md "Seller side"): the shop's conversations with customers ------------------------------

/** SPEC §9: 20 messages and 20 conversations a page. */
export const SELLER_CHAT_PER_PAGE = CHAT_PAGE_SIZE;

export async function fetchSellerConversations(
  q: { search: string; page: number; perPage?: number },
  locale: string,
  signal?: AbortSignal,
): Promise<{ total: number; data: UserConversation[] }> {
  const res = await sellerCall<{ total: number; data: UserConversation[] }>('/seller/conversations', {
    query: { search: q.search || undefined, page: q.page, per_page: q.perPage ?? SELLER_CHAT_PER_PAGE },
    locale,
    signal,
  });
  return res.data;
}

/** One page of the conversation with a customer, newest first; reading it marks the customer's messages read. */
export async function fetchSellerMessages(
  userId: number,
  page: number,
  locale: string,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
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

// --- Dashboard (BACKOFFICE.md "Seller centre") ------------------------------------------------------------

export async function fetchSellerDashboard(signal?: AbortSignal): Promise<SellerDashboard> {
  return (await sellerCall<SellerDashboard>('/seller/dashboard', { signal })).data;
}
