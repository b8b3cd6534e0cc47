import { sql, type SelectQueryBuilder } from 'kysely';
import type { ChatConversationsTable } from '../../db/chat-schema';
import type { Database } from '../../db/schema';
import type { DbOrTrx } from '../../db';

/** SQL of the chat (migration 009): conversations, messages, unread counts and last seen. */

export const findActiveShop = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('shops')
    .select(['id', 'name', 'name_ar', 'logo', 'last_online_at'])
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();

/** An active product of an active shop, with its shop. */
export const findChatProduct = (db: DbOrTrx, id: number) =>
  db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select(['p.id', 'p.shop_id'])
    .where('p.id', '=', id)
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1)
    .executeTakeFirst();

const conversationColumns = [
  'c.id',
  'c.user_id',
  'c.shop_id',
  'c.last_message_id',
  'c.last_activity_at',
  'c.user_unread',
  'c.shop_unread',
  'u.name as user_name',
  'u.profile_photo as user_photo',
  'u.last_online_at as user_last_online',
  's.name as shop_name',
  's.name_ar as shop_name_ar',
  's.logo as shop_logo',
  's.last_online_at as shop_last_online',
] as const;

/** One conversation with both ends (the shop active), by its customer and shop. */
export const findConversation = (db: DbOrTrx, userId: number, shopId: number) =>
  db
    .selectFrom('chat_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('shops as s', 's.id', 'c.shop_id')
    .select(conversationColumns)
    .where('c.user_id', '=', userId)
    .where('c.shop_id', '=', shopId)
    .where('s.is_active', '=', 1)
    .executeTakeFirst();
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

/** Opens the customer's conversation with a shop, or leaves the existing one as it is. */
export const openConversation = (db: DbOrTrx, userId: number, shopId: number, now: string) =>
  db
    .insertInto('chat_conversations')
    .values({ user_id: userId, shop_id: shopId, last_message_id: null, last_activity_at: now, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'shop_id']).doNothing())
    .execute();

/**
 * PostgreSQL: holds the conversation's row until the transaction ends. A message is stored and counted
 * under the same lock, so a read that clears the count sees exactly the messages it counted (SQLite
 * runs one write transaction at a time already).
 */
export const lockConversation = (db: DbOrTrx, id: number) =>
  db.selectFrom('chat_conversations').select('id').where('id', '=', id).forUpdate().execute();

/** Messages with the product each one shows (the same columns for a page and for one message). */
const messagesWithProduct = (db: DbOrTrx) =>
  db
    .selectFrom('chat_messages as m')
    .leftJoin('products as p', 'p.id', 'm.product_id')
    .select([
      'm.id',
      'm.sender',
      'm.body',
      'm.product_id',
      'm.created_at',
      'p.name as product_name',
      'p.name_ar as product_name_ar',
      'p.thumbnail as product_thumbnail',
      'p.price as product_price',
      'p.list_price as product_list_price',
      'p.rating as product_rating',
      'p.total_reviews as product_total_reviews',
    ]);

/**
 * A page of a conversation's messages, newest first, with the product each one shows; `upTo`: only
 * messages up to this id (the newest one a read has counted).
 */
