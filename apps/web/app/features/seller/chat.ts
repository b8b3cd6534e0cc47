import { CHAT_EVENT_TO_SHOP, LAST_SEEN_INTERVAL_MS, shopChatChannel } from '@souq/contracts/constants';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { messageOf, subscribeRealtime, type ChatMessage, type InboxEvent } from '~/features/chat';
import { useSite } from '~/shared/site';
import { createStore, useStore } from '~/shared/store';
import { sellerLastSeen } from './api';
import { useSeller } from './store';

/** The seller's inbox (its open customer is `?user=`), its older pages, and the shop's unread count's keyed fetcher. */
export const SELLER_MESSAGES_PATH = '/seller/messages';
export const CUSTOMER_PARAM = 'user';
export const SELLER_CHAT_OLDER = '/resources/seller-chat-older';
export const SELLER_CHAT_UNREAD = { key: 'seller-chat-unread', path: '/resources/seller-chat-unread' };

/** The shop's unread count (the Messages link's badge in the seller area), written by its loader (chat-data.ts). */
const unreadStore = createStore<{ unread: number }>({ unread: 0 });
export const useSellerUnread = () => useStore(unreadStore, (s) => s.unread, { unread: 0 });
export const setSellerUnread = (unread: number) => unreadStore.set({ unread: Math.max(0, unread) });

const listeners = new Set<(e: InboxEvent) => void>();
/** The inbox hears each customer message and each reconnection here. */
export function onSellerChatEvent(listener: (e: InboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * In the seller area while signed in: the unread count (the keyed fetcher of /resources/seller-chat-unread,
 * loaded when the session changes, on each customer message and after a reconnection), last seen (a
 * beacon: the shop shows Online while its seller's area is open), and the shop's realtime channel
 * private-chat_shop_{shopId} (event send-message-to-shop), authorised with the seller's token.
 */
export function useSellerChatBootstrap() {
  const token = useSeller((s) => s.token);
  const shopId = useSeller((s) => s.shop?.id ?? null);
  const { locale, master } = useSite();
  const { load } = useFetcher({ key: SELLER_CHAT_UNREAD.key });

  useEffect(() => {
    if (token && shopId !== null) void load(SELLER_CHAT_UNREAD.path);
    else setSellerUnread(0);
  }, [token, shopId, load]);

  useEffect(() => {
    if (!token) return;
    // eslint-disable-next-line souq/no-api-in-effect -- beacon: last seen at once, nothing on the page reads its answer
    void sellerLastSeen(locale);
    // eslint-disable-next-line souq/no-api-in-effect -- beacon: and every 10 minutes while the seller area is open
    const timer = setInterval(() => void sellerLastSeen(locale), LAST_SEEN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [token, locale]);

  useEffect(() => {
    if (!token || shopId === null) return;
    const tell = (e: InboxEvent) => {
      void load(SELLER_CHAT_UNREAD.path);
      listeners.forEach((l) => l(e));
    };
    return subscribeRealtime({
      token,
      locale,
      master,
      channel: shopChatChannel(shopId),
      event: CHAT_EVENT_TO_SHOP,
      onEvent: (payload) => tell({ kind: 'message', message: messageOf<ChatMessage>(payload) }),
      onReconnect: () => tell({ kind: 'reconnect' }),
    });
  }, [token, shopId, locale, master, load]);
}
