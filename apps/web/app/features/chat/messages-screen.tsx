import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { updateLastSeen } from '~/features/auth';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { fetchShops, SHOPS_PER_PAGE } from './api';
import { useConversation } from './conversation';
import { customerSource } from './customer-source';
import {
  ConversationList,
  ConversationPane,
  InboxShell,
  NoSelection,
  SEARCH_DEBOUNCE_MS,
  useDebounced,
  type InboxEntry,
  type ListState,
} from './inbox';
import { onChatEvent, reloadUnread } from './live';
import { setActiveShop, useChat } from './store';
import type { ShopConversation } from './types';

/** Page 1 again, put in front of what was loaded (a shop that moved up leaves its old place). */
function mergeFirstPage(shown: ShopConversation[], first: ShopConversation[]): ShopConversation[] {
  const ids = new Set(first.map((c) => c.shop.id));
  return [...first, ...shown.filter((c) => !ids.has(c.shop.id))];
}

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
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const [shops, setShops] = useState<ShopConversation[]>([]);
  const [listState, setListState] = useState<ListState>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const page = useRef(1);

  // A new search starts again from page 1 (SPEC §4).
  useEffect(() => {
    const ctrl = new AbortController();
    setListState('loading');
    page.current = 1;
    fetchShops(locale, { search, page: 1 }, ctrl.signal)
      .then((res) => {
        setShops(res.data);
        setHasMore(res.data.length >= SHOPS_PER_PAGE && res.data.length < res.total);
        setListState('ready');
      })
      .catch((error: unknown) => {
        if (ctrl.signal.aborted) return;
        console.warn('shop list failed', error);
        setShops([]);
        setListState('error');
      });
    return () => ctrl.abort();
  }, [search, locale, reloadKey]);

  const more = useCallback(() => {
    const next = page.current + 1;
    setLoadingMore(true);
    fetchShops(locale, { search, page: next })
      .then((res) => {
        page.current = next;
        setShops((shown) => [...shown, ...res.data.filter((c) => !shown.some((s) => s.shop.id === c.shop.id))]);
        if (res.data.length < SHOPS_PER_PAGE) setHasMore(false);
      })
      .catch((error: unknown) => {
        // SPEC §8: a shop list failure stops further paging.
        console.warn('shop list failed', error);
        setHasMore(false);
        setListState('error');
      })
      .finally(() => setLoadingMore(false));
  }, [locale, search]);

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
          try {
            const res = await fetchShops(locale, { search, page: 1 });
            setShops((shown) =>
              mergeFirstPage(shown, res.data).map((c) => (c.shop.id === activeId ? { ...c, unread_message_shop: 0 } : c)),
            );
          } catch (error) {
            console.warn('shop list failed', error);
          }
          await reloadUnread(locale);
        })();
      }),
    [activeId, refresh, locale, search],
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
          onRetry={() => setReloadKey((n) => n + 1)}
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