export const messagesPage = (db: DbOrTrx, conversationId: number, page: number, perPage: number, upTo?: number | null) =>
  messagesWithProduct(db)
    .where('m.conversation_id', '=', conversationId)
    .$if(upTo !== undefined, (q) => q.where('m.id', '<=', upTo ?? 0))
    .orderBy('m.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
export type MessageRow = Awaited<ReturnType<typeof messagesPage>>[number];

/** The conversation's newest message: who sent it, its text and its product. */
export const newestMessage = (db: DbOrTrx, conversationId: number) =>
  db
    .selectFrom('chat_messages')
    .select(['id', 'sender', 'body', 'product_id'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findMessage = (db: DbOrTrx, id: number) => messagesWithProduct(db).where('m.id', '=', id).executeTakeFirstOrThrow();

export const insertMessage = (
  db: DbOrTrx,
  m: {
    conversationId: number;
    sender: 'user' | 'shop';
    body: string;
    productId: number | null;
    shopUserId: number | null;
    now: string;
  },
) =>
  db
    .insertInto('chat_messages')
    .values({
      conversation_id: m.conversationId,
      sender: m.sender,
      body: m.body,
      product_id: m.productId,
      shop_user_id: m.shopUserId,
      created_at: m.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/**
 * After a message is stored: it becomes the newest (unless a later one already is), and the other
 * side's unread count goes up by one — one statement, under the row's lock.
 */
export const countMessage = (db: DbOrTrx, conversationId: number, messageId: number, sender: 'user' | 'shop', now: string) =>
  db
    .updateTable('chat_conversations')
    .set((eb) => ({
      last_message_id: sql<number>`case when last_message_id is null or last_message_id < ${messageId} then ${messageId} else last_message_id end`,
      last_activity_at: sql<string>`case when last_activity_at < ${now} then ${now} else last_activity_at end`,
      ...(sender === 'user' ? { shop_unread: eb('shop_unread', '+', 1) } : { user_unread: eb('user_unread', '+', 1) }),
    }))
    .where('id', '=', conversationId)
    .execute();

/** The reader's side has read everything (the caller holds the row's lock). */
export const clearUnread = (db: DbOrTrx, conversationId: number, side: 'user' | 'shop') =>
  db
    .updateTable('chat_conversations')
    .set(side === 'user' ? { user_unread: 0 } : { shop_unread: 0 })
    .where('id', '=', conversationId)
    .where(side === 'user' ? 'user_unread' : 'shop_unread', '>', 0)
    .execute();

const lastMessageColumns = [
  'lm.body as last_body',
  'lm.created_at as last_at',
  'lp.name as last_product_name',
  'lp.name_ar as last_product_name_ar',
] as const;

type ListQuery = SelectQueryBuilder<Database & { c: ChatConversationsTable }, 'c', object>;

/**
 * A conversation list's order and page: newest activity first, the id breaking ties so that pages
 * neither repeat nor skip a conversation.
 */
const newestPage =
  (page: number, perPage: number) =>
  <Q extends ListQuery>(q: Q): Q =>
    // The same builder comes back with its rows' type; Kysely types the calls by the constraint only.
    q
      .orderBy('c.last_activity_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage) as Q;

/** A list page with the number of all the conversations it pages through (`q`, filtered), read side by side. */
async function withTotal<R>(q: ListQuery, rows: Promise<R[]>) {
  const [count, page] = await Promise.all([q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(), rows]);
  return { total: Number(count.n), rows: page };
}

/** The customer's conversations with active shops, newest activity first; `terms` match the shop's names. */
export async function customerConversations(db: DbOrTrx, userId: number, terms: string[], page: number, perPage: number) {
  let q = db
    .selectFrom('chat_conversations as c')
    .innerJoin('shops as s', 's.id', 'c.shop_id')
    .where('c.user_id', '=', userId)
    .where('s.is_active', '=', 1);
  for (const t of terms) q = q.where('s.search_text', 'like', `%${t}%`);
  return withTotal(
    q,
    q
      .leftJoin('chat_messages as lm', 'lm.id', 'c.last_message_id')
      .leftJoin('products as lp', 'lp.id', 'lm.product_id')
      .select([
        'c.id',
        'c.user_unread',
        's.id as shop_id',
        's.name as shop_name',
        's.name_ar as shop_name_ar',
        's.logo as shop_logo',
        's.last_online_at as shop_last_online',
        ...lastMessageColumns,
      ])
      .$call(newestPage(page, perPage))
      .execute(),
  );
}

/** A shop's conversations that have at least one message, newest activity first; `search` matches the customer's name or phone. */
export async function shopConversations(db: DbOrTrx, shopId: number, search: string | null, page: number, perPage: number) {
  let q = db
    .selectFrom('chat_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .where('c.shop_id', '=', shopId)
    .where('c.last_message_id', 'is not', null);
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(u.name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`coalesce(u.phone, '')`, 'like', sql`${like} escape '\\'`),
      ]),
    );
  }
  return withTotal(
    q,
    q
      .leftJoin('chat_messages as lm', 'lm.id', 'c.last_message_id')
      .leftJoin('products as lp', 'lp.id', 'lm.product_id')
      .select([
        'c.id',
        'c.shop_unread',
        'u.id as user_id',
        'u.name as user_name',
        'u.profile_photo as user_photo',
        'u.last_online_at as user_last_online',
        ...lastMessageColumns,
      ])
      .$call(newestPage(page, perPage))
      .execute(),
  );
}

/** Messages of shops the customer has not read (active shops: those the list shows). */
export async function customerUnread(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_conversations as c')
    .innerJoin('shops as s', 's.id', 'c.shop_id')
    .select((eb) => eb.fn.sum<number | string | null>('c.user_unread').as('n'))
    .where('c.user_id', '=', userId)
    .where('s.is_active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Messages of customers the shop has not read. */
export async function shopUnread(db: DbOrTrx, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_conversations')
    .select((eb) => eb.fn.sum<number | string | null>('shop_unread').as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The shop (and the seller at work) was seen now. */
export async function touchShopSeen(db: DbOrTrx, shopId: number, sellerId: number, now: string) {
  await db.updateTable('shops').set({ last_online_at: now }).where('id', '=', shopId).execute();
  await db.updateTable('shop_users').set({ last_online_at: now }).where('id', '=', sellerId).execute();
}
