import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useOnAnswer } from '~/shared/ui/form';
import { readSend, sendFields, type PageAnswer, type SendAnswer } from './pages';
import type { ChatMessage, ChatProduct } from './types';

/**
 * One conversation as a chat screen shows it (SPEC §4, decisions 020 and 036), for the customer's sidebar
 * and Messages screen and the seller's inbox. Page 1 comes from the screen's loader (or the sidebar's
 * fetcher) and is the truth: each answer is merged by id into what is shown. Older pages are a fetcher's
 * load of a resource route, merged the same way. Sending is an action submitted by a fetcher: the message
 * shows at once ("Sending…", from the fetcher's form data) until page 1 is read again with it.
 */

/** A message on screen: the server's, or one being sent (negative id) or that failed to send. */
export type ShownMessage = ChatMessage & { state?: 'sending' | 'failed'; retry?: { text: string; product: ChatProduct | null } };

/** Oldest first, each id once; a server copy replaces the one shown. */
export function mergeMessages(shown: ShownMessage[], incoming: ShownMessage[]): ShownMessage[] {
  const byId = new Map<number, ShownMessage>();
  for (const m of shown) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => {
    // Messages being sent stay last, in the order they were typed.
    if (a.id < 0 !== b.id < 0) return a.id < 0 ? 1 : -1;
    if (a.id < 0) return b.id - a.id;
    const t = Date.parse(a.created_at) - Date.parse(b.created_at);
    return t !== 0 ? t : a.id - b.id;
  });
}

export type LoadState = 'loading' | 'ready' | 'error';

/** What a conversation has shown so far: the answers merged (each once), and where its pages stand. */
export interface MessageLog {
  of: string | null;
  /** The last page 1 and older page merged: a new answer is merged once. */
  first?: PageAnswer;
  older?: PageAnswer;
  messages: ShownMessage[];
  /** Page 1 read ('yes'), only failed so far ('failed'), or not answered yet. */
  read: 'no' | 'failed' | 'yes';
  /** Pages merged (1 and the older ones after it), and whether a full last page says there may be more. */
  pages: number;
  hasMore: boolean;
  olderFailed: boolean;
  /** Bumped when page 1 is first shown: the list scrolls to the bottom. */
  opened: number;
}

export const emptyLog = (of: string | null, ignore: { first?: PageAnswer; older?: PageAnswer } = {}): MessageLog => ({
  of,
  ...ignore,
  messages: [],
  read: 'no',
  pages: 0,
  hasMore: false,
  olderFailed: false,
  opened: 0,
});

/**
 * The log with one more answer merged: page 1 (the first read opens the conversation; later ones add
 * what arrived), or the next older page (another page is late and left out; a short one is the last).
 */
export function withPage(log: MessageLog, answer: PageAnswer, perPage: number): MessageLog {
  if (answer.of !== log.of) return log;
  const { messages } = answer;
  if (answer.page === 1) {
    if (!messages) return log.read === 'yes' ? log : { ...log, read: 'failed' };
    const merged = mergeMessages(log.messages, messages);
    if (log.read === 'yes') return { ...log, messages: merged };
    return { ...log, messages: merged, read: 'yes', pages: 1, hasMore: messages.length >= perPage, opened: log.opened + 1 };
  }
  if (answer.page !== log.pages + 1) return log;
  if (!messages) return { ...log, olderFailed: true };
  return {
    ...log,
    messages: mergeMessages(log.messages, messages),
    pages: answer.page,
    hasMore: messages.length >= perPage,
    olderFailed: false,
  };
}

let draftIds = 0;

