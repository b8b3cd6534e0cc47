/** The chat's shapes, from the shared contracts (API.md "Chat" and "Seller side"). */
import type { ChatConversation, ChatMessage, SellerConversation } from '@souq/contracts';

export type { ChatMessage };
export type ChatShopRef = ChatMessage['shop'];
export type ChatProduct = NonNullable<ChatMessage['product']>;
/** A conversation in the customer's shop list (/get-shops). */
export type ShopConversation = ChatConversation;
/** A conversation in the seller's inbox (/seller/conversations). */
export type UserConversation = SellerConversation;
