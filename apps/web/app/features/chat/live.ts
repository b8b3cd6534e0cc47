import { CHAT_EVENT_TO_USER, userChatChannel } from '@souq/contracts/constants';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { authStore, useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { fetchUnread } from './api';
import { messageOf, subscribe } from './realtime';
import { setActiveShop, setUnread } from './store';
import type { ChatMessage } from './types';

/** What the open chat screens hear: a message from a shop, or the connection back after a drop. */
export type ChatEvent = { kind: 'message'; message: ChatMessage | null } | { kind: 'reconnect' };
const listeners = new Set<(e: ChatEvent) => void>();
export function onChatEvent(listener: (e: ChatEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** GET /unread-messages for the signed-in customer into the store (the Message link's badge). */
export async function reloadUnread(locale: string): Promise<void> {
  const { token, user } = authStore.get();
  if (!token || !user) return;
  try {
    setUnread(await fetchUnread(locale, user.id));
  } catch (error) {
    console.warn('unread count failed', error);
  }
}

export const MESSAGES_PATH = '/massages';

/**
 * For a signed-in customer, on every page: the unread count, and the realtime channel
 * private-chat_user_{id} (SPEC §4). A message from a shop: outside /massages the active shop is
 * cleared and the unread count reloaded; the chat screens open (sidebar, Messages) refresh
 * themselves through onChatEvent and reload the count once they have read it.
 */
export function useChatBootstrap() {
  const token = useAuth((s) => s.token);
  const userId = useAuth((s) => s.user?.id ?? null);
  const { locale, master } = useSite();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;

  useEffect(() => {
    if (!token || userId === null) {
      setUnread(0);
      return;
    }
    void reloadUnread(locale);
    return subscribe({
      token,
      locale,
      master,
      channel: userChatChannel(userId),
      event: CHAT_EVENT_TO_USER,
      onEvent(payload) {
        const message = messageOf<ChatMessage>(payload);
        const onMessages = path.current.replace(/\/$/, '') === MESSAGES_PATH;
        if (!onMessages) setActiveShop(null);
        void reloadUnread(locale);
        listeners.forEach((l) => l({ kind: 'message', message }));
      },
      onReconnect() {
        void reloadUnread(locale);
        listeners.forEach((l) => l({ kind: 'reconnect' }));
      },
    });
  }, [token, userId, locale, master]);
}
