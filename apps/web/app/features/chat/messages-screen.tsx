import { useCallback, useMemo } from 'react';
import { updateLastSeen } from '~/features/auth';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { fetchShops, SHOPS_PER_PAGE } from './api';
import { customerSource } from './customer-source';
import { InboxScreen } from './inbox-screen';
import { onChatEvent, reloadUnread } from './live';
import { setActiveShop, useChat } from './store';
import type { ChatMessage, ChatShopRef, ShopConversation } from './types';

const shopOf = (c: ShopConversation) => c.shop.id;
const shopOfMessage = (m: ChatMessage) => m.shop.id;

/**
 * The Messages screen (/massages, SPEC §2/§4): Search Seller (500 ms debounce), the shops with their
 * last message, time and unread count (20 a page, more on scroll), and the conversation with the
 * active shop; with none selected, No User Selected.
 */
export function MessagesScreen() {
  const { t, locale } = useSite();
  const user = useAuth((s) => s.user);
  const token = useAuth((s) => s.token);
  const activeShop = useChat((s) => s.activeShop);
  const loadShops = useCallback(
    (q: { search: string; page: number }, signal?: AbortSignal) => fetchShops(locale, q, signal),
    [locale],
  );
  const source = useMemo(
    () => (activeShop && user ? customerSource(locale, activeShop, user, false) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [activeShop?.id, user?.id, locale],
  );

  return (
    <InboxScreen<ShopConversation, ChatShopRef>
      load={loadShops}
      perPage={SHOPS_PER_PAGE}
      what="shop list"
      keyOf={shopOf}
      active={activeShop}
      setActive={setActiveShop}
      source={source}
      partyOf={(c) => c.shop}
      messagePartyId={shopOfMessage}
      entryOf={(c) => ({
        key: c.shop.id,
        name: c.shop.name,
        photo: c.shop.logo,
        last: c.last_message,
        time: c.last_message_time,
        unread: c.unread_message_shop,
      })}
      markRead={(c) => ({ ...c, unread_message_shop: 0 })}
      reloadUnread={reloadUnread}
      onEvent={onChatEvent}
      onSent={() => {
        if (token) void updateLastSeen(token, locale);
      }}
      who={(shop) => ({ name: shop.name, photo: shop.logo })}
      online={(entry, newest) => newest?.shop_active_status ?? entry?.shop_active_status ?? false}
      mine="user"
      texts={{
        searchLabel: t('chat.search_seller'),
        emptyTitle: t('chat.no_shops'),
        emptyText: t('chat.no_shops_text'),
        noMatch: (search) => t('chat.no_match', { search }),
        label: t('chat.shops'),
        noneTitle: t('chat.no_user'),
        noneText: t('chat.select_user'),
      }}
      testId="messages-screen"
      headingId="messages-pane-title"
    />
  );
}
