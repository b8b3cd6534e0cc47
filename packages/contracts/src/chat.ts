import { z } from 'zod';
import { queryInt } from './catalog';
import { bodyId } from './commerce';
import { envelope } from './common';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from './constants';
import { cleanText, stripInvisible } from './text';

// ---------------------------------------------------------------------------------------------------
// Chat between customers and shops (issue 17, API.md "Chat" and "Seller side", decision 019).
// ---------------------------------------------------------------------------------------------------

/** Control characters other than the tab and the line break (a message may have several lines). */
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/**
 * A message's text: plain text, line breaks kept (CR LF and CR become LF), invisible formatting
 * characters removed and the ends trimmed (as every text input, text.ts), at most 2,000 characters.
 * Absent or null is '' (a message may be a product card alone); the body schemas refuse '' without one.
 */
const messageText = z
  .union([z.string(), z.null()], { error: 'The message must be a string.' })
  .optional()
  .transform((s) => stripInvisible((s ?? '').replace(/\r\n?/g, '\n')))
  .pipe(
    z
      .string()
      .refine((s) => !CONTROL_BUT_LINES.test(s), 'The message must not contain control characters.')
      .refine(
        (s) => s.length <= CHAT_MESSAGE_MAX_LENGTH,
        `The message may not be greater than ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
      ),
  );

/** An optional product to show as a card (null, '' and 0 mean none). */
const optionalProductId = z
  .union([bodyId('product id'), z.literal(''), z.literal(0), z.literal('0'), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' && v > 0 ? v : null));

/** `type` as the customer's calls send it: always `user` (the customer's side); absent is `user`. */
const customerSide = z.literal('user', { error: 'The selected type is invalid.' }).optional().default('user');

/** A text, or a product card, or both: an empty message without a product is refused. */
const needsTextOrProduct = <T extends { message: string; product_id: number | null }>(b: T, ctx: z.RefinementCtx) => {
  if (b.message === '' && b.product_id === null)
    ctx.addIssue({ code: 'custom', path: ['message'], message: 'The message field is required.' });
};

const chatSearch = cleanText('search').max(100, 'The search may not be greater than 100 characters.').optional();
const chatPage = {
  page: queryInt('page', { max: 100_000 }).optional().default(1),
  per_page: queryInt('per page', { max: 100 }).optional().default(CHAT_PAGE_SIZE),
};

// --- What a message and a conversation look like --------------------------------------------------------

export const chatShopSchema = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
export const chatUserSchema = z.object({ id: z.number().int(), name: z.string(), profile_photo: z.string().nullable() });
/** A product shown as a card in a message: its current name and prices (default currency, 3 decimals). */
export const chatProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  price: z.number(),
  /** The price to pay when lower than `price` (flash sale, else discount); 0 when there is none. */
  discount_price: z.number(),
  rating: z.number(),
  total_reviews: z.number().int(),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** Plain text ('' for a product card alone); the client escapes it and links its URLs. */
  message: z.string(),
  /** Who wrote it: the customer (`user`) or the shop. */
  type: z.enum(['user', 'shop']),
  created_at: z.string(),
  user: chatUserSchema,
  shop: chatShopSchema,
  product: chatProductSchema.nullable(),
  /** The shop is online now (its last seen is under 10 minutes old). */
  shop_active_status: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The payload of `send-message-to-user` and `send-message-to-shop`. */
export const chatEventSchema = z.object({ message: chatMessageSchema });
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** One conversation in the customer's shop list (`/get-shops`). */
export const chatConversationSchema = z.object({
  /** The conversation's id. */
  id: z.number().int(),
  shop: chatShopSchema,
  /** The newest message's text (a product card alone: the product's name); null before the first message. */
  last_message: z.string().nullable(),
  /**
   * How long ago the newest message was sent, for display ("2 minutes ago", in the request's language:
   * the original web client prints it as it comes; decision 024, issue 42); null before the first message.
   */
  last_message_time: z.string().nullable(),
  /** When the newest message was sent (ISO 8601): what our storefront reads; null before the first message. */
  last_message_time_iso: z.string().nullable(),
  /** Messages of the shop the customer has not read. */
  unread_message_shop: z.number().int(),
  /** The shop is online now. */
  shop_active_status: z.boolean(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** One conversation in the seller's inbox (`/seller/conversations`). */
export const sellerConversationSchema = z.object({
  id: z.number().int(),
  user: chatUserSchema,
  last_message: z.string().nullable(),
  last_message_time: z.string().nullable(),
  /** Messages of the customer the shop has not read. */
  unread_message_user: z.number().int(),
  /** The customer is online now. */
  user_active_status: z.boolean(),
});
export type SellerConversation = z.infer<typeof sellerConversationSchema>;

// --- Customer calls ---------------------------------------------------------------------------------------

export const chatShopsQuery = z.object({ search: chatSearch, ...chatPage });
export const chatShopsResponseSchema = envelope(z.object({ total: z.number().int(), data: z.array(chatConversationSchema) }));
export type ChatShopsAnswer = z.infer<typeof chatShopsResponseSchema>['data'];

/** Without `shop_id` (the original web client asks before a shop is chosen) the page is empty. */
export const chatMessagesQuery = z.object({ shop_id: queryInt('shop id', { max: 2_147_483_647 }).optional(), ...chatPage });
export const chatMessagesResponseSchema = envelope(z.object({ data: z.array(chatMessageSchema) }));
export type ChatMessagesAnswer = z.infer<typeof chatMessagesResponseSchema>['data'];

export const sendMessageBody = z
  .object({ shop_id: bodyId('shop id'), message: messageText, type: customerSide, product_id: optionalProductId })
  .superRefine(needsTextOrProduct);
export type SendMessageBody = z.input<typeof sendMessageBody>;
export const chatMessageResponseSchema = envelope(chatMessageSchema);

/**
 * Opens (or finds) the customer's conversation with a shop; `user_id`, when sent, must be the caller's
 * own. With `product_id` (a product of that shop) the conversation gets the product's card as a message
 * from the customer, unless its newest message is that very card (decision 024, issue 42).
 */
export const storeMessageBody = z.object({
  shop_id: bodyId('shop id'),
  user_id: bodyId('user id').optional(),
  type: customerSide,
  product_id: optionalProductId,
});
export type StoreMessageBody = z.input<typeof storeMessageBody>;
export const storeMessageResponseSchema = envelope(chatConversationSchema);

/** `user_id` is accepted for the existing clients; the answer is always the caller's own count. */
export const unreadMessagesQuery = z.object({ user_id: z.string().max(20).optional() });
export const unreadMessagesResponseSchema = envelope(z.object({ unread_messages: z.number().int() }));

// --- Seller calls -----------------------------------------------------------------------------------------

export const sellerConversationsQuery = z.object({ search: chatSearch, ...chatPage });
export const sellerConversationsResponseSchema = envelope(
  z.object({ total: z.number().int(), data: z.array(sellerConversationSchema) }),
);
export type SellerConversationsAnswer = z.infer<typeof sellerConversationsResponseSchema>['data'];

export const sellerMessagesQuery = z.object({ user_id: queryInt('user id', { max: 2_147_483_647 }), ...chatPage });

export const sellerSendMessageBody = z
  .object({ user_id: bodyId('user id'), message: messageText, product_id: optionalProductId })
  .superRefine(needsTextOrProduct);
export type SellerSendMessageBody = z.input<typeof sellerSendMessageBody>;

// --- Realtime ---------------------------------------------------------------------------------------------

/** POST /broadcasting/auth (form or JSON), as pusher-js sends it. */
export const broadcastingAuthBody = z.object({
  socket_id: z.string({ error: 'The socket id field is required.' }).regex(/^\d{1,20}\.\d{1,20}$/, 'The socket id is invalid.'),
  channel_name: z
    .string({ error: 'The channel name field is required.' })
    .min(1, 'The channel name field is required.')
    .max(200, 'The channel name is invalid.'),
});
/** Not enveloped: pusher-js reads `auth` at the top level. */
export const broadcastingAuthResponseSchema = z.object({ auth: z.string() });
