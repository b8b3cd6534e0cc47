import {
  loadInbox,
  readPage,
  readSend,
  type InboxData,
  type PageAnswer,
  type SendAnswer,
  type UserConversation,
} from '~/features/chat';
import { documentLocale } from '~/shared/i18n';
import {
  fetchSellerConversations,
  fetchSellerMessages,
  fetchSellerUnread,
  SELLER_CHAT_PER_PAGE,
  sellerLastSeen,
  sendSellerMessage,
} from './api';
import { CUSTOMER_PARAM, SELLER_CHAT_OLDER, setSellerUnread } from './chat';
import { sellerStore } from './store';

/**
 * The seller inbox's loaders and action (decision 036): /seller/messages?search=&page=&user= reads the
 * customers who wrote and the open conversation's page 1; its action answers one; older pages come from
 * /resources/seller-chat-older and the shop's unread count from /resources/seller-chat-unread.
 */

export const customerConversation = (userId: number) => `user-${userId}`;
export const sellerOlderHref = (userId: number, page: number) => `${SELLER_CHAT_OLDER}?user_id=${userId}&page=${page}`;

/**
 * The seller's token once the seller layout has read the saved session: a loader may run while the page
 * hydrates, before that, and a call without the token would end the session (401).
 */
function sellerSession(): Promise<string | null> {
  return new Promise((resolve) => {
    const settled = () => {
      const s = sellerStore.get();
      if (s.ready) resolve(s.token);
      return s.ready;
    };
    if (settled()) return;
    const stop = sellerStore.subscribe(() => {
      if (settled()) stop();
    });
  });
}

const readCustomerPage = (userId: number, page: number, signal: AbortSignal): Promise<PageAnswer> =>
  readPage(customerConversation(userId), page, signal, () => fetchSellerMessages(userId, page, documentLocale(), signal));

const customerOf = (c: UserConversation) => c.user.id;

/** /seller/messages: the shop's conversations (`?search=`, `?page=` pages of them) and the open one's page 1 (`?user=`). */
export async function loadSellerInbox(request: Request): Promise<InboxData<UserConversation> | null> {
  if (!(await sellerSession())) return null;
  return loadInbox(request, {
    party: CUSTOMER_PARAM,
    perPage: SELLER_CHAT_PER_PAGE,
    keyOf: customerOf,
    markRead: (c) => ({ ...c, unread_message_user: 0 }),
    list: (q, signal) => fetchSellerConversations(q, documentLocale(), signal),
    page: (userId, signal) => readCustomerPage(userId, 1, signal),
  });
}

/** /resources/seller-chat-older?user_id=&page=: an older page of the conversation with a customer. */
export async function loadSellerOlder({ request }: { request: Request }): Promise<PageAnswer> {
  const params = new URL(request.url).searchParams;
  const userId = Number(params.get('user_id')) || 0;
  const page = Math.max(2, Number(params.get('page')) || 0);
  if (!(await sellerSession())) return { of: customerConversation(userId), page, messages: null };
  return readCustomerPage(userId, page, request.signal);
}

/** Answers a customer (the inbox's action), then last seen. A failure answers what was sent, for Try again. */
export async function sellerSend({ request }: { request: Request }): Promise<SendAnswer> {
  const sent = readSend(await request.formData());
  const locale = documentLocale();
  try {
    await sendSellerMessage({ user_id: sent.to, message: sent.text, product_id: sent.productId ?? undefined }, locale);
    void sellerLastSeen(locale);
    return { ok: true, to: sent.to };
  } catch (error) {
    console.warn('send failed', error);
    return { ok: false, ...sent };
  }
}

/** /resources/seller-chat-unread: the shop's unread count, into the store (the Messages link's badge). */
export async function loadSellerUnread({ request }: { request: Request }): Promise<null> {
  const token = await sellerSession();
  if (!token) return null;
  try {
    const count = await fetchSellerUnread(documentLocale());
    // Signed out, or a newer load on its way: not the count to show.
    if (sellerStore.get().token === token && !request.signal.aborted) setSellerUnread(count);
  } catch (error) {
    if (!request.signal.aborted) console.warn('seller unread count failed', error);
  }
  return null;
}

export const neverAgain = () => false;
