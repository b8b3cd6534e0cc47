import { sql } from 'kysely';
import type { DialectMigration } from './helpers';
import { withId } from './helpers';

const ts = 'varchar(30)'; // ISO-8601 UTC text

/**
 * Chat (issue 17, decision 019): one conversation per customer and shop, its messages, and each side's
 * unread count. The counts are kept in the conversation row, raised in the transaction that stores a
 * message and cleared in the one that shows them (both hold the row's lock), so that they stay exact
 * when messages and reads cross. The last seen of customers and shops is `users.last_online_at` and
 * `shops.last_online_at` (002). Types in ../chat-schema.ts. Frozen once released.
 */
export const m009Chat: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('chat_conversations'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
      // The newest message (null before the first one); no foreign key, the messages reference this row.
      .addColumn('last_message_id', 'integer')
      // The newest message's time, or the opening's: lists are ordered by it.
      .addColumn('last_activity_at', ts, (c) => c.notNull())
      // Messages of the shop the customer has not read, and of the customer the shop has not read.
      .addColumn('user_unread', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('shop_unread', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('chat_conversations_user_shop_unique', ['user_id', 'shop_id'])
      .addCheckConstraint('chat_conversations_unread_not_negative', sql`user_unread >= 0 and shop_unread >= 0`)
      .execute();
    await db.schema
      .createIndex('chat_conversations_user_activity')
      .on('chat_conversations')
      .columns(['user_id', 'last_activity_at', 'id'])
      .execute();
    await db.schema
      .createIndex('chat_conversations_shop_activity')
      .on('chat_conversations')
      .columns(['shop_id', 'last_activity_at', 'id'])
      .execute();

    await withId(db.schema.createTable('chat_messages'), dialect)
      .addColumn('conversation_id', 'integer', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
      .addColumn('sender', 'varchar(4)', (c) => c.notNull())
      // Plain text, trimmed; '' for a product card alone.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
      // Which of the shop's users wrote a shop message.
      .addColumn('shop_user_id', 'integer', (c) => c.references('shop_users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addCheckConstraint('chat_messages_sender', sql`sender in ('user', 'shop')`)
      .addCheckConstraint('chat_messages_body_length', sql`length(body) <= 2000`)
      .execute();
    await db.schema.createIndex('chat_messages_conversation').on('chat_messages').columns(['conversation_id', 'id']).execute();
    await db.schema.createIndex('chat_messages_product_id').on('chat_messages').column('product_id').execute();
  },
};
