import { useCallback, useMemo, useState } from 'react';
import { InboxScreen, type ChatMessage, type ConversationSource, type UserConversation } from '~/features/chat';
import {
  fetchSellerConversations,
  fetchSellerMessages,
  SELLER_CHAT_PER_PAGE,
  sellerLastSeen,
  sendSellerMessage,
} from '~/features/seller/api';
import { onSellerChatEvent, reloadSellerUnread } from '~/features/seller/chat';
import { sellerMeta } from '~/features/seller/meta';
import { useSeller } from '~/features/seller/store';
import { useSite } from '~/shared/site';

export const meta = sellerMeta('page.seller_messages');

type Customer = UserConversation['user'];

const customerOf = (c: UserConversation) => c.user.id;
const customerOfMessage = (m: ChatMessage) => m.user.id;

/**
 * /seller/messages: the shop's inbox. Customers who wrote (search, unread counts, 20 a page), the
 * conversation with one of them and the answer box; new messages arrive on the shop's private channel
 * without a reload.
 */
export default function SellerMessagesPage() {
  const { t, locale } = useSite();
  const shop = useSeller((s) => s.shop);
  const [active, setActive] = useState<Customer | null>(null);
  const loadConversations = useCallback(
    (q: { search: string; page: number }, signal?: AbortSignal) => fetchSellerConversations(q, locale, signal),
    [locale],
  );

  const source = useMemo<ConversationSource | null>(() => {
    if (!active || !shop) return null;
    return {
      key: `user-${active.id}`,
      perPage: SELLER_CHAT_PER_PAGE,
      load: (p, signal) => fetchSellerMessages(active.id, p, locale, signal),
      send: (text) => sendSellerMessage({ user_id: active.id, message: text }, locale),
      draft: (text) => ({
        message: text,
        type: 'shop',
        created_at: new Date().toISOString(),
        user: active,
        shop: { id: shop.id, name: shop.name, logo: shop.logo ?? null },
        product: null,
        shop_active_status: true,
      }),
    };
  }, [active, shop, locale]);

  return (
    <div className="seller-inbox">
      <h1 className="page-title">{t('page.seller_messages')}</h1>
      <InboxScreen<UserConversation, Customer>
        load={loadConversations}
        perPage={SELLER_CHAT_PER_PAGE}
        what="conversations"
        keyOf={customerOf}
        active={active}
        setActive={setActive}
        source={source}
        partyOf={(c) => c.user}
        messagePartyId={customerOfMessage}
        entryOf={(c) => ({
          key: c.user.id,
          name: c.user.name,
          photo: c.user.profile_photo,
          last: c.last_message,
          time: c.last_message_time,
          unread: c.unread_message_user,
        })}
        markRead={(c) => ({ ...c, unread_message_user: 0 })}
        reloadUnread={reloadSellerUnread}
        onEvent={onSellerChatEvent}
        onSent={() => void sellerLastSeen(locale)}
        who={(customer) => ({ name: customer.name, photo: customer.profile_photo })}
        online={(entry) => entry?.user_active_status ?? false}
        mine="shop"
        texts={{
          searchLabel: t('seller.search_customer'),
          emptyTitle: t('seller.no_conversations'),
          emptyText: t('seller.no_conversations_text'),
          noMatch: (search) => t('seller.no_customer_match', { search }),
          label: t('seller.customers'),
          noneTitle: t('seller.select_customer'),
          noneText: t('seller.select_customer_text'),
        }}
        testId="seller-inbox"
        headingId="seller-pane-title"
      />
    </div>
  );
}
