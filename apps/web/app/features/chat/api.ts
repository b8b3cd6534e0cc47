import type { Envelope } from '@souq/contracts';
import { CHAT_PAGE_SIZE } from '@souq/contracts/constants';
import { api } from '~/shared/api';
import { sessionToken } from '~/shared/auth-store';
import type { ChatMessage, ShopConversation } from './types';

/**
 * The customer's chat calls (API.md "Chat"), one function each, with the customer's Bearer token.
 * A 401 clears the session through the API client's listeners.
 */
// The session's token: the saved one while the page hydrates (loaders run before the store has read it).
const token = () => sessionToken();

/** SPEC §9: 20 messages a page, 20 shops a page. */
export const MESSAGES_PER_PAGE = CHAT_PAGE_SIZE;
export const SHOPS_PER_PAGE = CHAT_PAGE_SIZE;

export const fetchShops = (locale: string, q: { search: string; page: number; perPage?: number }, signal?: AbortSignal) =>
  api<Envelope<{ total: number; data: ShopConversation[] }>>('/get-shops', {
    locale,
    token: token(),
    query: { search: q.search || undefined, page: q.page, per_page: q.perPage ?? SHOPS_PER_PAGE },
    signal,
  }).then((r) => r.data);

/** One page of a conversation, newest first; reading it marks the shop's messages read. */
export const fetchMessages = (locale: string, shopId: number, page: number, signal?: AbortSignal) =>
  api<Envelope<{ data: ChatMessage[] }>>('/get-message', {
    locale,
    token: token(),
    query: { shop_id: shopId, page, per_page: MESSAGES_PER_PAGE },
    signal,
  }).then((r) => r.data.data);

export const sendMessage = (locale: string, body: { shop_id: number; message: string; product_id?: number }) =>
  api<Envelope<ChatMessage>>('/send-message', {
    method: 'POST',
    locale,
    token: token(),
    body: { ...body, type: 'user' },
  }).then((r) => r.data);

/** Opens (or reuses) the conversation with a shop: the cart's chat button (SPEC §7). */
export const storeMessage = (locale: string, body: { shop_id: number; user_id: number; product_id?: number }) =>
  api<{ message?: string }>('/store-message', { method: 'POST', locale, token: token(), body: { ...body, type: 'user' } });

export const fetchUnread = (locale: string, userId: number) =>
  api<Envelope<{ unread_messages: number }>>('/unread-messages', { locale, token: token(), query: { user_id: userId } }).then(
    (r) => r.data.unread_messages,
  );
