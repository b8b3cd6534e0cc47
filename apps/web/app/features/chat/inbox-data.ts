import type { PageAnswer } from './pages';

/**
 * What an inbox page loads (the customer's /massages, the seller's /seller/messages; decision 036): its
 * address says what it shows — `search`, how many pages of the list (`page`: more come in on scroll) and
 * the conversation open (`shop` or `user`) — and its client loader reads the list and that
 * conversation's page 1 together. A realtime message or a message sent runs the loader again.
 */

/** One page of an inbox's conversations as the API answers it. */
export interface InboxPage<T> {
  data: T[];
  total: number;
}

/** The list as the loader answers it: the first pages for the search, or the reason it failed. */
export type ListAnswer<T> = { items: T[]; total: number; error?: undefined } | { items: T[]; total: number; error: string };

export interface InboxData<T> {
  list: ListAnswer<T>;
  /** Page 1 of the open conversation (null: none open). */
  conversation: PageAnswer | null;
}

/** What the address asks for. */
export interface InboxQuery {
  search: string;
  /** Pages of the list shown (1 and up). */
  pages: number;
  /** The other party of the open conversation. */
  open: number | null;
}

/** The largest page the chat calls give (packages/contracts chat.ts: per_page ≤ 100). */
export const MAX_PER_PAGE = 100;
/** A list may be scrolled to this many pages; an address asking more gets these. */
export const MAX_PAGES = 50;

const positive = (v: string | null) => {
  const n = Math.trunc(Number(v));
  return Number.isFinite(n) && n > 0 ? n : null;
};

export function inboxQuery(params: URLSearchParams, party: string): InboxQuery {
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    pages: Math.min(positive(params.get('page')) ?? 1, MAX_PAGES),
    open: positive(params.get(party)),
  };
}

export function inboxHref(path: string, party: string, q: InboxQuery): string {
  const params = new URLSearchParams();
  if (q.search) params.set('search', q.search);
  if (q.pages > 1) params.set('page', String(q.pages));
  if (q.open !== null) params.set(party, String(q.open));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * The first `pages` pages of `perPage` rows, in as few calls as the API's largest page allows (one up to
 * five pages), each conversation once (one that moved up between two calls is kept where it came first).
 */
export async function loadFirstPages<T>(
  load: (q: { search: string; page: number; perPage: number }) => Promise<InboxPage<T>>,
  q: { search: string; pages: number; perPage: number; keyOf(item: T): number },
): Promise<InboxPage<T>> {
  const want = q.pages * q.perPage;
  const size = Math.min(want, MAX_PER_PAGE);
  const first = await load({ search: q.search, page: 1, perPage: size });
  const calls = Math.ceil(Math.min(want, first.total) / size);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, calls - 1) }, (_, i) => load({ search: q.search, page: i + 2, perPage: size })),
  );
  const byKey = new Map<number, T>();
  for (const item of [first, ...rest].flatMap((p) => p.data)) if (!byKey.has(q.keyOf(item))) byKey.set(q.keyOf(item), item);
  return { data: [...byKey.values()].slice(0, want), total: first.total };
}

/**
 * An inbox page's loader: the list and the open conversation's page 1 at once. Reading page 1 marks
 * that conversation read, so its row is shown read (`markRead`) even when the list was read a moment
 * before. A failure of either is shown where it happened, with its retry.
 */
export async function loadInbox<T>(
  request: Request,
  o: {
    party: string;
    perPage: number;
    keyOf(item: T): number;
    markRead(item: T): T;
    list(q: { search: string; page: number; perPage: number }, signal: AbortSignal): Promise<InboxPage<T>>;
    page(open: number, signal: AbortSignal): Promise<PageAnswer>;
  },
): Promise<InboxData<T>> {
  const q = inboxQuery(new URL(request.url).searchParams, o.party);
  const [list, conversation] = await Promise.all([
    loadFirstPages((p) => o.list(p, request.signal), { ...q, perPage: o.perPage, keyOf: o.keyOf }).then(
      (res): ListAnswer<T> => ({ items: res.data, total: res.total }),
      (e: unknown): ListAnswer<T> => {
        if (!request.signal.aborted) console.warn('conversation list failed', e);
        return { items: [], total: 0, error: e instanceof Error ? e.message : String(e) };
      },
    ),
    q.open === null ? null : o.page(q.open, request.signal),
  ]);
  const read = conversation?.messages ? q.open : null;
  return {
    list: read === null ? list : { ...list, items: list.items.map((c) => (o.keyOf(c) === read ? o.markRead(c) : c)) },
    conversation,
  };
}
