import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { updateLastSeen } from '~/features/auth';
import { afterSessionRead, authStore, sessionToken, type AuthUser } from '~/shared/auth-store';
import { documentLocale } from '~/shared/i18n';
import { fetchMessages, fetchShops, fetchUnread, sendMessage, SHOPS_PER_PAGE } from './api';
import { readPage, readSend, type PageAnswer, type SendAnswer } from './pages';
import { loadInbox, type InboxData } from './inbox-data';
import { setUnread } from './store';
import { CHAT, conversationOf, SHOP_PARAM } from './chat-paths';
import type { ChatMessage, ChatProduct, ChatShopRef, ShopConversation } from './types';

/**
 * The customer's chat loaders and actions (decision 036). The chat sidebar, a drawer over any page, reads
 * and sends through /resources/chat (page 1; its action sends); older pages come from /resources/chat-older;
 * the unread count (a store the account sidebar's badge reads) from /resources/chat-unread, loaded by one
 * keyed fetcher. The Messages page (/massages) has a loader of its own and sends with the same action.
 * They run outside React: the language is the page's, the token the session's.
 */


/** A page of the conversation with a shop (none without a session: the chat screens close then). */
async function readShopPage(shopId: number, page: number, signal: AbortSignal): Promise<PageAnswer> {
  if (!sessionToken()) return { of: conversationOf(shopId), page, messages: null };
  return readPage(conversationOf(shopId), page, signal, () => fetchMessages(documentLocale(), shopId, page, signal));
}

const numberParam = (request: Request, name: string) => Number(new URL(request.url).searchParams.get(name)) || 0;

/** /resources/chat: page 1 of the conversation with `?shop_id=` (reading it marks the shop's messages read). */
export const loadChat = ({ request }: { request: Request }) => readShopPage(numberParam(request, 'shop_id'), 1, request.signal);

/** Page 1 is read again after a message sent from the sidebar; nothing else reloads it but its fetcher. */
export const chatShouldRevalidate = ({ formAction }: ShouldRevalidateFunctionArgs) => formAction === CHAT;

/** /resources/chat-older: an older page (`?shop_id=&page=`); it never changes, so it is never read again. */
export const loadOlderChat = ({ request }: { request: Request }) =>
  readShopPage(numberParam(request, 'shop_id'), Math.max(2, numberParam(request, 'page')), request.signal);

export const neverAgain = () => false;

/**
 * Sends a message to a shop (the sidebar's and the Messages page's action), then posts last seen (SPEC §4:
 * after each message sent). A failure answers what was sent, for Try again (SPEC §8: nothing restored).
 */
export async function sendChat({ request }: { request: Request }): Promise<SendAnswer> {
  const sent = readSend(await request.formData());
  const locale = documentLocale();
  try {
    await sendMessage(locale, { shop_id: sent.to, message: sent.text, product_id: sent.productId ?? undefined });
    const token = sessionToken();
    if (token) void updateLastSeen(token, locale);
    return { ok: true, to: sent.to };
  } catch (error) {
    console.warn('send failed', error);
    return { ok: false, ...sent };
  }
}

/** Resolves once the saved session has been read (a loader may run while the page hydrates, before that). */
const sessionRead = () => new Promise<void>((resolve) => afterSessionRead(resolve));

/** /resources/chat-unread: the signed-in customer's unread count, into the store (the Message link's badge). */
export async function loadUnread({ request }: { request: Request }): Promise<null> {
  await sessionRead();
  const { token, user } = authStore.get();
  if (!token || !user) return null;
  try {
    const count = await fetchUnread(documentLocale(), user.id);
    // Signed out, or in as someone else, while it was on its way: not this session's count.
    if (authStore.get().token === token && !request.signal.aborted) setUnread(count);
  } catch (error) {
    if (!request.signal.aborted) console.warn('unread count failed', error);
  }
  return null;
}

const shopOf = (c: ShopConversation) => c.shop.id;

/** /massages?search=&page=&shop=: the customer's shops with their last message, and the open shop's page 1. */
export function loadMessages(request: Request): Promise<InboxData<ShopConversation>> {
  return loadInbox(request, {
    party: SHOP_PARAM,
    perPage: SHOPS_PER_PAGE,
    keyOf: shopOf,
    markRead: (c) => ({ ...c, unread_message_shop: 0 }),
    list: (q, signal) => fetchShops(documentLocale(), q, signal),
    page: (shopId, signal) => readShopPage(shopId, 1, signal),
  });
}

/** The Messages page loads again after its own sends and realtime events (the default), and after the sidebar's. */
export const messagesShouldRevalidate = ({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formAction === CHAT || defaultShouldRevalidate;

/** The customer's message as it shows while it is being sent. */
export function customerDraft(user: AuthUser, shop: ChatShopRef, online: boolean) {
  return (text: string, product: ChatProduct | null): Omit<ChatMessage, 'id'> => ({
    message: text,
    type: 'user',
    created_at: new Date().toISOString(),
    user: { id: user.id, name: user.name, profile_photo: user.profile_photo },
    shop,
    product,
    shop_active_status: online,
  });
}
