import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { SHOPS_PER_PAGE } from './api';
import { customerDraft } from './chat-data';
import { CHAT_UNREAD, conversationOf, MESSAGES_PATH, olderHref, SHOP_PARAM } from './chat-paths';
import { shopEntry } from './inbox-entries';
import { InboxScreen } from './inbox-screen';
import type { InboxData } from './inbox-data';
import { onChatEvent } from './live';
import type { ChatShopRef, ShopConversation } from './types';

const shopOf = (c: ShopConversation) => c.shop.id;

/**
 * The Messages screen (/massages?search=&page=&shop=, SPEC §2/§4): Search Seller (500 ms debounce), the
 * shops with their last message, time and unread count (20 a page, more on scroll), and the conversation
 * with the shop the address names; with none, No User Selected. Its data is the page's loader's.
 */
export function MessagesScreen({ data }: { data: InboxData<ShopConversation> }) {
  const { t } = useSite();
  const user = useAuth((s) => s.user);
  if (!user) return null;
  return (
    <InboxScreen<ShopConversation, ChatShopRef>
      data={data}
      path={MESSAGES_PATH}
      party={SHOP_PARAM}
      perPage={SHOPS_PER_PAGE}
      conversationOf={conversationOf}
      olderHref={olderHref}
      unread={CHAT_UNREAD}
      onEvent={onChatEvent}
      keyOf={shopOf}
      partyOf={(c) => c.shop}
      partyOfMessage={(m) => m.shop}
      entryOf={shopEntry}
      who={(shop) => ({ name: shop.name, photo: shop.logo })}
      online={(entry, newest) => newest?.shop_active_status ?? entry?.shop_active_status ?? false}
      draft={(shop, text, product) => customerDraft(user, shop, false)(text, product)}
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
