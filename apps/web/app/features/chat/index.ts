/**
 * The chat feature's public surface (decision 016): what the chrome, the cart, the account layout and
 * the seller area use. Kept light (it is in every page's shell): the sidebar, the screens and pusher-js
 * are chunks of their own, loaded when needed (the seller's inbox route takes its screen from
 * inbox-screen.tsx itself, as a route may).
 */
import { ONLINE_WINDOW_MS } from '@souq/contracts/constants';

export { useChatBootstrap } from './live';
export { openChat, type OpenChat } from './open';
export { ChatSidebarHost } from './sidebar-host';
export { useChat } from './store';
export { ChatBubbleIcon } from './icons';
export type { InboxEvent } from './inbox-screen';
/** For the seller's inbox loaders and action (features/seller/chat-data.ts). */
export { readPage, readSend, type PageAnswer, type SendAnswer } from './pages';
export { loadInbox, type InboxData } from './inbox-data';

/** Online while the last seen is under 10 minutes old (API.md "Chat"). */
export const isRecentlySeen = (lastOnline: string | null | undefined, now = Date.now()) =>
  Boolean(lastOnline) && now - Date.parse(lastOnline!) < ONLINE_WINDOW_MS;
export { subscribe as subscribeRealtime, messageOf } from './realtime';
export type { ChatMessage, ChatProduct, ChatShopRef, ShopConversation, UserConversation } from './types';
