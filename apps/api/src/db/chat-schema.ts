import type { Generated } from 'kysely';

/** Tables of migration 009 (chat, decision 019). */

export interface ChatConversationsTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number;
  /** The newest message; null before the first one. */
  last_message_id: number | null;
  /** The newest message's time, or the opening's. */
  last_activity_at: string;
  /** Messages of the shop the customer has not read. */
  user_unread: Generated<number>;
  /** Messages of the customer the shop has not read. */
  shop_unread: Generated<number>;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender: 'user' | 'shop';
  /** Plain text; '' for a product card alone. */
  body: string;
  product_id: number | null;
  shop_user_id: number | null;
  created_at: string;
}

export interface ChatTables {
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
}
