import { useRef, type ReactNode } from 'react';
import { useSite } from '~/shared/site';
import { SearchIcon } from '~/shared/ui/icons';
import type { Conversation } from './conversation';
import { ChatBubbleIcon } from './icons';
import { ChatAvatar, Composer, MessageList, PresencePill } from './message-view';
import { formatClock, formatDay, formatMessageTime } from './time';
import type { ChatMessage } from './types';

/** SPEC §9: the Messages screen asks for older messages under 300 px from the top. */
export const INBOX_OLDER_THRESHOLD = 300;
/** SPEC §9: the shop list asks for its next page under 300 px from its end, and re-arms past 400 px. */
export const LIST_MORE_THRESHOLD = 300;
export const LIST_REARM_THRESHOLD = 400;

/** A conversation list's time: the clock for today (Oman time), else the day; the full time on hover. */
export function ListTime({ value }: { value: string | null }) {
  const { locale } = useSite();
  if (!value) return null;
  if (Number.isNaN(Date.parse(value))) return <span className="inbox-item__time">{value}</span>;
  const today = formatDay(new Date().toISOString(), locale) === formatDay(value, locale);
  return (
    <time className="inbox-item__time" dateTime={value} title={formatMessageTime(value, locale)}>
      {today ? formatClock(value, locale) : formatDay(value, locale)}
    </time>
  );
}

export interface InboxEntry {
  key: number;
  name: string;
  photo: string | null;
  last: string | null;
  time: string | null;
  unread: number;
}

export type ListState = 'loading' | 'ready' | 'error';

/**
 * A searchable list of conversations (the customer's shops, the seller's customers): name, last
 * message, time and unread count; the next page when scrolled near its end.
 */
