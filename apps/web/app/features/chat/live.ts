import { CHAT_EVENT_TO_USER, userChatChannel } from '@souq/contracts/constants';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { CHAT_UNREAD } from './chat-paths';
import { messageOf, subscribe } from './realtime';
import type { ChatMessage } from './types';

/** What the open chat screens hear: a message from a shop, or the connection back after a drop. */
export type ChatEvent = { kind: 'message'; message: ChatMessage | null } | { kind: 'reconnect' };
const listeners = new Set<(e: ChatEvent) => void>();
export function onChatEvent(listener: (e: ChatEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For a signed-in customer, on every page: the unread count (the keyed fetcher of /resources/chat-unread,
 * loaded when the session is known and when it changes), and the realtime channel
 * private-chat_user_{id} (SPEC §4). A message from a shop, or the connection back after a drop, loads
 * the count again; the chat screens open (sidebar, Messages) hear it through onChatEvent, read their
 * page 1 again and then the count (decision 020: reading marks read).
 */
export function useChatBootstrap() {
  const token = useAuth((s) => s.token);
  const ready = useAuth((s) => s.ready);
  const userId = useAuth((s) => s.user?.id ?? null);
  const { locale, master } = useSite();
  const { load } = useFetcher({ key: CHAT_UNREAD.key });

  useEffect(() => {
    if (ready && token) void load(CHAT_UNREAD.path);
  }, [ready, token, load]);

  useEffect(() => {
    if (!token || userId === null) return;
    const tell = (e: ChatEvent) => {
      void load(CHAT_UNREAD.path);
      listeners.forEach((l) => l(e));
    };
    return subscribe({
      token,
      locale,
      master,
      channel: userChatChannel(userId),
      event: CHAT_EVENT_TO_USER,
      onEvent: (payload) => tell({ kind: 'message', message: messageOf<ChatMessage>(payload) }),
      onReconnect: () => tell({ kind: 'reconnect' }),
    });
  }, [token, userId, locale, master, load]);
}
