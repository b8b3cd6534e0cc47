import { useCallback, useEffect, useMemo } from 'react';
import { updateLastSeen } from '~/features/auth';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { fetchShops, SHOPS_PER_PAGE } from './api';
import { useConversation } from './conversation';
import { customerSource } from './customer-source';
import { ConversationList, ConversationPane, InboxShell, NoSelection, type InboxEntry } from './inbox';
import { useInboxList } from './inbox-list';
import { onChatEvent, reloadUnread } from './live';
import { setActiveShop, useChat } from './store';
import type { ShopConversation } from './types';

const shopOf = (c: ShopConversation) => c.shop.id;

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
  const {
    query,
    setQuery,
    search,
    items: shops,
    setItems: setShops,
    state: listState,
    hasMore,
    loadingMore,
    more,
    retry,
    refreshFirstPage,
  } = useInboxList({ load: loadShops, perPage: SHOPS_PER_PAGE, keyOf: shopOf, what: 'shop list' });

  const source = useMemo(
    () => (activeShop && user ? customerSource(locale, activeShop, user, false) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [activeShop?.id, user?.id, locale],
  );
  const conv = useConversation(source);
  const { refresh } = conv;

  // Selecting a shop reads its page 1, which marks it read: its count goes to zero, the badge follows.
  useEffect(() => {
    if (conv.state === 'ready' && conv.loadedAt === 1) void reloadUnread(locale);
  }, [conv.state, conv.loadedAt, locale]);

  // SPEC §4: on the chat screens a message refreshes the messages, the shops and the unread count.
  const activeId = activeShop?.id ?? null;
  useEffect(
    () =>
      onChatEvent((e) => {
        void (async () => {
          if (activeId !== null && (e.kind === 'reconnect' || e.message?.shop.id === activeId)) await refresh();
          await refreshFirstPage((c) => (c.shop.id === activeId ? { ...c, unread_message_shop: 0 } : c));
          await reloadUnread(locale);
        })();
      }),
    [activeId, refresh, locale, refreshFirstPage],
  );

  const entries: InboxEntry[] = shops.map((c) => ({
    key: c.shop.id,
    name: c.shop.name,
    photo: c.shop.logo,
    last: c.last_message,
    time: c.last_message_time,
    unread: c.unread_message_shop,
  }));
  const newest = [...conv.messages].reverse().find((m) => m.id > 0);
  const activeEntry = shops.find((c) => c.shop.id === activeId);

  const send = (text: string) => {
    void conv.send(text, null).then((sent) => {
      if (!sent) return;
      if (token) void updateLastSeen(token, locale);
      setShops((shown) => {
        const entry = shown.find((c) => c.shop.id === activeId);
        if (!entry) return shown;
        const moved = { ...entry, last_message: text, last_message_time: new Date().toISOString() };
        return [moved, ...shown.filter((c) => c !== entry)];
      });
    });
  };

  return (
    <InboxShell
      open={Boolean(activeShop)}
      testId="messages-screen"
      list={
        <ConversationList
          entries={entries}
          selected={activeId}
          onSelect={(e) => {
            const found = shops.find((c) => c.shop.id === e.key);
            if (!found) return;
            setActiveShop(found.shop);
            setShops((shown) => shown.map((c) => (c.shop.id === e.key ? { ...c, unread_message_shop: 0 } : c)));
          }}
          state={listState}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onMore={more}
          onRetry={retry}
          search={query}
          onSearch={setQuery}
          searchLabel={t('chat.search_seller')}
          emptyTitle={t('chat.no_shops')}
          emptyText={t('chat.no_shops_text')}
          noMatch={t('chat.no_match', { search })}
          label={t('chat.shops')}
        />
      }
      pane={
        activeShop ? (
          <ConversationPane
            who={{ name: activeShop.name, photo: activeShop.logo }}
            online={newest?.shop_active_status ?? activeEntry?.shop_active_status ?? false}
            conv={conv}
            isMine={(m) => m.type === 'user'}
            onSend={send}
            onBack={() => setActiveShop(null)}
            headingId="messages-pane-title"
          />
        ) : (
          <NoSelection title={t('chat.no_user')} text={t('chat.select_user')} />
        )
      }
    />
  );
}