export function ConversationList({
  entries,
  selected,
  onSelect,
  state,
  hasMore,
  loadingMore,
  onMore,
  onRetry,
  search,
  onSearch,
  searchLabel,
  emptyTitle,
  emptyText,
  noMatch,
  label,
}: {
  entries: InboxEntry[];
  selected: number | null;
  onSelect(entry: InboxEntry): void;
  state: ListState;
  hasMore: boolean;
  loadingMore: boolean;
  onMore(): void;
  onRetry(): void;
  search: string;
  onSearch(value: string): void;
  searchLabel: string;
  emptyTitle: string;
  emptyText: string;
  noMatch: string;
  label: string;
}) {
  const { t } = useSite();
  const armed = useRef(true);
  const onScroll = (el: HTMLElement) => {
    const fromEnd = el.scrollHeight - el.scrollTop - el.clientHeight;
    if (fromEnd > LIST_REARM_THRESHOLD) armed.current = true;
    if (armed.current && fromEnd < LIST_MORE_THRESHOLD && hasMore && !loadingMore && state === 'ready') {
      armed.current = false;
      onMore();
    }
  };
  return (
    <div className="inbox-list">
      <div className="inbox-search">
        <SearchIcon size={18} />
        <input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={searchLabel}
          aria-label={searchLabel}
          maxLength={100}
          data-testid="inbox-search"
        />
      </div>
      <div className="inbox-list__scroll" onScroll={(e) => onScroll(e.currentTarget)} data-testid="inbox-list">
        {state === 'loading' ? (
          <ListSkeleton />
        ) : state === 'error' && entries.length === 0 ? (
          <div className="chat-state" role="alert">
            <p>{t('chat.list_error')}</p>
            <button type="button" className="btn btn-sm" onClick={onRetry}>
              {t('chat.retry')}
            </button>
          </div>
        ) : entries.length === 0 ? (
          <div className="chat-state" data-testid="inbox-empty">
            <ChatBubbleIcon size={32} />
            <p className="chat-state__title">{search.trim() ? noMatch : emptyTitle}</p>
            {search.trim() ? null : <p className="muted">{emptyText}</p>}
          </div>
        ) : (
          <ul className="inbox-items" aria-label={label}>
            {entries.map((e) => (
              <li key={e.key}>
                <button
                  type="button"
                  className={`inbox-item${selected === e.key ? ' is-selected' : ''}`}
                  aria-current={selected === e.key ? 'true' : undefined}
                  onClick={() => onSelect(e)}
                  data-testid="inbox-item"
                  data-key={e.key}
                >
                  <ChatAvatar src={e.photo} name={e.name} size={44} />
                  <span className="inbox-item__text">
                    <span className="inbox-item__top">
                      <bdi className="inbox-item__name">{e.name}</bdi>
                      <ListTime value={e.time} />
                    </span>
                    <span className="inbox-item__bottom">
                      <span className="inbox-item__last">{e.last ?? t('chat.no_messages_yet')}</span>
                      {e.unread > 0 ? (
                        <span className="badge" aria-label={t('account.unread', { count: e.unread })} data-testid="inbox-unread">
                          {e.unread}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {loadingMore ? (
          <div className="chat-older" role="status">
            <span className="spinner" aria-hidden="true" /> {t('chat.loading_more')}
          </div>
        ) : state === 'error' && entries.length > 0 ? (
          <div className="chat-older" role="alert">
            {t('chat.list_error')}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The conversation pane of an inbox: who, Online/Offline, the messages and the textarea. */
export function ConversationPane({
  who,
  online,
  conv,
  isMine,
  onRetryOpen,
  onBack,
  headingId,
}: {
  who: { name: string; photo: string | null };
  online: boolean;
  conv: Conversation;
  isMine(m: ChatMessage): boolean;
  onRetryOpen(): void;
  onBack(): void;
  headingId: string;
}) {
  const { t } = useSite();
  return (
    <section className="inbox-pane" aria-labelledby={headingId} data-testid="inbox-pane">
      <header className="inbox-pane__head">
        <button type="button" className="icon-btn inbox-pane__back" onClick={onBack} aria-label={t('chat.back')}>
          <span aria-hidden="true" className="inbox-pane__back-arrow">
            ‹
          </span>
        </button>
        <ChatAvatar src={who.photo} name={who.name} size={40} />
        <span className="chat-head__text">
          <h2 className="inbox-pane__name" id={headingId}>
            <bdi data-testid="inbox-pane-name">{who.name}</bdi>
          </h2>
          <PresencePill online={online} />
        </span>
      </header>
      <MessageList
        {...conv}
        isMine={isMine}
        other={who}
        threshold={INBOX_OLDER_THRESHOLD}
        onOlder={conv.loadOlder}
        onRetryOpen={onRetryOpen}
        onRetry={conv.resend}
        label={t('chat.conversation_with', { name: who.name })}
      />
      <Composer onSend={(text) => conv.send(text, null)} sending={conv.sending} disabled={conv.state !== 'ready'} />
    </section>
  );
}

/** No conversation open (SPEC §2): No User Selected / Please select a user to see their messages. */
export function NoSelection({ title, text }: { title: string; text: string }) {
  return (
    <section className="inbox-pane inbox-pane--none" data-testid="inbox-none">
      <div className="chat-state">
        <ChatBubbleIcon size={44} />
        <p className="chat-state__title">{title}</p>
        <p className="muted">{text}</p>
      </div>
    </section>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="inbox-list__skeleton">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="skeleton inbox-skel" />
      ))}
    </div>
  );
}

/** An inbox while its page loads (before hydration, the server's HTML): the list's skeleton beside an empty pane. */
export function InboxSkeleton() {
  return (
    <div className="inbox-wrap">
      <div className="inbox">
        <div className="inbox-list">
          <ListSkeleton />
        </div>
        <section className="inbox-pane inbox-pane--none" />
      </div>
    </div>
  );
}

/** The two panes side by side, or one at a time on a narrow screen (the open conversation wins). */
export function InboxShell({ list, pane, open, testId }: { list: ReactNode; pane: ReactNode; open: boolean; testId: string }) {
  return (
    <div className="inbox-wrap">
      <div className={`inbox${open ? ' is-open' : ''}`} data-testid={testId}>
        {list}
        {pane}
      </div>
    </div>
  );
}
