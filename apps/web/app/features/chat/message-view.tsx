import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { Svg } from '~/shared/ui/icons';
import { ChatBubbleIcon, SendIcon } from './icons';
import { Img } from '~/shared/ui/image';
import type { LoadState, ShownMessage } from './conversation';
import { messageParts } from './links';
import { formatMessageTime } from './time';
import type { ChatProduct } from './types';

/** A round picture (shop logo, customer photo) or the name's first letter when there is none. */
export function ChatAvatar({ src, name, size = 36 }: { src: string | null | undefined; name: string; size?: number }) {
  return (
    <span className="chat-avatar" style={{ width: size, height: size }} aria-hidden="true">
      {src ? <Img src={src} alt="" width={size} height={size} /> : <span>{name.trim().charAt(0).toUpperCase()}</span>}
    </span>
  );
}

/** Online/Offline with its dot (SPEC §2 chat sidebar). */
export function PresencePill({ online }: { online: boolean }) {
  const { t } = useSite();
  return (
    <span className={online ? 'chat-presence is-online' : 'chat-presence'} data-testid="chat-presence">
      <span className="chat-presence__dot" aria-hidden="true" />
      {online ? t('shop.online') : t('shop.offline')}
    </span>
  );
}

/** A message's text: text nodes and http(s) links only, never HTML (SPEC §5). */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="chat-link" dir="ltr">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** SPEC §3/§9: the product inside a message: thumbnail, name, price (discount price when above 0), rating. */
export function ChatProductCard({ product, onNavigate }: { product: ChatProduct; onNavigate?(): void }) {
  const { t, money } = useSite();
  const discounted = product.discount_price > 0 && product.discount_price < product.price;
  return (
    <Link to={`/products/${product.id}/details`} className="chat-product" onClick={onNavigate} data-testid="chat-product">
      <Img src={product.thumbnail} alt="" width={56} height={56} className="chat-product__img" />
      <span className="chat-product__text">
        <span className="chat-product__name">{product.name}</span>
        <span className="chat-product__price">
          <bdi>{money(discounted ? product.discount_price : product.price, 2)}</bdi>
          {discounted ? (
            <s className="muted">
              <bdi>{money(product.price, 2)}</bdi>
            </s>
          ) : null}
        </span>
        <span className="chat-product__rating muted">
          <span aria-hidden="true">★</span> {product.rating.toFixed(1)} (
          {t('product.reviews_count', { count: product.total_reviews })})
        </span>
      </span>
    </Link>
  );
}

function Bubble({
  message,
  mine,
  other,
  onRetry,
  onNavigate,
}: {
  message: ShownMessage;
  mine: boolean;
  other: { name: string; photo: string | null };
  onRetry(m: ShownMessage): void;
  onNavigate?(): void;
}) {
  const { t, locale } = useSite();
  return (
    <li
      className={`chat-msg ${mine ? 'chat-msg--mine' : 'chat-msg--theirs'}${message.state ? ` is-${message.state}` : ''}`}
      data-testid="chat-message"
      data-mine={mine ? '1' : '0'}
      data-id={message.id}
    >
      {mine ? null : <ChatAvatar src={other.photo} name={other.name} size={30} />}
      <div className="chat-msg__body">
        {message.product ? <ChatProductCard product={message.product} onNavigate={onNavigate} /> : null}
        {message.message ? (
          <p className="chat-msg__text" dir="auto" data-testid="chat-message-text">
            <MessageText text={message.message} />
          </p>
        ) : null}
        <span className="chat-msg__meta">
          {message.state === 'sending' ? (
            <span>{t('chat.sending')}</span>
          ) : message.state === 'failed' ? (
            <span className="chat-msg__failed" role="alert">
              {t('chat.failed')}{' '}
              <button type="button" className="chat-link-btn" onClick={() => onRetry(message)} data-testid="chat-retry">
                {t('chat.retry')}
              </button>
            </span>
          ) : (
            <time dateTime={message.created_at}>{formatMessageTime(message.created_at, locale)}</time>
          )}
        </span>
      </div>
    </li>
  );
}

/**
 * SPEC §4/§9: scrolling near the top (under `threshold` px) asks for the next older page after a
 * 500 ms debounce; after asking, the trigger stays off for 1 s.
 */
export function useTopTrigger(threshold: number, enabled: boolean, onTrigger: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const guard = useRef(false);
  const trigger = useRef(onTrigger);
  trigger.current = onTrigger;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (el: HTMLElement) => {
      if (!enabled || guard.current || el.scrollTop >= threshold) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        if (guard.current) return;
        guard.current = true;
        trigger.current();
        setTimeout(() => (guard.current = false), 1000);
      }, 500);
    },
    [enabled, threshold],
  );
}

/**
 * The messages of a conversation, oldest at the top and newest at the bottom. Opens scrolled to the
 * bottom; older pages come in above without moving what the reader sees; a new message scrolls into
 * view when the reader was at the bottom or sent it.
 */
