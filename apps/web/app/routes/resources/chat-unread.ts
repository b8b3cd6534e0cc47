import { loadUnread, neverAgain } from '~/features/chat/chat-data';

/**
 * /resources/chat-unread: the customer's unread count, stored for the Message link's badge. Loaded by the
 * chrome's keyed fetcher when the session changes and on realtime events, and by the chat screens after
 * they have read a page 1; nothing else reloads it.
 */
export const clientLoader = loadUnread;
export const shouldRevalidate = neverAgain;
