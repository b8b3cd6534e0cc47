/**
 * The chat feature's public surface (decision 016): what the chrome, the cart, the account layout and
 * the seller area use. Kept light (it is in every page's shell): the sidebar and pusher-js are chunks
 * of their own, loaded when needed.
 */
import { ONLINE_WINDOW_MS } from '@souq/contracts/constants';

export { useChatBootstrap, MESSAGES_PATH } from './live';
export { openChat, type OpenChat } from './open';
export { ChatSidebarHost } from './sidebar-host';
export { useChat } from './store';
export { ChatBubbleIcon } from './icons';
export { InboxScreen, type InboxEvent, type InboxScreenProps, type InboxTexts } from './inbox-screen';
export type { ConversationSource } from './conversation';

/** Online while the last seen is under 10 minutes old (API.md "Chat"). */
export const isRecentlySeen = (lastOnline: string | null | undefined, now = Date.now()) =>
  Boolean(lastOnline) && now - Date.parse(lastOnline!) < ONLINE_WINDOW_MS;
export { subscribe as subscribeRealtime, messageOf } from './realtime';
export type { ChatMessage, ChatProduct, ChatShopRef, ShopConversation, UserConversation } from './types';
