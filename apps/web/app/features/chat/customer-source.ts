import type { AuthUser } from '~/shared/auth-store';
import { fetchMessages, MESSAGES_PER_PAGE, sendMessage } from './api';
import type { ConversationSource } from './conversation';
import type { ChatShopRef } from './types';

/** The customer's side of a conversation with one shop (sidebar and Messages screen). */
export function customerSource(locale: string, shop: ChatShopRef, user: AuthUser, online: boolean): ConversationSource {
  return {
    key: `shop-${shop.id}`,
    perPage: MESSAGES_PER_PAGE,
    load: (page, signal) => fetchMessages(locale, shop.id, page, signal),
    send: (text, product) => sendMessage(locale, { shop_id: shop.id, message: text, product_id: product?.id }),
    draft: (text, product) => ({
      message: text,
      type: 'user',
      created_at: new Date().toISOString(),
      user: { id: user.id, name: user.name, profile_photo: user.profile_photo },
      shop,
      product,
      shop_active_status: online,
    }),
  };
}
