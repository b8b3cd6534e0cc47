import { useCallback, useEffect, useMemo, useState } from 'react';
import type { UserConversation } from '~/features/chat';
import { useConversation, type ConversationSource } from '~/features/chat/conversation';
import { ConversationList, ConversationPane, InboxShell, NoSelection, type InboxEntry } from '~/features/chat/inbox';
import { useInboxList } from '~/features/chat/inbox-list';
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
  const {
    query,
    setQuery,
    search,
    items: list,
    setItems: setList,
    state: listState,
    hasMore,
    loadingMore,
    more,
    retry,
    refreshFirstPage,
  } = useInboxList({ load: loadConversations, perPage: SELLER_CHAT_PER_PAGE, keyOf: customerOf, what: 'conversations' });

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
  const conv = useConversation(source);
  const { refresh } = conv;
  const activeId = active?.id ?? null;

  useEffect(() => {
    if (conv.state === 'ready' && conv.loadedAt === 1) void reloadSellerUnread(locale);
  }, [conv.state, conv.loadedAt, locale]);

  // A customer's message: the open conversation, the list and the count refresh (no page reload).
  useEffect(
    () =>
      onSellerChatEvent((e) => {
        void (async () => {
          if (activeId !== null && (e.kind === 'reconnect' || e.message?.user.id === activeId)) await refresh();
          await refreshFirstPage((c) => (c.user.id === activeId ? { ...c, unread_message_user: 0 } : c));
          await reloadSellerUnread(locale);
        })();
      }),
    [activeId, refresh, locale, refreshFirstPage],
  );

  const entries: InboxEntry[] = list.map((c) => ({
    key: c.user.id,
    name: c.user.name,
    photo: c.user.profile_photo,
    last: c.last_message,
    time: c.last_message_time,
    unread: c.unread_message_user,
  }));
  const activeEntry = list.find((c) => c.user.id === activeId);

  const send = (text: string) => {
    void conv.send(text, null).then((sent) => {
      if (!sent) return;
      void sellerLastSeen(locale);
      setList((shown) => {
        const entry = shown.find((c) => c.user.id === activeId);
        if (!entry) return shown;
        return [
          { ...entry, last_message: text, last_message_time: new Date().toISOString() },
          ...shown.filter((c) => c !== entry),
        ];
      });
    });
  };

  return (
    <div className="seller-inbox">
      <h1 className="page-title">{t('page.seller_messages')}</h1>
      <InboxShell
        open={Boolean(active)}
        testId="seller-inbox"
        list={
          <ConversationList
            entries={entries}
            selected={activeId}
            onSelect={(e) => {
              const found = list.find((c) => c.user.id === e.key);
              if (!found) return;
              setActive(found.user);
              setList((shown) => shown.map((c) => (c.user.id === e.key ? { ...c, unread_message_user: 0 } : c)));
            }}
            state={listState}
            hasMore={hasMore}
            loadingMore={loadingMore}
            onMore={more}
            onRetry={retry}
            search={query}
            onSearch={setQuery}
            searchLabel={t('seller.search_customer')}
            emptyTitle={t('seller.no_conversations')}
            emptyText={t('seller.no_conversations_text')}
            noMatch={t('seller.no_customer_match', { search })}
            label={t('seller.customers')}
          />
        }
        pane={
          active ? (
            <ConversationPane
              who={{ name: active.name, photo: active.profile_photo }}
              online={activeEntry?.user_active_status ?? false}
              conv={conv}
              isMine={(m) => m.type === 'shop'}
              onSend={send}
              onBack={() => setActive(null)}
              headingId="seller-pane-title"
            />
          ) : (
            <NoSelection title={t('seller.select_customer')} text={t('seller.select_customer_text')} />
          )
        }
      />
    </div>
  );
}
