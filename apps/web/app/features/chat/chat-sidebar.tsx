import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { updateLastSeen } from '~/features/auth';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { useConversation } from './conversation';
import { customerSource } from './customer-source';
import { onChatEvent, reloadUnread } from './live';
import { ChatAvatar, Composer, MessageList, PresencePill, ProductAttachment } from './message-view';
import { closeChatSidebar, useChat } from './store';
import type { ChatProduct } from './types';

/** SPEC §9: the sidebar asks for older messages when scrolled under 50 px from the top. */
export const SIDEBAR_OLDER_THRESHOLD = 50;

/**
 * The chat sidebar (SPEC §2): a slide-in panel with the shop's logo, name and Online/Offline, the
 * messages (newest at the bottom, older pages on scroll) and the textarea. Opened from the cart's shop
 * header, the product page (the product goes with the next message as a card) and the shop page.
 */
export function ChatSidebar() {
  const { t, locale } = useSite();
  const target = useChat((s) => s.sidebar);
  const opened = useChat((s) => s.opened);
  const user = useAuth((s) => s.user);
  const token = useAuth((s) => s.token);
  const [product, setProduct] = useState<ChatProduct | null>(target?.product ?? null);
  const [openedFor, setOpenedFor] = useState(opened);
  if (openedFor !== opened) {
    setOpenedFor(opened);
    setProduct(target?.product ?? null);
  }

  // The dialog is open once its own effect has run (before this one): the textarea takes focus.
  const input = useRef<HTMLTextAreaElement>(null);
  const isOpen = Boolean(target && user);
  useEffect(() => {
    if (isOpen) input.current?.focus();
  }, [isOpen, opened]);

  const shop = target?.shop ?? null;
  const initialOnline = target?.online ?? false;
  const source = useMemo(
    () => (shop && user ? customerSource(locale, shop, user, initialOnline) : null),
    // A new opening reloads page 1, even on the same shop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shop?.id, user?.id, locale, opened],
  );
  const conv = useConversation(source);
  const { refresh } = conv;

  // SPEC §4: a message from this shop, or the connection back after a drop: page 1 again (reading it
  // marks it read), then the unread count.
  useEffect(() => {
    if (!shop) return;
    return onChatEvent((e) => {
      if (e.kind === 'reconnect' || e.message?.shop.id === shop.id) void refresh().then(() => reloadUnread(locale));
    });
  }, [shop, refresh, locale]);

  // Opening reads page 1, which marks the shop's messages read: the badge follows.
  useEffect(() => {
    if (conv.state === 'ready' && conv.loadedAt === 1) void reloadUnread(locale);
  }, [conv.state, conv.loadedAt, locale]);

  // Signed out while open (logout, a 401): nothing to show.
  useEffect(() => {
    if (!token && target) closeChatSidebar();
  }, [token, target]);

  const newest = [...conv.messages].reverse().find((m) => m.id > 0);
  const online = newest ? newest.shop_active_status : initialOnline;
  const send = useCallback(
    (text: string) => {
      const withProduct = product;
      setProduct(null);
      void conv.send(text, withProduct).then((sent) => {
        if (sent && token) void updateLastSeen(token, locale);
      });
    },
    [conv, product, token, locale],
  );

  return (
    <Dialog
      open={Boolean(target && user)}
      onClose={closeChatSidebar}
      placement="end"
      className="chat-sidebar"
      testId="chat-sidebar"
      title={
        shop ? (
          <span className="chat-head">
            <ChatAvatar src={shop.logo} name={shop.name} size={40} />
            <span className="chat-head__text">
              <bdi className="chat-head__name" data-testid="chat-shop-name">
                {shop.name}
              </bdi>
              <PresencePill online={online} />
            </span>
          </span>
        ) : (
          ''
        )
      }
    >
      {shop && user ? (
        <div className="chat-pane">
          <MessageList
            {...conv}
            isMine={(m) => m.type === 'user'}
            other={{ name: shop.name, photo: shop.logo }}
            threshold={SIDEBAR_OLDER_THRESHOLD}
            onOlder={() => void conv.loadOlder()}
            onRetryOpen={conv.retryOpen}
            onRetry={conv.resend}
            onNavigate={closeChatSidebar}
            label={t('chat.conversation_with', { name: shop.name })}
          />
          <Composer
            onSend={send}
            sending={conv.sending}
            disabled={conv.state !== 'ready'}
            inputRef={input}
            attachment={product ? <ProductAttachment product={product} onRemove={() => setProduct(null)} /> : null}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
