import { useEffect } from 'react';
import { useNavigate, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { useConversation, useCountAfter, type ShownMessage } from './conversation';
import { ConversationList, ConversationPane, InboxShell, NoSelection, type InboxEntry, type ListState } from './inbox';
import { inboxHref, inboxQuery, type InboxData, type InboxQuery } from './inbox-data';
import { useSearchBox } from './search-box';
import type { ChatMessage, ChatProduct } from './types';

/** What a chat screen hears: a message for this side of the chat, or a reconnection. */
export type InboxEvent = { kind: 'message'; message: ChatMessage | null } | { kind: 'reconnect' };

/** A conversation of an inbox's list. */
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
 * One side of the chat (the customer's shops, the seller's customers): its page's data and address,
 * where older pages and the unread count load from, and how its conversations name the other party.
 */
export interface InboxScreenProps<T extends InboxConversation, P extends { id: number }> {
  /** The page's loader data (inbox-data.ts loadInbox). */
  data: InboxData<T>;
  /** The page's path (its action sends) and the address parameter naming the open conversation's other party. */
  path: string;
  party: string;
  perPage: number;
  conversationOf(id: number): string;
  olderHref(id: number, page: number): string;
  /** The unread count's keyed fetcher, loaded again after page 1 has been read. */
  unread: { key: string; path: string };
  /** Realtime messages and reconnections of this side (a module function: its identity must not change). */
  onEvent(listener: (e: InboxEvent) => void): () => void;
  keyOf(c: T): number;
  /** The other party of a conversation in the list, and of a message. */
  partyOf(c: T): P;
  partyOfMessage(m: ChatMessage): P;
  /** A row of the list (its key is the other party's id). */
  entryOf(c: T): InboxEntry;
  who(party: P): { name: string; photo: string | null };
  online(entry: T | undefined, newest: ShownMessage | undefined): boolean;
  /** A message of this side to `party`, as it shows while being sent. */
  draft(party: P, text: string, product: ChatProduct | null): Omit<ChatMessage, 'id'>;
  /** Which messages are this side's own. */
  mine: ChatMessage['type'];
  texts: InboxTexts;
  testId: string;
  headingId: string;
}

/**
 * An inbox screen (SPEC §4): the searchable list of conversations beside the open conversation, all of it
 * named by the address (`?search=&page=&<party>=`) and read by the page's loader. Typing a search,
 * scrolling the list, choosing a conversation are navigations (the new choice shows at once, loading);
 * a message sent (the page's action) and each realtime event load the page again, and the unread count
 * follows each read of page 1.
 */
export function InboxScreen<T extends InboxConversation, P extends { id: number }>(props: InboxScreenProps<T, P>) {
  const { data, path, party, keyOf, onEvent } = props;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const shown = inboxQuery(params, party);
  const coming = navigation.location?.pathname === path ? inboxQuery(new URLSearchParams(navigation.location.search), party) : null;
  const open = (coming ?? shown).open;

  const go = (q: Partial<InboxQuery>, replace = false) =>
    void navigate(inboxHref(path, party, { ...shown, ...q }), { replace, preventScrollReset: true });
  const search = useSearchBox(shown.search, (s) => go({ search: s, pages: 1 }, true));

  // SPEC §4: on the chat screens a message (or the connection back) refreshes the conversation, the list and the count.
  useEffect(() => onEvent(() => void revalidate()), [onEvent, revalidate]);
  useCountAfter(data.conversation, props.unread);

  const items = data.list.items;
  const activeEntry = open === null ? undefined : items.find((c) => keyOf(c) === open);
  const answer = open !== null && data.conversation?.of === props.conversationOf(open) ? data.conversation : null;
  const firstMessage = answer?.messages?.[0];
  const active = activeEntry ? props.partyOf(activeEntry) : firstMessage ? props.partyOfMessage(firstMessage) : null;

  const conv = useConversation({
    of: active ? props.conversationOf(active.id) : null,
    to: active?.id ?? null,
    first: data.conversation,
    perPage: props.perPage,
    olderHref: (p) => props.olderHref(active?.id ?? 0, p),
    sendTo: { action: path },
    draft: (text, product) => props.draft(active!, text, product),
  });
  const newest = [...conv.messages].reverse().find((m) => m.id > 0);

  const state: ListState =
    coming && coming.search !== shown.search ? 'loading' : data.list.error !== undefined ? 'error' : 'ready';
  const { texts } = props;

  return (
    <InboxShell
      open={Boolean(active)}
      testId={props.testId}
      list={
        <ConversationList
          entries={items.map(props.entryOf)}
          selected={open}
          onSelect={(e) => go({ open: e.key })}
          state={state}
          hasMore={items.length < data.list.total}
          loadingMore={Boolean(coming && coming.search === shown.search && coming.pages > shown.pages)}
          onMore={() => go({ pages: shown.pages + 1 }, true)}
          onRetry={() => void revalidate()}
          search={search.text}
          onSearch={search.onChange}
          searchLabel={texts.searchLabel}
          emptyTitle={texts.emptyTitle}
          emptyText={texts.emptyText}
          noMatch={texts.noMatch(shown.search)}
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
            onRetryOpen={() => void revalidate()}
            onBack={() => go({ open: null })}
            headingId={props.headingId}
          />
        ) : (
          <NoSelection title={texts.noneTitle} text={texts.noneText} />
        )
      }
    />
  );
}
