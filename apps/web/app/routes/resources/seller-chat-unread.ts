import { loadSellerUnread, neverAgain } from '~/features/seller/chat-data';

/**
 * /resources/seller-chat-unread: the shop's unread count, stored for the seller area's Messages badge.
 * Loaded by the seller layout's keyed fetcher (session, realtime events) and by the inbox after it has
 * read a page 1; nothing else reloads it.
 */
export const clientLoader = loadSellerUnread;
export const shouldRevalidate = neverAgain;
