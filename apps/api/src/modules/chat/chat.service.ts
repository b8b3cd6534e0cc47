import {
  CHAT_EVENT_TO_SHOP,
  CHAT_EVENT_TO_USER,
  type ChatConversation,
  type ChatMessage,
  formatTimeAgo,
  type Locale,
  ONLINE_WINDOW_MS,
  type SellerConversation,
  shopChatChannel,
  userChatChannel,
} from '@souq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect, DbOrTrx } from '../../db';
import { HttpError, notFound, validationError } from '../../http/route';
import type { Broadcaster } from '../../realtime';
import { searchTerms } from '../../shared/search-text';
import { localized } from '../../shared/localized';
import { pricing, runningFlashPrices } from '../catalog';
import {
  clearUnread,
  type ConversationRow,
  countMessage,
  customerConversations,
  customerUnread,
  findActiveShop,
  findChatProduct,
  findConversation,
  findMessage,
  insertMessage,
  lockConversation,
  type MessageRow,
  messagesPage,
  newestMessage,
  openConversation,
  shopConversations,
  shopUnread,
  touchShopSeen,
} from './chat.repository';

export interface ChatDeps {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  broadcaster: Broadcaster;
  log: FastifyBaseLogger;
}

interface Page {
  page: number;
  per_page: number;
}

/** A customer or shop is online while its last seen is under 10 minutes old (API.md "Chat"). */
export const isOnline = (lastSeen: string | null, now: Date) =>
  !!lastSeen && now.getTime() - Date.parse(lastSeen) < ONLINE_WINDOW_MS;

export const CONVERSATION_NOT_FOUND = 'Conversation not found.';

/**
 * Conversations between customers and shops (issue 17, decision 019). Every call is scoped to the
 * caller's own side: a customer's user id, a seller's shop id. A message is stored (and counted)
 * first and published after its transaction commits, so a client that reloads after an event, or
 * after reconnecting, always finds it.
 */
