import { onLogout } from '~/shared/auth-store';
import { createStore, useStore } from '~/shared/store';
import type { ChatProduct, ChatShopRef } from './types';

/**
 * SPEC §3 "Chat state": the unread count of the account sidebar's Message link (written by the
 * /resources/chat-unread loader) and the chat sidebar (which shop it talks to, and the product it was
 * opened from). The Messages screen's open shop is in its address (`/massages?shop=`). A logout clears
 * it all (SPEC §4).
 */
export interface ChatSidebarTarget {
  shop: ChatShopRef;
  /** Online/Offline as the opener knows it, until a message says otherwise. */
  online?: boolean;
  /** Opened from a product page: the product goes with the next message as a card. */
  product?: ChatProduct | null;
}
export interface ChatState {
  unreadMessages: number;
  sidebar: ChatSidebarTarget | null;
  /** Bumped to open the sidebar again on the same target. */
  opened: number;
}

const initial: ChatState = { unreadMessages: 0, sidebar: null, opened: 0 };
export const chatStore = createStore<ChatState>(initial);
export const useChat = <S>(selector: (s: ChatState) => S): S => useStore(chatStore, selector, initial);

export const resetChat = () => chatStore.set(initial);
onLogout(resetChat);

export function openChatSidebar(target: ChatSidebarTarget) {
  chatStore.set((s) => ({ sidebar: target, opened: s.opened + 1 }));
}
export const closeChatSidebar = () => chatStore.set({ sidebar: null });
export const setUnread = (count: number) => chatStore.set({ unreadMessages: Math.max(0, count) });
