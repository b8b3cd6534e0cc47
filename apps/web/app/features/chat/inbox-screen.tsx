import { useEffect } from 'react';
import { useSite } from '~/shared/site';
import { useConversation, type ConversationSource, type ShownMessage } from './conversation';
import { ConversationList, ConversationPane, InboxShell, NoSelection, type InboxEntry } from './inbox';
import { useInboxList, type InboxPage } from './inbox-list';
import type { ChatMessage } from './types';

/** What a chat screen hears: a message for this side of the chat, or a reconnection. */
export type InboxEvent = { kind: 'message'; message: ChatMessage | null } | { kind: 'reconnect' };

/** A conversation of an inbox's list: its last message moves it to the top. */
export interface InboxConversation {
  last_message: string | null;
  last_message_time: string | null;
}

/** The words of one side's inbox. */
export interface InboxTexts {
  searchLabel: string;
  emptyTitle: string;
  emptyText: string;
  noMatch(search: string): string;
  label: string;
  noneTitle: string;
  noneText: string;
}

/**
 * One side of the chat (the customer's shops, the seller's customers): how its conversations name the
 * other party, and the calls and channels that side uses. The functions that load, reload the count
 * and subscribe must keep their identity (module functions or useCallback).
 */
export interface InboxScreenProps<T extends InboxConversation, P extends { id: number }> {
  load(query: { search: string; page: number }, signal?: AbortSignal): Promise<InboxPage<T>>;
  perPage: number;
  /** Named in the console when a page of the list fails. */
  what: string;
  /** The other party of the open conversation, and how to open or close one. */
  active: P | null;
  setActive(party: P | null): void;
  /** The open conversation's calls (null while none is open). */
  source: ConversationSource | null;
  /** The other party's id in a conversation of the list (a module function: its identity must not change). */
  keyOf(c: T): number;
  /** The other party of a conversation in the list, and the id of a message's other party. */
  partyOf(c: T): P;
  messagePartyId(m: ChatMessage): number;
  /** A row of the list (its key is the other party's id). */
  entryOf(c: T): InboxEntry;
  /** The conversation with its unread count at zero. */
  markRead(c: T): T;
  reloadUnread(locale: string): Promise<void>;
  onEvent(listener: (e: InboxEvent) => void): () => void;
  /** After a message has been sent (the sender's last seen). */
  onSent(): void;
  who(party: P): { name: string; photo: string | null };
  online(entry: T | undefined, newest: ShownMessage | undefined): boolean;
  /** Which messages are this side's own. */
  mine: ChatMessage['type'];
  texts: InboxTexts;
  testId: string;
  headingId: string;
}

/**
 * An inbox screen (SPEC §4): the searchable list of conversations (useInboxList) beside the open
 * conversation. Selecting one marks it read; a message that arrives refreshes the open conversation,
 * page 1 of the list and the unread count; one sent moves its conversation to the top.
 */
export function InboxScreen<T extends InboxConversation, P extends { id: number }>(props: InboxScreenProps<T, P>) {
  const { locale } = useSite();
  const { load, perPage, what, keyOf, active, setActive, source, partyOf, markRead, reloadUnread, onEvent, texts } = props;
  const list = useInboxList({ load, perPage, keyOf, what });
  const { items, setItems, refreshFirstPage } = list;
  const conv = useConversation(source);
  const { refresh } = conv;
  const activeId = active?.id ?? null;

  // Opening a conversation reads its page 1, which marks it read: the count goes to zero, the badge follows.
  useEffect(() => {
    if (conv.state === 'ready' && conv.loadedAt === 1) void reloadUnread(locale);
  }, [conv.state, conv.loadedAt, locale, reloadUnread]);

  // SPEC §4: on the chat screens a message refreshes the conversation, the list and the unread count.
  const messagePartyId = props.messagePartyId;
  useEffect(
    () =>
      onEvent((e) => {
        void (async () => {
          if (activeId !== null && (e.kind === 'reconnect' || (e.message && messagePartyId(e.message) === activeId))) {
            await refresh();
          }
          await refreshFirstPage((c) => (keyOf(c) === activeId ? markRead(c) : c));
          await reloadUnread(locale);
        })();
      }),
    // markRead and messagePartyId read fields of their argument only: their identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [activeId, refresh, locale, refreshFirstPage, onEvent, reloadUnread, keyOf],
  );

  const activeEntry = items.find((c) => keyOf(c) === activeId);
  const newest = [...conv.messages].reverse().find((m) => m.id > 0);

  const send = (text: string) => {
    void conv.send(text, null).then((sent) => {
      if (!sent) return;
      props.onSent();
      setItems((shown) => {
        const entry = shown.find((c) => keyOf(c) === activeId);
        if (!entry) return shown;
        const moved = { ...entry, last_message: text, last_message_time: new Date().toISOString() };
        return [moved, ...shown.filter((c) => c !== entry)];
      });
    });
  };

  return (
    <InboxShell
      open={Boolean(active)}
      testId={props.testId}
      list={
        <ConversationList
          entries={items.map(props.entryOf)}
          selected={activeId}
          onSelect={(e) => {
            const found = items.find((c) => keyOf(c) === e.key);
            if (!found) return;
            setActive(partyOf(found));
            setItems((shown) => shown.map((c) => (keyOf(c) === e.key ? markRead(c) : c)));
          }}
          state={list.state}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          onMore={list.more}
          onRetry={list.retry}
          search={list.query}
          onSearch={list.setQuery}
          searchLabel={texts.searchLabel}
          emptyTitle={texts.emptyTitle}
          emptyText={texts.emptyText}
          noMatch={texts.noMatch(list.search)}
          label={texts.label}
        />
      }
      pane={
        active ? (
          <ConversationPane
            who={props.who(active)}
            online={props.online(activeEntry, newest)}
            conv={conv}
            isMine={(m) => m.type === props.mine}
            onSend={send}
            onBack={() => setActive(null)}
            headingId={props.headingId}
          />
        ) : (
          <NoSelection title={texts.noneTitle} text={texts.noneText} />
        )
      }
    />
  );
}