export function createChatService({ db, dialect, now, broadcaster, log }: ChatDeps) {
  const iso = () => now().toISOString();

  /** The message as both sides see it; `flash` holds the running flash prices of its product. */
  function toMessage(c: ConversationRow, m: MessageRow, locale: Locale, at: Date, flash: Map<number, number>): ChatMessage {
    const product =
      m.product_id !== null && m.product_name !== null
        ? (() => {
            const p = pricing(m.product_price!, m.product_list_price!, flash.get(m.product_id));
            return {
              id: m.product_id,
              name: localized(m.product_name, m.product_name_ar, locale),
              thumbnail: m.product_thumbnail,
              price: p.price,
              discount_price: p.discount_price,
              rating: Number(m.product_rating),
              total_reviews: Number(m.product_total_reviews),
            };
          })()
        : null;
    return {
      id: m.id,
      message: m.body,
      type: m.sender,
      created_at: m.created_at,
      user: { id: c.user_id, name: c.user_name, profile_photo: c.user_photo },
      shop: { id: c.shop_id, name: localized(c.shop_name, c.shop_name_ar, locale), logo: c.shop_logo },
      product,
      shop_active_status: isOnline(c.shop_last_online, at),
    };
  }

  async function toMessages(c: ConversationRow, rows: MessageRow[], locale: Locale): Promise<ChatMessage[]> {
    const at = now();
    const ids = [...new Set(rows.flatMap((r) => (r.product_id !== null ? [r.product_id] : [])))];
    const flash = await runningFlashPrices(db, ids, at.toISOString());
    return rows.map((r) => toMessage(c, r, locale, at, flash));
  }

  /**
   * A page of a conversation, newest first. Page 1 marks the other side's messages read, exactly: with
   * unread messages, the count is cleared under the conversation's lock in the transaction that reads
   * the page, so a message stored at the same moment is either on this page or counted afterwards.
   * With none unread when the conversation was read, the page stops at the newest message of that
   * moment (messages are stored in id order under the same lock), so nothing shown stays counted.
   */
  async function readPage(c: ConversationRow, reader: 'user' | 'shop', q: Page, locale: Locale) {
    const unread = reader === 'user' ? c.user_unread : c.shop_unread;
    let rows: MessageRow[];
    if (q.page === 1 && unread > 0) {
      rows = await db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') await lockConversation(trx, c.id);
        const page = await messagesPage(trx, c.id, q.page, q.per_page);
        await clearUnread(trx, c.id, reader);
        return page;
      });
    } else {
      rows = await messagesPage(db, c.id, q.page, q.per_page, q.page === 1 ? c.last_message_id : undefined);
    }
    return toMessages(c, rows, locale);
  }

  /**
   * Stores a message and counts it for the other side, in one transaction under the conversation's lock.
   * `unlessRepeat`: store nothing (answer null) when the conversation's newest message is this same one
   * from the same side (a product card asked for twice in a row).
   */
  async function store(
    conversationId: number,
    sender: 'user' | 'shop',
    body: string,
    productId: number | null,
    shopUserId: number | null,
    unlessRepeat = false,
  ): Promise<number | null> {
    const at = iso();
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await lockConversation(trx, conversationId);
      if (unlessRepeat) {
        const last = await newestMessage(trx, conversationId);
        if (last && last.sender === sender && last.body === body && last.product_id === productId) return null;
      }
      const { id } = await insertMessage(trx, { conversationId, sender, body, productId, shopUserId, now: at });
      await countMessage(trx, conversationId, id, sender, at);
      return id;
    });
  }

  /** Publishes after the commit; a realtime failure never undoes a stored message (clients reload). */
  async function publish(channel: string, event: string, message: ChatMessage) {
    try {
      await broadcaster.publish([channel], event, { message });
    } catch (error) {
      log.warn({ err: error, channel, event }, 'realtime publish failed');
    }
  }

  /** The product id of a message, checked: an active product of this shop (else 422 on product_id). */
  async function checkProduct(q: DbOrTrx, productId: number | null, shopId: number) {
    if (productId === null) return;
    const product = await findChatProduct(q, productId);
    if (!product || product.shop_id !== shopId) throw validationError({ product_id: ['The selected product id is invalid.'] });
  }

  async function activeShopOr422(shopId: number) {
    const shop = await findActiveShop(db, shopId);
    if (!shop) throw validationError({ shop_id: ['The selected shop id is invalid.'] });
    return shop;
  }

  function lastMessageText(
    r: { last_body: string | null; last_product_name: string | null; last_product_name_ar: string | null },
    locale: Locale,
  ) {
    if (r.last_body === null) return null;
    if (r.last_body === '' && r.last_product_name !== null) return localized(r.last_product_name, r.last_product_name_ar, locale);
    return r.last_body;
  }

  // --- The customer's side -----------------------------------------------------------------------------

  /** The newest message's time: how long ago for display (decision 024, issue 42), and the instant. */
  const lastTime = (lastAt: string | null, locale: Locale, at: Date) => ({
    last_message_time: lastAt === null ? null : formatTimeAgo(lastAt, locale, at),
    last_message_time_iso: lastAt,
  });

  async function customerList(userId: number, q: Page & { search?: string }, locale: Locale) {
    const at = now();
    const { total, rows } = await customerConversations(db, userId, searchTerms(q.search ?? ''), q.page, q.per_page);
    const data: ChatConversation[] = rows.map((r) => ({
      id: r.id,
      shop: { id: r.shop_id, name: localized(r.shop_name, r.shop_name_ar, locale), logo: r.shop_logo },
      last_message: lastMessageText(r, locale),
      ...lastTime(r.last_at, locale, at),
      unread_message_shop: r.user_unread,
      shop_active_status: isOnline(r.shop_last_online, at),
    }));
    return { total, data };
  }

  /**
   * The customer's conversation with a shop; none yet is an empty page (the chat opens empty), and so is
   * no shop named (the original web client asks before one is chosen).
   */
  async function customerMessages(userId: number, q: Page & { shop_id?: number }, locale: Locale) {
    if (q.shop_id === undefined) return [];
    const c = await findConversation(db, userId, q.shop_id);
    if (!c) {
      if (!(await findActiveShop(db, q.shop_id))) throw notFound('Shop not found.');
      return [];
    }
    return readPage(c, 'user', q, locale);
  }

  async function customerSend(
    userId: number,
    body: { shop_id: number; message: string; product_id: number | null },
    locale: Locale,
  ) {
    let c = await findConversation(db, userId, body.shop_id);
    if (!c) {
      await activeShopOr422(body.shop_id);
      await openConversation(db, userId, body.shop_id, iso());
      c = (await findConversation(db, userId, body.shop_id))!;
    }
    await checkProduct(db, body.product_id, body.shop_id);
    const id = (await store(c.id, 'user', body.message, body.product_id, null))!;
    return publishToShop(c, id, body.shop_id, locale);
  }

  /** The customer's stored message as both sides see it, published to the shop; answers it. */
  async function publishToShop(c: ConversationRow, id: number, shopId: number, locale: Locale) {
    const [message] = await toMessages(c, [await findMessage(db, id)], locale);
    await publish(shopChatChannel(shopId), CHAT_EVENT_TO_SHOP, message!);
    return message!;
  }

  /**
   * Opens (or finds) the conversation, e.g. from the cart's chat button; answers it as the shop list does.
   * With a product (of this shop: else 422 on product_id), the customer's product card is stored in it
   * and published to the shop as a sent message is, unless the conversation's newest message is that
   * very card (the original web client asks again each time its product page's chat opens; decision 024,
   * issue 42). `limitCard` runs before a card is stored (the send limit).
   */
  async function customerOpen(
    userId: number,
    body: { shop_id: number; user_id?: number; product_id: number | null },
    locale: Locale,
    limitCard: () => Promise<void> = async () => {},
  ) {
    if (body.user_id !== undefined && body.user_id !== userId) throw new HttpError(403, 'This action is unauthorized.');
    await activeShopOr422(body.shop_id);
    await checkProduct(db, body.product_id, body.shop_id);
    await openConversation(db, userId, body.shop_id, iso());
    let c = (await findConversation(db, userId, body.shop_id))!;
    if (body.product_id !== null) {
      await limitCard();
      const id = await store(c.id, 'user', '', body.product_id, null, true);
      if (id !== null) {
        await publishToShop(c, id, body.shop_id, locale);
        c = (await findConversation(db, userId, body.shop_id))!;
      }
    }
    const last = c.last_message_id !== null ? await findMessage(db, c.last_message_id) : null;
    const at = now();
    return {
      id: c.id,
      shop: { id: c.shop_id, name: localized(c.shop_name, c.shop_name_ar, locale), logo: c.shop_logo },
      last_message: last
        ? lastMessageText(
            { last_body: last.body, last_product_name: last.product_name, last_product_name_ar: last.product_name_ar },
            locale,
          )
        : null,
      ...lastTime(last?.created_at ?? null, locale, at),
      unread_message_shop: c.user_unread,
      shop_active_status: isOnline(c.shop_last_online, at),
    } satisfies ChatConversation;
  }

  // --- The seller's side ----------------------------------------------------------------------------------

  async function sellerList(shopId: number, q: Page & { search?: string }, locale: Locale) {
    const at = now();
    const search = q.search?.trim() || null;
    const { total, rows } = await shopConversations(db, shopId, search, q.page, q.per_page);
    const data: SellerConversation[] = rows.map((r) => ({
      id: r.id,
      user: { id: r.user_id, name: r.user_name, profile_photo: r.user_photo },
      last_message: lastMessageText(r, locale),
      last_message_time: r.last_at,
      unread_message_user: r.shop_unread,
      user_active_status: isOnline(r.user_last_online, at),
    }));
    return { total, data };
  }

  async function sellerConversation(shopId: number, userId: number) {
    const c = await findConversation(db, userId, shopId);
    if (!c) throw notFound(CONVERSATION_NOT_FOUND);
    return c;
  }

  async function sellerMessages(shopId: number, q: Page & { user_id: number }, locale: Locale) {
    return readPage(await sellerConversation(shopId, q.user_id), 'shop', q, locale);
  }

  async function sellerSend(
    seller: { id: number; shopId: number },
    body: { user_id: number; message: string; product_id: number | null },
    locale: Locale,
  ) {
    const c = await sellerConversation(seller.shopId, body.user_id);
    await checkProduct(db, body.product_id, seller.shopId);
    const id = (await store(c.id, 'shop', body.message, body.product_id, seller.id))!;
    // Writing is a sign of life: the shop's last seen moves (at most once a minute: two writes spared).
    if (!c.shop_last_online || now().getTime() - Date.parse(c.shop_last_online) > 60_000)
      await touchShopSeen(db, seller.shopId, seller.id, iso());
    // The shop is online: it has just written. Names are in the seller's language (the customer's is not
    // known here); a customer's screen reloads the conversation in its own on the event (SPEC §4).
    const [message] = await toMessages({ ...c, shop_last_online: iso() }, [await findMessage(db, id)], locale);
    await publish(userChatChannel(body.user_id), CHAT_EVENT_TO_USER, message!);
    return message!;
  }

  return {
    customerList,
    customerMessages,
    customerSend,
    customerOpen,
    customerUnread: (userId: number) => customerUnread(db, userId),
    sellerList,
    sellerMessages,
    sellerSend,
    sellerUnread: (shopId: number) => shopUnread(db, shopId),
    sellerSeen: (seller: { id: number; shopId: number }) => touchShopSeen(db, seller.shopId, seller.id, iso()),
  };
}
export type ChatService = ReturnType<typeof createChatService>;
