import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatProduct } from './types';

/**
 * One conversation as a chat screen shows it (SPEC §4): page 1 on opening, older pages on demand
 * (the screen's scroll trigger), a refresh of page 1 when something arrives, and sending that shows
 * the message at once. Used by the customer's sidebar and Messages screen and by the seller's inbox,
 * each with its own calls.
 */
export interface ConversationSource {
  /** Changes when the conversation does (shop id, customer id): everything reloads. */
  key: string;
  /** One page, newest first. */
  load(page: number, signal: AbortSignal): Promise<ChatMessage[]>;
  send(text: string, product: ChatProduct | null): Promise<ChatMessage>;
  /** Builds the message shown while it is being sent. */
  draft(text: string, product: ChatProduct | null): Omit<ChatMessage, 'id'>;
  /** Page size: a shorter page is the last one. */
  perPage: number;
}

/** A message on screen: the server's, or one being sent (negative id) or that failed to send. */
export type ShownMessage = ChatMessage & { state?: 'sending' | 'failed'; retry?: { text: string; product: ChatProduct | null } };

/** Oldest first, each id once; a server copy replaces the one shown. */
export function mergeMessages(shown: ShownMessage[], incoming: ChatMessage[]): ShownMessage[] {
  const byId = new Map<number, ShownMessage>();
  for (const m of shown) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => {
    // Messages being sent stay last, in the order they were typed.
    if ((a.id < 0) !== (b.id < 0)) return a.id < 0 ? 1 : -1;
    if (a.id < 0) return b.id - a.id;
    const t = Date.parse(a.created_at) - Date.parse(b.created_at);
    return t !== 0 ? t : a.id - b.id;
  });
}

export type LoadState = 'loading' | 'ready' | 'error';

let draftIds = 0;

export function useConversation(source: ConversationSource | null) {
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [state, setState] = useState<LoadState>('loading');
  const [olderState, setOlderState] = useState<'idle' | 'loading' | 'error'>('idle');
  const [hasMore, setHasMore] = useState(false);
  /** Bumped when page 1 was (re)loaded: the list scrolls to the bottom. */
  const [loadedAt, setLoadedAt] = useState(0);
  const page = useRef(1);
  const src = useRef(source);
  src.current = source;
  const key = source?.key ?? null;

  const loadFirst = useCallback(async (signal: AbortSignal, mode: 'open' | 'refresh') => {
    const s = src.current;
    if (!s) return;
    if (mode === 'open') setState('loading');
    try {
      const first = await s.load(1, signal);
      if (signal.aborted) return;
      if (mode === 'open') {
        page.current = 1;
        setHasMore(first.length >= s.perPage);
        setMessages(mergeMessages([], first));
      } else {
        setMessages((shown) => mergeMessages(shown, first));
      }
      setState('ready');
      setLoadedAt((n) => n + 1);
    } catch (error) {
      if (signal.aborted) return;
      if (mode === 'open') setState('error');
      else console.warn('chat refresh failed', error);
    }
  }, []);

  useEffect(() => {
    setMessages([]);
    setHasMore(false);
    setOlderState('idle');
    if (key === null) return;
    const ctrl = new AbortController();
    void loadFirst(ctrl.signal, 'open');
    return () => ctrl.abort();
  }, [key, loadFirst]);

  const refreshCtrl = useRef<AbortController | null>(null);
  /** Page 1 again, merged into what is shown (a message arrived, or the connection came back). */
  const refresh = useCallback(() => {
    refreshCtrl.current?.abort();
    const ctrl = new AbortController();
    refreshCtrl.current = ctrl;
    return loadFirst(ctrl.signal, 'refresh');
  }, [loadFirst]);
  const retryOpen = useCallback(() => {
    const ctrl = new AbortController();
    void loadFirst(ctrl.signal, 'open');
  }, [loadFirst]);

  const olderBusy = useRef(false);
  /** The next older page; loading stops when a page comes back empty (SPEC §4) or short. */
  const loadOlder = useCallback(async () => {
    const s = src.current;
    if (!s || olderBusy.current) return;
    olderBusy.current = true;
    setOlderState('loading');
    const forKey = s.key;
    try {
      const next = page.current + 1;
      const older = await s.load(next, new AbortController().signal);
      if (src.current?.key !== forKey) return;
      page.current = next;
      if (older.length < s.perPage) setHasMore(false);
      setMessages((shown) => mergeMessages(shown, older));
      setOlderState('idle');
    } catch (error) {
      console.warn('older messages failed', error);
      if (src.current?.key === forKey) setOlderState('error');
    } finally {
      olderBusy.current = false;
    }
  }, []);

  const [sending, setSending] = useState(false);
  /** Shows the message at once, then swaps in the server's copy, or marks it failed (SPEC §8: nothing restored). */
  const send = useCallback(async (text: string, product: ChatProduct | null): Promise<boolean> => {
    const s = src.current;
    if (!s) return false;
    const id = -++draftIds;
    const shown: ShownMessage = { ...s.draft(text, product), id, state: 'sending' };
    setMessages((list) => mergeMessages(list, [shown]));
    setSending(true);
    try {
      const saved = await s.send(text, product);
      setMessages((list) => mergeMessages(list.filter((m) => m.id !== id), [saved]));
      return true;
    } catch (error) {
      console.warn('send failed', error);
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, state: 'failed', retry: { text, product } } : m)));
      return false;
    } finally {
      setSending(false);
    }
  }, []);

  /** Sends a failed message again (the retry button on its bubble). */
  const resend = useCallback(
    (failed: ShownMessage) => {
      if (!failed.retry) return;
      setMessages((list) => list.filter((m) => m.id !== failed.id));
      void send(failed.retry.text, failed.retry.product);
    },
    [send],
  );

  return { messages, state, olderState, hasMore, loadedAt, refresh, retryOpen, loadOlder, send, resend, sending };
}