export function MessageList({
  messages,
  state,
  olderState,
  hasMore,
  loadedAt,
  isMine,
  other,
  threshold,
  onOlder,
  onRetryOpen,
  onRetry,
  onNavigate,
  label,
}: {
  messages: ShownMessage[];
  state: LoadState;
  olderState: 'idle' | 'loading' | 'error';
  hasMore: boolean;
  loadedAt: number;
  isMine(m: ShownMessage): boolean;
  other: { name: string; photo: string | null };
  threshold: number;
  onOlder(): void;
  onRetryOpen(): void;
  onRetry(m: ShownMessage): void;
  onNavigate?(): void;
  label: string;
}) {
  const { t } = useSite();
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef({ first: 0, last: 0, height: 0, top: 0, loadedAt: -1 });
  const trigger = useTopTrigger(threshold, state === 'ready' && hasMore && olderState !== 'loading', onOlder);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const prev = last.current;
    const first = messages[0]?.id ?? 0;
    const lastMsg = messages.at(-1);
    const nearBottom = prev.height - prev.top - el.clientHeight < 80;
    if (first !== prev.first && prev.first !== 0 && messages.some((m) => m.id === prev.first)) {
      // Older messages came in above: keep the reader's place.
      el.scrollTop = el.scrollHeight - prev.height + prev.top;
    } else if (loadedAt !== prev.loadedAt || ((lastMsg?.id ?? 0) !== prev.last && (nearBottom || (lastMsg && isMine(lastMsg))))) {
      el.scrollTop = el.scrollHeight;
    }
    last.current = { first, last: lastMsg?.id ?? 0, height: el.scrollHeight, top: el.scrollTop, loadedAt };
  });

  let body: ReactNode;
  if (state === 'loading') {
    body = (
      <div className="chat-list__skeleton" aria-busy="true" data-testid="chat-loading">
        {[62, 40, 70, 48].map((w, i) => (
          <div key={i} className={`skeleton chat-skel ${i % 2 ? 'chat-skel--mine' : ''}`} style={{ width: `${w}%` }} />
        ))}
      </div>
    );
  } else if (state === 'error') {
    body = (
      <div className="chat-state" role="alert" data-testid="chat-error">
        <p>{t('chat.load_error')}</p>
        <button type="button" className="btn btn-sm" onClick={onRetryOpen}>
          {t('chat.retry')}
        </button>
      </div>
    );
  } else if (messages.length === 0) {
    body = (
      <div className="chat-state" data-testid="chat-empty">
        <ChatBubbleIcon size={36} />
        <p className="chat-state__title">{t('chat.empty')}</p>
        <p className="muted">{t('chat.empty_text')}</p>
      </div>
    );
  } else {
    body = (
      <>
        {olderState === 'loading' ? (
          <div className="chat-older" role="status" data-testid="chat-older-loading">
            <span className="spinner" aria-hidden="true" /> {t('chat.loading_older')}
          </div>
        ) : olderState === 'error' ? (
          <div className="chat-older" role="alert">
            {t('chat.older_error')}{' '}
            <button type="button" className="chat-link-btn" onClick={onOlder}>
              {t('chat.retry')}
            </button>
          </div>
        ) : null}
        <ol className="stack-list">
          {messages.map((m) => (
            <Bubble key={m.id} message={m} mine={isMine(m)} other={other} onRetry={onRetry} onNavigate={onNavigate} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div
      ref={ref}
      className="chat-list"
      onScroll={(e) => {
        last.current.top = e.currentTarget.scrollTop;
        trigger(e.currentTarget);
      }}
      role="log"
      aria-label={label}
      aria-live="polite"
      tabIndex={0}
      data-testid="chat-list"
    >
      {body}
    </div>
  );
}

export const MAX_MESSAGE_LENGTH = 2000;

/**
 * The textarea (SPEC §2): placeholder "Type a message", Enter sends, Shift+Enter starts a new line;
 * an empty message does nothing (SPEC §5). The input clears as soon as the message is on its way.
 */
export function Composer({
  onSend,
  sending,
  disabled,
  attachment,
  inputRef,
}: {
  onSend(text: string): void;
  sending: boolean;
  /** Nothing can be sent yet (the conversation is loading): typing already can. */
  disabled?: boolean;
  /** A product card waiting to go: it may go alone, without text. */
  attachment?: ReactNode;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useSite();
  const [text, setText] = useState('');
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const area = inputRef ?? ownRef;

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    // Not laid out yet (a dialog opening after its content mounts): keep the CSS height.
    if (el.scrollHeight > 0) el.style.height = `${Math.min(el.scrollHeight + 2, 140)}px`;
  }, [text, area]);

  const submit = () => {
    const value = text.trim();
    // While one message is on its way the next waits in the textarea (one send at a time).
    if ((!value && !attachment) || disabled || sending) return;
    onSend(value);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit();
      }}
      data-testid="chat-composer"
    >
      {attachment}
      <div className="chat-composer__row">
        <textarea
          ref={area}
          className="chat-composer__input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.message_label')}
          maxLength={MAX_MESSAGE_LENGTH}
          rows={1}
          dir="auto"
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="btn btn-primary chat-composer__send"
          disabled={disabled || (!text.trim() && !attachment)}
          aria-label={t('chat.send')}
          aria-busy={sending || undefined}
          data-testid="chat-send"
        >
          {sending ? <span className="spinner" aria-hidden="true" /> : <SendIcon size={18} className="chat-send-icon" />}
        </button>
      </div>
    </form>
  );
}

/** The product a chat was opened from, going with the next message (removable). */
export function ProductAttachment({ product, onRemove }: { product: ChatProduct; onRemove(): void }) {
  const { t, money } = useSite();
  const price = product.discount_price > 0 ? product.discount_price : product.price;
  return (
    <div className="chat-attach" data-testid="chat-attachment">
      <Img src={product.thumbnail} alt="" width={40} height={40} className="chat-attach__img" />
      <span className="chat-attach__text">
        <span className="muted chat-attach__label">{t('chat.about_product')}</span>
        <span className="chat-attach__name">{product.name}</span>
        <bdi className="chat-attach__price">{money(price, 2)}</bdi>
      </span>
      <button type="button" className="icon-btn chat-attach__remove" onClick={onRemove} aria-label={t('chat.remove_product')}>
        <Svg size={16}>
          <path d="M6 6l12 12M18 6L6 18" />
        </Svg>
      </button>
    </div>
  );
}
