import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFetcher } from 'react-router';
import { useAuth, type AuthUser } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { MESSAGES_PER_PAGE } from './api';
import { customerDraft } from './chat-data';
import { CHAT, CHAT_UNREAD, chatHref, conversationOf, olderHref } from './chat-paths';
import { useConversation, useCountAfter } from './conversation';
import type { PageAnswer } from './pages';
import { onChatEvent } from './live';
import { ChatAvatar, Composer, MessageList, PresencePill, ProductAttachment } from './message-view';
import { closeChatSidebar, useChat, type ChatSidebarTarget } from './store';
import type { ChatProduct, ChatShopRef } from './types';

/** SPEC §9: the sidebar asks for older messages when scrolled under 50 px from the top. */
export const SIDEBAR_OLDER_THRESHOLD = 50;

/**
 * The chat sidebar (SPEC §2): a slide-in panel with the shop's logo, name and Online/Offline, the
 * messages (newest at the bottom, older pages on scroll) and the textarea. Opened from the cart's shop
 * header, the product page (the product goes with the next message as a card) and the shop page. Its
 * page 1 is a fetcher's load of /resources/chat, asked at each opening and again when a message from
 * this shop arrives or the connection comes back; it sends through that route's action.
 */
export function ChatSidebar() {
  const target = useChat((s) => s.sidebar);
  const opened = useChat((s) => s.opened);
  const user = useAuth((s) => s.user);
  const token = useAuth((s) => s.token);
  const shopId = target?.shop.id ?? null;
  const page = useFetcher<PageAnswer>();
  const { load } = page;

  useEffect(() => {
    if (shopId !== null && token) void load(chatHref(shopId));
  }, [shopId, opened, token, load]);

  // SPEC §4: a message from this shop, or the connection back after a drop: page 1 again.
  useEffect(() => {
    if (shopId === null) return;
    return onChatEvent((e) => {
      if (e.kind === 'reconnect' || e.message?.shop.id === shopId) void load(chatHref(shopId));
    });
  }, [shopId, load]);

  // Reading page 1 marks the shop's messages read: the badge follows.
  useCountAfter(page.data, CHAT_UNREAD);

  // The dialog is open once its own effect has run (before this one): the textarea takes focus.
  const input = useRef<HTMLTextAreaElement>(null);
  const isOpen = Boolean(target && user);
  useEffect(() => {
    if (isOpen) input.current?.focus();
  }, [isOpen, opened]);

  // Signed out while open (logout, a 401): nothing to show.
  useEffect(() => {
    if (!token && target) closeChatSidebar();
  }, [token, target]);

  return (
    <Dialog
      open={isOpen}
      onClose={closeChatSidebar}
      placement="end"
      className="chat-sidebar"
      testId="chat-sidebar"
      title={target ? <SidebarHead shop={target.shop} online={online(page.data, target)} /> : ''}
    >
      {target && user ? (
        <SidebarPane
          key={opened}
          target={target}
          user={user}
          first={page.data}
          reload={() => void load(chatHref(target.shop.id))}
          inputRef={input}
        />
      ) : null}
    </Dialog>
  );
}

/** Online as the newest message of page 1 says, else as the opener knew it. */
function online(first: PageAnswer | undefined, target: ChatSidebarTarget) {
  const newest = first?.of === conversationOf(target.shop.id) ? first.messages?.[0] : undefined;
  return newest ? newest.shop_active_status : (target.online ?? false);
}

function SidebarHead({ shop, online }: { shop: ChatShopRef; online: boolean }) {
  return (
    <span className="chat-head">
      <ChatAvatar src={shop.logo} name={shop.name} size={40} />
      <span className="chat-head__text">
        <bdi className="chat-head__name" data-testid="chat-shop-name">
          {shop.name}
        </bdi>
        <PresencePill online={online} />
      </span>
    </span>
  );
}

/**
 * The conversation of one opening (keyed by it): the messages and the textarea, with the product going
 * with the next message. What the fetcher held when it opened is an earlier opening's: page 1 is awaited.
 */
function SidebarPane({
  target,
  user,
  first,
  reload,
  inputRef,
}: {
  target: ChatSidebarTarget;
  user: AuthUser;
  first: PageAnswer | undefined;
  reload(): void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useSite();
  const { shop } = target;
  const [earlier] = useState(first);
  const [product, setProduct] = useState<ChatProduct | null>(target.product ?? null);
  const conv = useConversation({
    of: conversationOf(shop.id),
    to: shop.id,
    first: first === earlier ? undefined : first,
    perPage: MESSAGES_PER_PAGE,
    olderHref: (p) => olderHref(shop.id, p),
    sendTo: { action: CHAT, defaultShouldRevalidate: false },
    draft: customerDraft(user, shop, target.online ?? false),
    productOf: (id) => (id !== null && target.product?.id === id ? target.product : null),
  });

  return (
    <div className="chat-pane">
      <MessageList
        {...conv}
        isMine={(m) => m.type === 'user'}
        other={{ name: shop.name, photo: shop.logo }}
        threshold={SIDEBAR_OLDER_THRESHOLD}
        onOlder={conv.loadOlder}
        onRetryOpen={reload}
        onRetry={conv.resend}
        onNavigate={closeChatSidebar}
        label={t('chat.conversation_with', { name: shop.name })}
      />
      <Composer
        onSend={(text) => {
          conv.send(text, product);
          setProduct(null);
        }}
        sending={conv.sending}
        disabled={conv.state !== 'ready'}
        inputRef={inputRef}
        attachment={product ? <ProductAttachment product={product} onRemove={() => setProduct(null)} /> : null}
      />
    </div>
  );
}
