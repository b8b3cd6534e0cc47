import { loadSellerOlder, neverAgain } from '~/features/seller/chat-data';

/** /resources/seller-chat-older?user_id=&page=: an older page of the seller's conversation with a customer. */
export const clientLoader = loadSellerOlder;
export const shouldRevalidate = neverAgain;
