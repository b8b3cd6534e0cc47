import { loadOlderChat, neverAgain } from '~/features/chat/chat-data';

/** /resources/chat-older?shop_id=&page=: an older page of the customer's conversation with a shop (sidebar and /massages). */
export const clientLoader = loadOlderChat;
export const shouldRevalidate = neverAgain;
