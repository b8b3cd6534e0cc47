import { CHAT_EVENT_TO_SHOP, LAST_SEEN_INTERVAL_MS, shopChatChannel } from '@souq/contracts/constants';
import { useEffect } from 'react';
import { messageOf, subscribeRealtime, type ChatMessage } from '~/features/chat';
import { useSite } from '~/shared/site';
import { createStore, useStore } from '~/shared/store';
import { fetchSellerUnread, sellerLastSeen } from './api';
import { sellerStore, useSeller } from './store';

/** The shop's unread count (the Messages link's badge in the seller area). */
const unreadStore = createStore<{ unread: number }>({ unread: 0 });
export const useSellerUnread = () => useStore(unreadStore, (s) => s.unread, { unread: 0 });

export async function reloadSellerUnread(locale: string): Promise<void> {
  if (!sellerStore.get().token) return;
  try {
    unreadStore.set({ unread: await fetchSellerUnread(locale) });
  } catch (error) {
    console.warn('seller unread count failed', error);
  }
}

export type SellerChatEvent = { kind: 'message'; message: ChatMessage | null } | { kind: 'reconnect' };
const listeners = new Set<(e: SellerChatEvent) => void>();
/** The inbox hears each customer message and each reconnection here. */
export function onSellerChatEvent(listener: (e: SellerChatEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * In the seller area while signed in: the unread count, and the shop's realtime channel
 * private-chat_shop_{shopId} (event send-message-to-shop), authorised with the seller's token.
 */
export function useSellerChatBootstrap() {
  const token = useSeller((s) => s.token);
  const shopId = useSeller((s) => s.shop?.id ?? null);
  const { locale, master } = useSite();
  useEffect(() => {
    if (!token || shopId === null) {
      unreadStore.set({ unread: 0 });
      return;
    }
    void reloadSellerUnread(locale);
    // The shop is online while its seller's area is open: last seen at once and every 10 minutes.
    void sellerLastSeen(locale);
    const timer = setInterval(() => void sellerLastSeen(locale), LAST_SEEN_INTERVAL_MS);
    const unsubscribe = subscribeRealtime({
      token,
      locale,
      master,
      channel: shopChatChannel(shopId),
      event: CHAT_EVENT_TO_SHOP,
      onEvent(payload) {
        const message = messageOf<ChatMessage>(payload);
        void reloadSellerUnread(locale);
        listeners.forEach((l) => l({ kind: 'message', message }));
      },
      onReconnect() {
        void reloadSellerUnread(locale);
        listeners.forEach((l) => l({ kind: 'reconnect' }));
      },
    });
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [token, shopId, locale, master]);
}
