/**
 * Where the customer's chat loads and sends (decision 036; the loaders and actions are in chat-data.ts).
 * Kept apart so that the chrome's bootstrap, in every page's shell, takes these names and nothing more.
 */
export const CHAT = '/resources/chat';
export const CHAT_OLDER = '/resources/chat-older';
/** The unread count's keyed fetcher and where it loads from. */
export const CHAT_UNREAD = { key: 'chat-unread', path: '/resources/chat-unread' };
export const MESSAGES_PATH = '/massages';
/** The Messages page's address names the open conversation's shop so. */
export const SHOP_PARAM = 'shop';

export const conversationOf = (shopId: number) => `shop-${shopId}`;
export const chatHref = (shopId: number) => `${CHAT}?shop_id=${shopId}`;
export const olderHref = (shopId: number, page: number) => `${CHAT_OLDER}?shop_id=${shopId}&page=${page}`;
