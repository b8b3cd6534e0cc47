/**
 * The chat's shapes (API.md "Chat" and "Seller side"). To be replaced by the zod contracts of
 * packages/contracts once the chat API lands there.
 */
export interface ChatShopRef {
  id: number;
  name: string;
  logo: string | null;
}
export interface ChatProduct {
  id: number;
  name: string;
  thumbnail: string | null;
  price: number;
  discount_price: number;
  rating: number;
  total_reviews: number;
}
export interface ChatMessage {
  id: number;
  message: string;
  type: 'user' | 'shop';
  created_at: string;
  user: { id: number; name: string; profile_photo: string | null };
  shop: ChatShopRef;
  product: ChatProduct | null;
  shop_active_status: boolean;
}
export interface ShopConversation {
  id: number;
  shop: ChatShopRef;
  last_message: string | null;
  last_message_time: string | null;
  unread_message_shop: number;
}
export interface UserConversation {
  id: number;
  user: { id: number; name: string; profile_photo: string | null };
  last_message: string | null;
  last_message_time: string | null;
  unread_message_user: number;
  user_active_status: boolean;
}
