import {
  chatMessageResponseSchema,
  chatMessagesQuery,
  chatMessagesResponseSchema,
  chatShopsQuery,
  chatShopsResponseSchema,
  sellerConversationsQuery,
  sellerConversationsResponseSchema,
  sellerMessagesQuery,
  sellerSendMessageBody,
  sendMessageBody,
  storeMessageBody,
  storeMessageResponseSchema,
  unreadMessagesQuery,
  unreadMessagesResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { acceptEmptyJson } from '../../http/empty-json';
import { route } from '../../http/route';
import { enforceLimits, TooManyRequestsError } from '../../shared/rate-limit';
import { createChatService } from './chat.service';

/** Chat between customers and shops: the customer's calls and the seller's (issue 17, API.md "Chat"). */
export async function chatRoutes(app: FastifyInstance) {
  const chat = createChatService({
    db: app.db,
    dialect: app.dialect,
    now: app.config.now,
    broadcaster: app.realtime.broadcaster,
    log: app.log,
  });
  const tags = ['chat'];
  // Sends per minute: a customer's account, a shop's sellers together (issue 41, finding 6: one account
  // stored and pushed 50 messages of 2,000 characters at once).
  const { sendLimitPerUser, sendLimitPerShop } = app.config.chat;
  // A send limit is about flooding, not about guessing secrets: when the limits' store (Redis) cannot
  // be reached the message still goes (the logins fail closed instead), as chat did before it had one.
  const limitSends = async (key: string, limit: number) => {
    try {
      await enforceLimits(app.limits, [{ key, limit, windowMs: 60_000 }], 'Too many messages.');
    } catch (error) {
      if (error instanceof TooManyRequestsError) throw error;
      app.log.warn({ err: error }, 'chat send limit not checked: the limits store is unavailable');
    }
  };
  // An empty JSON body (update-last-seen) counts as {} instead of a 400, as in the accounts module.
  acceptEmptyJson(app);

  route(
    app,
    {
      method: 'GET',
      url: '/api/get-shops',
      summary: "The customer's conversations with shops, newest first, with the last message and unread count",
      tags,
      auth: 'user',
      query: chatShopsQuery,
      response: chatShopsResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: await chat.customerList(auth.id, query, req.locale) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/get-message',
      summary: "A page of the customer's conversation with a shop, newest first; page 1 marks the shop's messages read",
      tags,
      auth: 'user',
      query: chatMessagesQuery,
      response: chatMessagesResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: { data: await chat.customerMessages(auth.id, query, req.locale) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/send-message',
      summary: 'Send a message (text, a product card, or both) to a shop; stored, then published to the shop',
      tags,
      auth: 'user',
      body: sendMessageBody,
      response: chatMessageResponseSchema,
    },
    async ({ auth, body, req }) => {
      await limitSends(`chat-send:user:${auth.id}`, sendLimitPerUser);
      return { message: 'Message sent.', data: await chat.customerSend(auth.id, body, req.locale) };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/store-message',
      summary:
        "Open (or find) the conversation with a shop, e.g. from the cart; with product_id (the shop's), the product's card is sent in it",
      tags,
      auth: 'user',
      body: storeMessageBody,
      response: storeMessageResponseSchema,
    },
    async ({ auth, body, req }) => ({
      message: 'Conversation ready.',
      // A product card is a message sent: the same send limit.
      data: await chat.customerOpen(auth.id, body, req.locale, () => limitSends(`chat-send:user:${auth.id}`, sendLimitPerUser)),
    }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/unread-messages',
      summary: "Messages of shops the customer has not read (the caller's own count, whatever user_id says)",
      tags,
      auth: 'user',
      query: unreadMessagesQuery,
      response: unreadMessagesResponseSchema,
    },
    async ({ auth }) => ({ data: { unread_messages: await chat.customerUnread(auth.id) } }),
  );

  // --- Seller side --------------------------------------------------------------------------------------

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/conversations',
      summary: "The shop's conversations with customers, newest first, with the last message and unread count",
      tags: ['seller'],
      auth: 'seller',
      query: sellerConversationsQuery,
      response: sellerConversationsResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: await chat.sellerList(auth.shopId, query, req.locale) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/messages',
      summary: "A page of the shop's conversation with a customer, newest first; page 1 marks the customer's messages read",
      tags: ['seller'],
      auth: 'seller',
      query: sellerMessagesQuery,
      response: chatMessagesResponseSchema,
    },
    async ({ auth, query, req }) => ({ data: { data: await chat.sellerMessages(auth.shopId, query, req.locale) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/send-message',
      summary: 'Answer a customer (text, a product card of the shop, or both); stored, then published to the customer',
      tags: ['seller'],
      auth: 'seller',
      body: sellerSendMessageBody,
      response: chatMessageResponseSchema,
    },
    async ({ auth, body, req }) => {
      await limitSends(`chat-send:shop:${auth.shopId}`, sendLimitPerShop);
      return { message: 'Message sent.', data: await chat.sellerSend(auth, body, req.locale) };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/unread-messages',
      summary: 'Messages of customers the shop has not read',
      tags: ['seller'],
      auth: 'seller',
      response: unreadMessagesResponseSchema,
    },
    async ({ auth }) => ({ data: { unread_messages: await chat.sellerUnread(auth.shopId) } }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/update-last-seen',
      summary: "Mark the seller's shop online now",
      tags: ['seller'],
      auth: 'seller',
    },
    async ({ auth, reply }) => {
      await chat.sellerSeen(auth);
      return reply.status(204).send();
    },
  );
}
