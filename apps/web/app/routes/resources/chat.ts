import { chatShouldRevalidate, loadChat, sendChat } from '~/features/chat/chat-data';

/**
 * /resources/chat?shop_id=: page 1 of the customer's conversation with a shop (loader) and sending to it
 * (action), for the chat sidebar's fetchers (decision 036). Page 1 is read again after a send from here.
 */
export const clientLoader = loadChat;
export const clientAction = sendChat;
export const shouldRevalidate = chatShouldRevalidate;