export interface ConversationOptions {
  /** The conversation (null: none open), and the other party's id that messages are sent to. */
  of: string | null;
  to: number | null;
  /** Page 1 as the screen's loader or fetcher answered it (possibly of another conversation). */
  first: PageAnswer | null | undefined;
  perPage: number;
  /** Where an older page is loaded (a resource route). */
  olderHref(page: number): string;
  /** Where a message is sent: the page's action, or a resource route's (which says who reloads after it). */
  sendTo: { action: string; defaultShouldRevalidate?: boolean };
  /** The message shown while it is being sent, and the product a product id sent names. */
  draft(text: string, product: ChatProduct | null): Omit<ChatMessage, 'id'>;
  productOf?(id: number | null): ChatProduct | null;
}

export function useConversation(o: ConversationOptions) {
  const older = useFetcher<PageAnswer>();
  const sender = useFetcher<SendAnswer>();

  // The log follows its answers as they come (state adjusted while rendering: no effect, no extra frame).
  const [log, setLog] = useState(() => emptyLog(o.of, { older: older.data }));
  let current = log.of === o.of ? log : emptyLog(o.of, { older: older.data });
  if (o.first && o.first !== current.first) current = withPage({ ...current, first: o.first }, o.first, o.perPage);
  if (older.data && older.data !== current.older) current = withPage({ ...current, older: older.data }, older.data, o.perPage);
  if (current !== log) setLog(current);

  // Messages that failed to send stay, marked, with Try again (SPEC §8: nothing is put back in the input).
  const [failed, setFailed] = useState<Array<{ to: number; message: ShownMessage }>>([]);
  useOnAnswer(sender.data, (answer) => {
    if (answer.ok) return;
    const product = o.productOf?.(answer.productId) ?? null;
    const message: ShownMessage = {
      ...o.draft(answer.text, product),
      id: -++draftIds,
      state: 'failed',
      retry: { text: answer.text, product },
    };
    setFailed((list) => [...list, { to: answer.to, message }]);
  });

  // The message on its way: the fetcher's form data, until page 1 has been read again with it.
  const busy = sender.state !== 'idle';
  const form = sender.state === 'submitting' || (sender.state === 'loading' && sender.data?.ok) ? sender.formData : undefined;
  const pending = form ? readSend(form) : null;
  const extra = failed.filter((f) => f.to === o.to).map((f) => f.message);
  if (pending && pending.to === o.to) {
    const product = o.productOf?.(pending.productId) ?? null;
    extra.push({ ...o.draft(pending.text, product), id: Number.MIN_SAFE_INTEGER, state: 'sending' });
  }
  const messages = extra.length ? mergeMessages(current.messages, extra) : current.messages;

  const send = (text: string, product: ChatProduct | null) => {
    if (busy || o.to === null) return;
    void sender.submit(sendFields(o.to, text, product), { method: 'post', ...o.sendTo });
  };

  return {
    messages,
    state: (current.read === 'yes' ? 'ready' : current.read === 'failed' ? 'error' : 'loading') as LoadState,
    olderState: older.state !== 'idle' ? ('loading' as const) : current.olderFailed ? ('error' as const) : ('idle' as const),
    hasMore: current.hasMore,
    loadedAt: current.opened,
    sending: busy,
    /** The next older page (SPEC §4: loading stops after a short or empty page). */
    loadOlder() {
      if (older.state === 'idle' && current.read === 'yes' && current.hasMore) void older.load(o.olderHref(current.pages + 1));
    },
    send,
    /** Sends a failed message again (the Try again button on its bubble). */
    resend(m: ShownMessage) {
      if (!m.retry || busy) return;
      setFailed((list) => list.filter((f) => f.message.id !== m.id));
      send(m.retry.text, m.retry.product);
    },
  };
}

export type Conversation = ReturnType<typeof useConversation>;

/**
 * Loads a session-wide count again (its keyed fetcher, `key`, from `path`) after each answer that read
 * a conversation's page 1: reading it marks the other side's messages read, and the badge follows.
 */
export function useCountAfter(answer: PageAnswer | null | undefined, count: { key: string; path: string }) {
  const { load } = useFetcher({ key: count.key });
  const read = answer?.messages ? answer : null;
  useEffect(() => {
    if (read) void load(count.path);
  }, [read, load, count.path]);
}

